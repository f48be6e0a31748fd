import { Controller } from '@nestjs/common';
import { DOCUMENTS_GENERATE, DOCUMENTS_RENDER_REVISION, GenerateDocumentDto, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { DocumentsService } from './documents.service';

@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Handles(DOCUMENTS_GENERATE, { data: GenerateDocumentDto })
  generate({ principal, tenantId, id, data }: RpcRequest<typeof DOCUMENTS_GENERATE>) {
    return this.documents.generate(principal, tenantId, id, data);
  }

  /** Asked by quoting when it sends a quote: the revision it froze, rendered as given. */
  @Handles(DOCUMENTS_RENDER_REVISION)
  renderRevision(request: RpcRequest<typeof DOCUMENTS_RENDER_REVISION>) {
    return this.documents.renderRevision(request);
  }
}
