import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CUSTOMERS_CREATE,
  CUSTOMERS_DELETE,
  CUSTOMERS_GET_TAGS,
  CUSTOMERS_LIST,
  CUSTOMERS_SET_TAGS,
  CUSTOMERS_UPDATE,
  CustomerDto,
  CustomerView,
  SetTagsDto,
  TagIdsView,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPages } from '../common/collect-pages';
import { AuthenticatedPrincipal, CurrentPrincipal } from '../common/principal.decorator';
import { CatalogueAdminOnly, catalogueScope, idParam, tenantIdParam } from './catalogue-routes';

@ApiTags('customers')
@ApiBearerAuth()
@Controller('tenants/:tenantId/customers')
export class CustomersController {
  constructor(private readonly rpc: RpcClient) {}

  /** Every customer with its tag ids, in one call (no per-row fan-out). */
  @Get()
  list(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
  ): Promise<CustomerView[]> {
    return collectPages((page) => this.rpc.send(CUSTOMERS_LIST, { ...catalogueScope(principal, tenantId), ...page }));
  }

  @Post()
  @CatalogueAdminOnly()
  create(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Body() data: CustomerDto,
  ): Promise<CustomerView> {
    return this.rpc.send(CUSTOMERS_CREATE, { ...catalogueScope(principal, tenantId), data });
  }

  @Put(':id')
  @CatalogueAdminOnly()
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: CustomerDto,
  ): Promise<CustomerView> {
    return this.rpc.send(CUSTOMERS_UPDATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Delete(':id')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<void> {
    await this.rpc.send(CUSTOMERS_DELETE, { ...catalogueScope(principal, tenantId), id });
  }

  @Get(':id/tags')
  tags(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<TagIdsView> {
    return this.rpc.send(CUSTOMERS_GET_TAGS, { ...catalogueScope(principal, tenantId), id });
  }

  @Put(':id/tags')
  @CatalogueAdminOnly()
  setTags(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: SetTagsDto,
  ): Promise<TagIdsView> {
    return this.rpc.send(CUSTOMERS_SET_TAGS, { ...catalogueScope(principal, tenantId), id, data });
  }
}
