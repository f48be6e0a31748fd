import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  PRICE_LISTS_CREATE,
  PRICE_LISTS_DELETE,
  PRICE_LISTS_LIST,
  PRICE_LISTS_UPDATE,
  PriceListDto,
  PriceListView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { AuthenticatedPrincipal, CurrentPrincipal } from '../common/principal.decorator';
import { CatalogueAdminOnly, catalogueScope, idParam, tenantIdParam } from './catalogue-routes';

@ApiTags('price-lists')
@ApiBearerAuth()
@Controller('tenants/:tenantId/price-lists')
export class PriceListsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
  ): Promise<PriceListView[]> {
    return this.rpc.send(PRICE_LISTS_LIST, catalogueScope(principal, tenantId));
  }

  @Post()
  @CatalogueAdminOnly()
  create(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Body() data: PriceListDto,
  ): Promise<PriceListView> {
    return this.rpc.send(PRICE_LISTS_CREATE, { ...catalogueScope(principal, tenantId), data });
  }

  @Put(':id')
  @CatalogueAdminOnly()
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: PriceListDto,
  ): Promise<PriceListView> {
    return this.rpc.send(PRICE_LISTS_UPDATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Delete(':id')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<void> {
    await this.rpc.send(PRICE_LISTS_DELETE, { ...catalogueScope(principal, tenantId), id });
  }
}
