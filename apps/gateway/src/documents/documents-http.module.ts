import { DynamicModule, Module } from '@nestjs/common';
import { DiskFileStorage, FileStorage } from '@quotebook/server-core';
import type { GatewayEnv } from '../env';
import { DocumentWaits } from './document-files';
import { QuoteDocumentsController } from './quote-documents.controller';
import { QuoteLayoutsController } from './quote-layouts.controller';
import { QuoteTemplatesController } from './quote-templates.controller';
import { SignaturesController } from './signatures.controller';

/** HTTP routes of the documents service: templates, layouts, signature images, and the quotes' documents. */
@Module({})
export class DocumentsHttpModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: DocumentsHttpModule,
      controllers: [QuoteTemplatesController, QuoteLayoutsController, SignaturesController, QuoteDocumentsController],
      providers: [
        { provide: FileStorage, useValue: new DiskFileStorage(env.STORAGE_DIR) },
        // the documents service's render limit, and its questions to the other services before the render
        { provide: DocumentWaits, useValue: { renderMs: env.DOCUMENT_JOB_TIMEOUT_MS + 2 * env.NATS_REQUEST_TIMEOUT_MS } },
      ],
    };
  }
}
