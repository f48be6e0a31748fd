import { DEFAULT_STORAGE_DIR, ServiceEnv, toInt } from '@quotebook/server-core';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/**
 * Documents needs the bus (quotes, agencies and customers are asked of their services), its database,
 * Redis (the render queue besides the session state) and the shared file storage.
 */
export class DocumentsEnv extends ServiceEnv {
  /** The storage shared with the gateway and documents-worker: signatures, generated documents. */
  @IsString()
  @IsNotEmpty()
  STORAGE_DIR = DEFAULT_STORAGE_DIR;

  /** The gateway's upload folder, read (never written) for the agency's logo. */
  @IsString()
  @IsNotEmpty()
  UPLOAD_DIR = 'var/uploads';

  /** How long a PDF or Word document may take to render, its retries included, before the answer is 503. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(300_000)
  DOCUMENT_JOB_TIMEOUT_MS = 30_000;
}
