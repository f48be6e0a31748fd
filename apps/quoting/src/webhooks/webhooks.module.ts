import { DynamicModule, Module } from '@nestjs/common';
import type { QuotingEnv } from '../env';
import { QuoteEventSink } from './quote-event-sink';
import { WebhookEventSink } from './webhook-queue';
import { WebhookSettings } from './webhook-settings';
import { WebhookWorker } from './webhook-worker';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/**
 * Webhooks for integrators: the agency's endpoints, the QuoteEventSink the customer loop reports to,
 * and the worker that delivers. Global, so that whichever module reports a quote's events can inject
 * QuoteEventSink.
 */
@Module({})
export class WebhooksModule {
  static forRoot(env: QuotingEnv): DynamicModule {
    return {
      module: WebhooksModule,
      global: true,
      controllers: [WebhooksController],
      providers: [
        { provide: WebhookSettings, useValue: WebhookSettings.of(env) },
        WebhooksService,
        WebhookEventSink,
        { provide: QuoteEventSink, useExisting: WebhookEventSink },
        WebhookWorker,
      ],
      exports: [QuoteEventSink],
    };
  }
}
