import { Module } from '@nestjs/common';
import { CatalogueCsvController } from './catalogue-csv.controller';
import { CustomersController } from './customers.controller';
import { PriceListsController } from './price-lists.controller';
import { ProductsController } from './products.controller';
import { TagsController } from './tags.controller';
import { VatRatesController } from './vat-rates.controller';

/**
 * HTTP routes of the catalogue service (VAT rates, tags, price lists, products, customers). The CSV
 * routes come first: their fixed paths (products/export) must match before a resource's `:id` path.
 */
@Module({ controllers: [CatalogueCsvController, VatRatesController, TagsController, PriceListsController, ProductsController, CustomersController] })
export class CatalogueHttpModule {}
