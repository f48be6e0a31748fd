import { DynamicModule, Module } from '@nestjs/common';
import { CATALOGUE_HEALTH } from '@quotebook/contracts';
import { ServiceCoreModule, tenantDeletedListener } from '@quotebook/server-core/service';
import { CATALOGUE_RUNTIME_ROLE, CATALOGUE_SCHEMA } from './catalogue.schema';
import { Customer } from './customers/customer.entity';
import { CustomersModule } from './customers/customers.module';
import { CsvImportModule } from './csv/csv-import.module';
import { CatalogueEnv } from './env';
import { CreateCatalogue1767312000000 } from './migrations/1767312000000-create-catalogue';
import { ProductTextBytes1767398400000 } from './migrations/1767398400000-product-text-bytes';
import { UniqueTagAndVatRateNames1767571200000 } from './migrations/1767571200000-unique-tag-and-vat-rate-names';
import { CustomerLanguage1770000000000 } from './migrations/1770000000000-customer-language';
import { PeriodCosts1772000000000 } from './migrations/1772000000000-period-costs';
import { CustomerFiscalCode1772200000000 } from './migrations/1772200000000-customer-fiscal-code';
import { ProductListOrder1772400000000 } from './migrations/1772400000000-product-list-order';
import { PriceList } from './price-lists/price-list.entity';
import { PriceListsModule } from './price-lists/price-lists.module';
import { Availability } from './products/availability.entity';
import { Product } from './products/product.entity';
import { ProductsModule } from './products/products.module';
import { QuoteUsage } from './quoting-links/quote-usage';
import { QuotingLinksModule } from './quoting-links/quoting-links.module';
import { Tag } from './tags/tag.entity';
import { TagsModule } from './tags/tags.module';
import { TenantPurgeService } from './tenant-purge/tenant-purge.service';
import { VatRate } from './vat-rates/vat-rate.entity';
import { VatRatesModule } from './vat-rates/vat-rates.module';

/** A tenant's catalogue: VAT rates, tags, price lists, products with availability, customers; what prices a quote. */
@Module({})
export class CatalogueModule {
  static forRoot(env: CatalogueEnv): DynamicModule {
    return {
      module: CatalogueModule,
      global: true,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'catalogue',
          env,
          health: CATALOGUE_HEALTH,
          database: {
            schema: CATALOGUE_SCHEMA,
            entities: [VatRate, Tag, PriceList, Product, Availability, Customer],
            migrations: [CreateCatalogue1767312000000, ProductTextBytes1767398400000, UniqueTagAndVatRateNames1767571200000, CustomerLanguage1770000000000, PeriodCosts1772000000000, CustomerFiscalCode1772200000000, ProductListOrder1772400000000],
            runtimeRole: CATALOGUE_RUNTIME_ROLE,
          },
        }),
        VatRatesModule,
        TagsModule,
        PriceListsModule,
        ProductsModule,
        CustomersModule,
        QuotingLinksModule,
        CsvImportModule,
      ],
      providers: [
        { provide: CatalogueEnv, useValue: env },
        // asked before a customer or a product is deleted
        QuoteUsage,
        // a deleted tenant's whole catalogue goes when tenancy announces the deletion
        TenantPurgeService,
        tenantDeletedListener({ consumer: 'catalogue', purger: TenantPurgeService, removed: 'catalogue row(s)' }),
      ],
      exports: [CatalogueEnv, QuoteUsage],
    };
  }
}
