import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { PriceListsController } from './price-lists.controller';
import { ProductsController } from './products.controller';
import { TagsController } from './tags.controller';
import { VatRatesController } from './vat-rates.controller';

/** HTTP routes of the catalogue service (VAT rates, tags, price lists, products, customers). */
@Module({ controllers: [VatRatesController, TagsController, PriceListsController, ProductsController, CustomersController] })
export class CatalogueHttpModule {}
