import { IsWholeNumberSetting, ProcessEnv, WithFileStorage, WithRedis } from '@quotebook/server-core';
import { IsUrl } from 'class-validator';

/**
 * The document worker needs Redis (its queue, with the documents service's key prefix), the shared
 * file storage (the assets are read from it and the documents written to it) and Gotenberg; no
 * database, no bus.
 */
export class DocumentsWorkerEnv extends WithFileStorage(WithRedis(ProcessEnv)) {
  /** Gotenberg 8 (or tools/gotenberg-dev): its base address, without `/forms/...`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  GOTENBERG_URL = 'http://127.0.0.1:3100';

  /** A PDF conversion's limit: past it the attempt fails and the job is retried (Gotenberg may be overloaded). */
  @IsWholeNumberSetting(1000, 300_000)
  GOTENBERG_TIMEOUT_MS = 20_000;

  /** A Word conversion's limit: past it the conversion is stopped and the job fails for good (too complex). */
  @IsWholeNumberSetting(1000, 300_000)
  WORD_TIMEOUT_MS = 15_000;

  /** Jobs one worker process renders at once (and the Word converter's threads). */
  @IsWholeNumberSetting(1, 32)
  WORKER_CONCURRENCY = 2;

  /** Jobs of one agency rendered at once across every worker process: the others' jobs go first meanwhile. */
  @IsWholeNumberSetting(1, 32)
  DOCUMENT_AGENCY_CONCURRENCY = 1;
}
