import { IsWholeNumberSetting, ServiceEnv, WithDocumentJobTimeout, WithFileStorage } from '@quotebook/server-core';
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

  /**
   * PDF and Word documents one agency may have under way at once (waiting for a worker or rendering);
   * a request past it is answered 429 at once, so no agency can fill the shared queue.
   */
  @IsWholeNumberSetting(1, 1000)
  DOCUMENT_AGENCY_PENDING_MAX = 20;
}
