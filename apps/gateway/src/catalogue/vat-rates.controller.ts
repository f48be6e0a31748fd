import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { VAT_RATES_CREATE, VAT_RATES_DELETE, VAT_RATES_LIST, VAT_RATES_UPDATE, VatRateDto, VatRateView } from '@quotebook/contracts';
import { TenantResource } from '../common/tenant-resource';

@ApiTags('vat-rates')
@Controller('tenants/:tenantId/vat-rates')
export class VatRatesController extends TenantResource({
  body: VatRateDto,
  view: VatRateView,
  list: VAT_RATES_LIST,
  create: VAT_RATES_CREATE,
  update: VAT_RATES_UPDATE,
  remove: VAT_RATES_DELETE,
}) {}
