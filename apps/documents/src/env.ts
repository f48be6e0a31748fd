import { ServiceEnv, WithDocumentJobTimeout, WithFileStorage } from '@quotebook/server-core';
import { IsNotEmpty, IsString } from 'class-validator';

/**
 * Documents needs the bus (quotes, agencies and customers are asked of their services), its database,
 * Redis (the render queue besides the session state), the shared file storage and how long a render
 * may take.
 */
export class DocumentsEnv extends WithDocumentJobTimeout(WithFileStorage(ServiceEnv)) {
  /** The gateway's upload folder, read (never written) for the agency's logo. */
  @IsString()
  @IsNotEmpty()
  UPLOAD_DIR = 'var/uploads';
}
