import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';

/** HTTP routes of the agency's webhooks (served by the quoting service). */
@Module({ controllers: [WebhooksController] })
export class WebhooksHttpModule {}
