import { Controller } from '@nestjs/common';
import { DOCUMENTS_GENERATE, GenerateDocumentDto, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { DocumentsService } from './documents.service';

@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Handles(DOCUMENTS_GENERATE, { data: GenerateDocumentDto })
  generate({ principal, tenantId, id, data }: RpcRequest<typeof DOCUMENTS_GENERATE>) {
    return this.documents.generate(principal, tenantId, id, data);
  }
}
