import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { VAT_RATES_CREATE, VAT_RATES_DELETE, VAT_RATES_LIST, VAT_RATES_UPDATE, VatRateDto, VatRateView } from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { AuthenticatedPrincipal, CurrentPrincipal } from '../common/principal.decorator';
import { CatalogueAdminOnly, catalogueScope, idParam, tenantIdParam } from './catalogue-routes';

@ApiTags('vat-rates')
@ApiBearerAuth()
@Controller('tenants/:tenantId/vat-rates')
export class VatRatesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
  ): Promise<VatRateView[]> {
    return this.rpc.send(VAT_RATES_LIST, catalogueScope(principal, tenantId));
  }

  @Post()
  @CatalogueAdminOnly()
  create(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Body() data: VatRateDto,
  ): Promise<VatRateView> {
    return this.rpc.send(VAT_RATES_CREATE, { ...catalogueScope(principal, tenantId), data });
  }

  @Put(':id')
  @CatalogueAdminOnly()
  update(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
    @Body() data: VatRateDto,
  ): Promise<VatRateView> {
    return this.rpc.send(VAT_RATES_UPDATE, { ...catalogueScope(principal, tenantId), id, data });
  }

  @Delete(':id')
  @CatalogueAdminOnly()
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: AuthenticatedPrincipal,
    @Param('tenantId', tenantIdParam) tenantId: string,
    @Param('id', idParam) id: string,
  ): Promise<void> {
    await this.rpc.send(VAT_RATES_DELETE, { ...catalogueScope(principal, tenantId), id });
  }
}
