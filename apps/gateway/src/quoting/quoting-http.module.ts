import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { QuotesController } from './quotes.controller';

/** HTTP routes of the quoting service (quotes, their items and consumptions, the dashboard). */
@Module({ controllers: [QuotesController, DashboardController] })
export class QuotingHttpModule {}
