import { Body, Controller, HttpCode, NotFoundException, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENTS_GENERATE, GenerateDocumentDto } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { FileStorage, RpcClient } from '@quotebook/server-core';
import type { FastifyReply as Response } from 'fastify';
import { uuidParam } from '../common/params';
import { ErrorResponse } from '../openapi/error-response';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { BINARY, DocumentWaits } from './document-files';

/** The preview is a document of its own: no script, nothing fetched, its images inlined, framed apart. */
export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** A quote's document, for every user of the agency. */
@ApiTags('quotes')
@Controller('tenants/:tenantId/quotes')
export class QuoteDocumentsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: FileStorage,
    private readonly waits: DocumentWaits,
  ) {}

  @Post(':quoteId/generate-document')
  @HttpCode(200)
  @ApiOperation({ summary: 'The quote in a layout: the preview as HTML, or the PDF or Word file as an attachment (preventivo-XXXXXX.pdf / .docx).' })
  @ApiOkResponse({
    description: 'format preview: the HTML page; pdf and word: the file',
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/pdf': BINARY,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': BINARY,
    },
  })
  @ApiResponse({ status: 413, type: ErrorResponse, description: "DOCUMENT_TOO_LARGE: the layout's templates together are more than a document may print" })
  @ApiResponse({ status: 422, type: ErrorResponse, description: 'DOCUMENT_TOO_COMPLEX: the converter failed on the document or took longer than its limit' })
  @ApiResponse({ status: 429, type: ErrorResponse, description: 'DOCUMENTS_BUSY: the agency already has as many PDF and Word documents under way as it may' })
  async generate(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', uuidParam('quoteId')) quoteId: string,
    @Body() data: GenerateDocumentDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const timeoutMs = data.format === 'preview' ? undefined : this.waits.renderMs;
    const document = await this.rpc.send(DOCUMENTS_GENERATE, { ...scope, id: quoteId, data }, timeoutMs);
    const file = await this.storage.get(document.storageKey);
    // the documents service answers only once its file is there: a file gone since is a failed render
    if (!file) throw new NotFoundException(DOCUMENT_MESSAGES.generationFailed);
    response.header('Cache-Control', 'private, no-store');
    if (document.fileName === null) {
      response.header('Content-Security-Policy', PREVIEW_CSP);
      return new StreamableFile(file, { type: document.contentType, length: file.length });
    }
    return new StreamableFile(file, { type: document.contentType, length: file.length, disposition: `attachment; filename="${document.fileName}"` });
  }
}
