import { DynamicModule, Module } from '@nestjs/common';
import { CUSTOMER_CHANGED, QUOTING_HEALTH, TENANT_TERMS_CHANGED } from '@quotebook/contracts';
import { DiskFileStorage, durableListener, FileStorage } from '@quotebook/server-core';
import { Mailer, ServiceCoreModule, tenantDeletedListener } from '@quotebook/server-core/service';
import { CustomerNamesService } from './catalogue-links/customer-names.service';
import { QuoteUsageController, QuoteUsageService } from './catalogue-links/quote-usage';
import { ConsumptionsController } from './consumptions/consumptions.controller';
import { ConsumptionsService } from './consumptions/consumptions.service';
import { CustomerLoopController } from './customer-loop/customer-loop.controller';
import { NotificationsService } from './customer-loop/notifications.service';
import { PublicQuotesService } from './customer-loop/public-quotes.service';
import { QuoteSendingService } from './customer-loop/quote-sending.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { QuotingEnv } from './env';
import { QuoteItemsController } from './items/quote-items.controller';
import { QuoteItemsService } from './items/quote-items.service';
import { CreateQuoting1767744000000 } from './migrations/1767744000000-create-quoting';
import { QuoteFigures1769558400000 } from './migrations/1769558400000-quote-figures';
import { Webhooks1769644800000 } from './migrations/1769644800000-webhooks';
import { CustomerLoop1771200000000 } from './migrations/1771200000000-customer-loop';
import { QuoteCosts1772000000000 } from './migrations/1772000000000-quote-costs';
import { DepositsPayments1772100000000 } from './migrations/1772100000000-deposits-payments';
import { Invoices1772200000000 } from './migrations/1772200000000-invoices';
import { InvoicesController } from './invoices/invoices.controller';
import { InvoicesService } from './invoices/invoices.service';
import { AgencyTermsService } from './payments/agency-terms.service';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsService } from './payments/payments.service';
import { QuotePricingService } from './pricing/quote-pricing.service';
import { QUOTING_RUNTIME_ROLE, QUOTING_SCHEMA } from './quoting.schema';
import { QuotesController } from './quotes/quotes.controller';
import { QuotesService } from './quotes/quotes.service';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';
import { TenantPurgeService } from './tenant-purge/tenant-purge.service';
import { WebhooksModule } from './webhooks/webhooks.module';

/** A tenant's quotes: their items priced from the catalogue, consumptions, and the dashboard's figures. */
@Module({})
export class QuotingModule {
  static forRoot(env: QuotingEnv): DynamicModule {
    return {
      module: QuotingModule,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'quoting',
          env,
          health: QUOTING_HEALTH,
          // the rows are read and written in SQL: their date-times are wall clocks an ORM would turn into instants
          database: { schema: QUOTING_SCHEMA, entities: [], migrations: [CreateQuoting1767744000000, QuoteFigures1769558400000, Webhooks1769644800000, CustomerLoop1771200000000, QuoteCosts1772000000000, DepositsPayments1772100000000, Invoices1772200000000], runtimeRole: QUOTING_RUNTIME_ROLE },
        }),
        // the agency's webhook endpoints, and the QuoteEventSink that queues their deliveries
        WebhooksModule.forRoot(env),
      ],
      controllers: [QuotesController, QuoteItemsController, ConsumptionsController, PaymentsController, DashboardController, QuoteUsageController, CustomerLoopController, ReportsController, InvoicesController],
      providers: [
        { provide: QuotingEnv, useValue: env },
        QuotePricingService,
        QuotesService,
        QuoteItemsService,
        ConsumptionsService,
        PaymentsService,
        DashboardService,
        ReportsService,
        InvoicesService,
        QuoteUsageService,
        // the customer loop: sending (the mail server, the revisions' PDFs in the shared storage), the public link, the bell
        { provide: Mailer, useValue: new Mailer(env) },
        { provide: FileStorage, useValue: new DiskFileStorage(env.STORAGE_DIR) },
        QuoteSendingService,
        PublicQuotesService,
        NotificationsService,
        // the catalogue announces a customer's new name; the quotes for it show that name
        CustomerNamesService,
        durableListener({ event: CUSTOMER_CHANGED, consumer: 'quoting-customer-names', handler: CustomerNamesService, handle: (names, event) => names.rename(event) }),
        // the agency's default balance days, announced by tenancy when the agency changes them
        AgencyTermsService,
        durableListener({ event: TENANT_TERMS_CHANGED, consumer: 'quoting-agency-terms', handler: AgencyTermsService, handle: (terms, event) => terms.keep(event) }),
        // a deleted tenant's quotes go when tenancy announces the deletion
        TenantPurgeService,
        tenantDeletedListener({ consumer: 'quoting', purger: TenantPurgeService, removed: 'quoting row(s)' }),
      ],
    };
  }
}
