import { Module } from '@nestjs/common';

/** HTTP routes of the catalogue service (VAT rates, tags, price lists, products, customers). */
@Module({ controllers: [] })
export class CatalogueHttpModule {}
