import { DynamicModule, Module } from '@nestjs/common';
import type { GatewayEnv } from '../env';
import { NotificationsController } from './notifications.controller';
import { QuoteSendingController, QuoteSendingWaits } from './quote-sending.controller';

/** The agency's side of the customer loop: sending, revisions, the link, notifications. */
@Module({})
export class CustomerLoopHttpModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: CustomerLoopHttpModule,
      controllers: [QuoteSendingController, NotificationsController],
      providers: [
        // a send renders the revision's PDF (as a document download does), asks for the texts first and mails it after
        { provide: QuoteSendingWaits, useValue: { sendMs: env.DOCUMENT_JOB_TIMEOUT_MS + 3 * env.NATS_REQUEST_TIMEOUT_MS } },
      ],
    };
  }
}
