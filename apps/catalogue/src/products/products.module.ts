import { Module } from '@nestjs/common';
import { AvailabilityService } from './availability.service';
import { ProductTextsService } from './product-texts.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { TenantLanguages } from './tenant-languages';

/** Multilingual products, their tags and their availability periods. */
@Module({
  controllers: [ProductsController],
  providers: [ProductsService, AvailabilityService, ProductTextsService, TenantLanguages],
})
export class ProductsModule {}
