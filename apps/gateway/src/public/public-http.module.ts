import { DynamicModule, Module } from '@nestjs/common';
import { DiskFileStorage, FileStorage } from '@quotebook/server-core';
import { DocumentWaits } from '../documents/document-files';
import type { GatewayEnv } from '../env';
import { PUBLIC_QUOTE_LIMITS, PublicQuoteThrottleService } from './public-quote-throttle.service';
import { PublicQuotesController } from './public-quotes.controller';

/** The routes a customer reaches by a quote's link, without signing in. */
@Module({})
export class PublicHttpModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: PublicHttpModule,
      controllers: [PublicQuotesController],
      providers: [
        PublicQuoteThrottleService,
        {
          provide: PUBLIC_QUOTE_LIMITS,
          useValue: {
            readsPerIp: env.PUBLIC_QUOTE_READS_PER_IP,
            answersPerIp: env.PUBLIC_QUOTE_ANSWERS_PER_IP,
            readsPerToken: env.PUBLIC_QUOTE_READS_PER_TOKEN,
            answersPerToken: env.PUBLIC_QUOTE_ANSWERS_PER_TOKEN,
          },
        },
        { provide: FileStorage, useValue: new DiskFileStorage(env.STORAGE_DIR) },
        // the revision's PDF is stored when it is sent; a file the storage lost may be rendered again
        { provide: DocumentWaits, useValue: { renderMs: env.DOCUMENT_JOB_TIMEOUT_MS + 2 * env.NATS_REQUEST_TIMEOUT_MS } },
      ],
    };
  }
}
