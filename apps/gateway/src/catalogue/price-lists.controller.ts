import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  PRICE_LISTS_CREATE,
  PRICE_LISTS_DELETE,
  PRICE_LISTS_LIST,
  PRICE_LISTS_UPDATE,
  PriceListDto,
  PriceListView,
} from '@quotebook/contracts';
import { TenantResource } from '../common/tenant-resource';

@ApiTags('price-lists')
@Controller('tenants/:tenantId/price-lists')
export class PriceListsController extends TenantResource({
  body: PriceListDto,
  view: PriceListView,
  list: PRICE_LISTS_LIST,
  create: PRICE_LISTS_CREATE,
  update: PRICE_LISTS_UPDATE,
  remove: PRICE_LISTS_DELETE,
}) {}
