import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AVAILABILITY_CREATE, AVAILABILITY_DELETE, AVAILABILITY_LIST, AVAILABILITY_UPDATE, AvailabilityDto, AvailabilityView,
  CopyFromItalianDto, PRODUCTS_COPY_FROM_ITALIAN, PRODUCTS_CREATE, PRODUCTS_DELETE, PRODUCTS_GET_TAGS, PRODUCTS_LIST,
  PRODUCTS_SET_TAGS, PRODUCTS_UPDATE, ProductDto, ProductView, SetTagsDto, TagIdsView,
} from '@quotebook/contracts';
import { idParam, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { availabilityIdParam, CatalogueAdminOnly } from './catalogue-routes';

@ApiTags('products')
@Controller('tenants/:tenantId/products')
export class ProductsController extends TenantResource({
  body: ProductDto,
  view: ProductView,
  listPages: PRODUCTS_LIST,
  listSummary: "Every product with its tag ids, availability periods and today's price, in one call.",
  create: PRODUCTS_CREATE,
  update: PRODUCTS_UPDATE,
  remove: PRODUCTS_DELETE,
}) {
  @Get(':id/tags')
  tags(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<TagIdsView> {
    return this.rpc.send(PRODUCTS_GET_TAGS, { ...scope, id });
  }

  @Put(':id/tags')
  @CatalogueAdminOnly()
  setTags(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string, @Body() data: SetTagsDto): Promise<TagIdsView> {
    return this.rpc.send(PRODUCTS_SET_TAGS, { ...scope, id, data });
  }

  /** Updates the product (copies its Italian texts), so it answers 200 like any update. */
  @Post(':id/copy-from-italian')
  @CatalogueAdminOnly()
  @HttpCode(200)
  copyFromItalian(
    @CurrentScope() scope: TenantScope,
    @Param('id', idParam) id: string,
    @Body() data: CopyFromItalianDto,
  ): Promise<ProductView> {
    return this.rpc.send(PRODUCTS_COPY_FROM_ITALIAN, { ...scope, id, data });
  }

  @Get(':id/availability')
  availability(@CurrentScope() scope: TenantScope, @Param('id', idParam) id: string): Promise<AvailabilityView[]> {
    return this.rpc.send(AVAILABILITY_LIST, { ...scope, id });
  }

  @Post(':id/availability')
  @CatalogueAdminOnly()
  createAvailability(
    @CurrentScope() scope: TenantScope,
    @Param('id', idParam) id: string,
    @Body() data: AvailabilityDto,
  ): Promise<AvailabilityView> {
    return this.rpc.send(AVAILABILITY_CREATE, { ...scope, id, data });
  }

  @Put(':id/availability/:availabilityId')
  @CatalogueAdminOnly()
  updateAvailability(
    @CurrentScope() scope: TenantScope,
    @Param('id', idParam) id: string,
    @Param('availabilityId', availabilityIdParam) availabilityId: string,
    @Body() data: AvailabilityDto,
  ): Promise<AvailabilityView> {
    return this.rpc.send(AVAILABILITY_UPDATE, { ...scope, id, availabilityId, data });
  }

  @Delete(':id/availability/:availabilityId')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async removeAvailability(
    @CurrentScope() scope: TenantScope,
    @Param('id', idParam) id: string,
    @Param('availabilityId', availabilityIdParam) availabilityId: string,
  ): Promise<void> {
    await this.rpc.send(AVAILABILITY_DELETE, { ...scope, id, availabilityId });
  }
}
