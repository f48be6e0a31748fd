import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { InvoicesController } from './invoices.controller';
import { QuotesController } from './quotes.controller';
import { CalendarController, ReportsController } from './reports.controller';

/** HTTP routes of the quoting service (quotes, their items and consumptions, the dashboard, the reports and the calendar). */
@Module({ controllers: [QuotesController, DashboardController, ReportsController, CalendarController, InvoicesController] })
export class QuotingHttpModule {}
