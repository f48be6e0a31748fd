import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AVAILABILITY_CREATE,
  AVAILABILITY_DELETE,
  AVAILABILITY_LIST,
  AVAILABILITY_UPDATE,
  AvailabilityDto,
  AvailabilityView,
  CopyFromItalianDto,
  PRODUCTS_COPY_FROM_ITALIAN,
  PRODUCTS_CREATE,
  PRODUCTS_DELETE,
  PRODUCTS_GET_TAGS,
  PRODUCTS_LIST,
  PRODUCTS_SET_TAGS,
  PRODUCTS_UPDATE,
  ProductDto,
  ProductView,
  SetTagsDto,
  TagIdsView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPages } from '../common/collect-pages';
import { AuthenticatedPrincipal, CurrentPrincipal } from '../common/principal.decorator';
import { availabilityIdParam, CatalogueAdminOnly, catalogueScope, idParam, tenantIdParam } from './catalogue-routes';

@ApiTags('products')
@ApiBearerAuth()
@Controller('tenants/:tenantId/products')
export class ProductsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Every product with its tag ids, availability periods and today's price, in one call. */
  @Get()
  list(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
  ): Promise<ProductView[]> {
    return collectPages((page) => this.rpc.send(PRODUCTS_LIST, { ...catalogueScope(principal, tenantId), ...page }));
  }

  @Post()
  @CatalogueAdminOnly()
  create(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Body() data: ProductDto,
  ): Promise<ProductView> {
    return this.rpc.send(PRODUCTS_CREATE, { ...catalogueScope(principal, tenantId), data });
  }

  @Put(':id')
  @CatalogueAdminOnly()
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: ProductDto,
  ): Promise<ProductView> {
    return this.rpc.send(PRODUCTS_UPDATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Delete(':id')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<void> {
    await this.rpc.send(PRODUCTS_DELETE, { ...catalogueScope(principal, tenantId), id });
  }

  @Get(':id/tags')
  tags(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<TagIdsView> {
    return this.rpc.send(PRODUCTS_GET_TAGS, { ...catalogueScope(principal, tenantId), id });
  }

  @Put(':id/tags')
  @CatalogueAdminOnly()
  setTags(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: SetTagsDto,
  ): Promise<TagIdsView> {
    return this.rpc.send(PRODUCTS_SET_TAGS, { ...catalogueScope(principal, tenantId), id, data });
  }

  /** Updates the product (copies its Italian texts), so it answers 200 like any update. */
  @Post(':id/copy-from-italian')
  @CatalogueAdminOnly()
  @HttpCode(200)
  copyFromItalian(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: CopyFromItalianDto,
  ): Promise<ProductView> {
    return this.rpc.send(PRODUCTS_COPY_FROM_ITALIAN, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Get(':id/availability')
  availability(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<AvailabilityView[]> {
    return this.rpc.send(AVAILABILITY_LIST, { ...catalogueScope(principal, tenantId), id });
  }

  @Post(':id/availability')
  @CatalogueAdminOnly()
  createAvailability(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: AvailabilityDto,
  ): Promise<AvailabilityView> {
    return this.rpc.send(AVAILABILITY_CREATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Put(':id/availability/:availabilityId')
  @CatalogueAdminOnly()
  updateAvailability(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Param('availabilityId', availabilityIdParam) availabilityId: string,
    @Body() data: AvailabilityDto,
  ): Promise<AvailabilityView> {
    return this.rpc.send(AVAILABILITY_UPDATE, { ...catalogueScope(principal, tenantId), id, availabilityId, data });
  }

  @Delete(':id/availability/:availabilityId')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async removeAvailability(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Param('availabilityId', availabilityIdParam) availabilityId: string,
  ): Promise<void> {
    await this.rpc.send(AVAILABILITY_DELETE, { ...catalogueScope(principal, tenantId), id, availabilityId });
  }
}
