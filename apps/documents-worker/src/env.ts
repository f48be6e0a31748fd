import { DEFAULT_STORAGE_DIR, toInt } from '@quotebook/server-core';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';

/** The document worker needs Redis (its queue), the shared file storage and Gotenberg; no database, no bus. */
export class DocumentsWorkerEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV = 'development';

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug', 'verbose'])
  LOG_LEVEL = 'log';

  @IsString()
  @IsNotEmpty()
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** The same value as the documents service's: the queue's keys carry it. */
  @IsString()
  REDIS_KEY_PREFIX = 'qb:';

  /** The shared file storage: the assets are read from it and the documents written to it. */
  @IsString()
  @IsNotEmpty()
  STORAGE_DIR = DEFAULT_STORAGE_DIR;

  /** Gotenberg 8 (or tools/gotenberg-dev): its base address, without `/forms/...`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  GOTENBERG_URL = 'http://127.0.0.1:3100';

  /** A conversion's limit: past it the attempt fails and the job is retried. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  GOTENBERG_TIMEOUT_MS = 20_000;

  /** Jobs one worker process renders at once. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(32)
  WORKER_CONCURRENCY = 2;
}
