import { DynamicModule, Module } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DOCUMENTS_HEALTH, TENANT_CREATED } from '@quotebook/contracts';
import { DiskFileStorage, durableListener, FileStorage } from '@quotebook/server-core';
import { ServiceCoreModule, tenantDeletedListener } from '@quotebook/server-core/service';
import { DOCUMENTS_RUNTIME_ROLE, DOCUMENTS_SCHEMA } from './documents.schema';
import { DocumentsEnv } from './env';
import { DocumentImages } from './generation/document-images';
import { DocumentQueue } from './generation/document-queue';
import { DocumentsController } from './generation/documents.controller';
import { DocumentSettings, DocumentsService } from './generation/documents.service';
import { QuoteLayout, QuoteLayoutElement } from './layouts/layout.entity';
import { LayoutsController } from './layouts/layouts.controller';
import { LayoutsService } from './layouts/layouts.service';
import { CreateDocuments1767830400000 } from './migrations/1767830400000-create-documents';
import { TemplateContentShape1769472000000 } from './migrations/1769472000000-template-content-shape';
import { TemplateTranslationsAndStarterKits1770000000000 } from './migrations/1770000000000-template-translations-and-starter-kits';
import { SignaturesController } from './signatures/signatures.controller';
import { SignaturesService } from './signatures/signatures.service';
import { StarterKitService } from './starter-kit/starter-kit.service';
import { QuoteTemplate } from './templates/template.entity';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesService } from './templates/templates.service';
import { TenantPurgeService } from './tenant-purge/tenant-purge.service';

/** A tenant's documents: description templates, layouts, signature images, and the quotes' documents. */
@Module({})
export class DocumentsModule {
  static forRoot(env: DocumentsEnv): DynamicModule {
    return {
      module: DocumentsModule,
      global: true,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'documents',
          env,
          health: DOCUMENTS_HEALTH,
          database: {
            schema: DOCUMENTS_SCHEMA,
            entities: [QuoteTemplate, QuoteLayout, QuoteLayoutElement],
            migrations: [CreateDocuments1767830400000, TemplateContentShape1769472000000, TemplateTranslationsAndStarterKits1770000000000],
            runtimeRole: DOCUMENTS_RUNTIME_ROLE,
          },
        }),
      ],
      controllers: [TemplatesController, LayoutsController, SignaturesController, DocumentsController],
      providers: [
        { provide: DocumentsEnv, useValue: env },
        { provide: FileStorage, useValue: new DiskFileStorage(env.STORAGE_DIR) },
        { provide: DocumentSettings, useValue: { timeZone: env.BUSINESS_TIME_ZONE } },
        { provide: DocumentImages, useFactory: (storage: FileStorage) => new DocumentImages(storage, env.UPLOAD_DIR), inject: [FileStorage] },
        {
          provide: DocumentQueue,
          useFactory: () =>
            new DocumentQueue({
              redisUrl: env.REDIS_URL,
              redisKeyPrefix: env.REDIS_KEY_PREFIX,
              timeoutMs: env.DOCUMENT_JOB_TIMEOUT_MS,
              agencyPendingMax: env.DOCUMENT_AGENCY_PENDING_MAX,
            }),
        },
        TemplatesService,
        LayoutsService,
        SignaturesService,
        DocumentsService,
        StarterKitService,
        // a new agency is given its starter layout and templates when tenancy announces it (once, even if announced again)
        durableListener({
          event: TENANT_CREATED,
          consumer: 'documents-starter-kit',
          handler: StarterKitService,
          handle: async (starterKit, { tenantId }) => {
            if (typeof tenantId === 'string' && isUUID(tenantId)) await starterKit.ensure(tenantId);
          },
        }),
        // a deleted tenant's templates, layouts and files go when tenancy announces the deletion
        TenantPurgeService,
        tenantDeletedListener({ consumer: 'documents', purger: TenantPurgeService, removed: 'document row(s)' }),
      ],
      exports: [DocumentsEnv],
    };
  }
}
