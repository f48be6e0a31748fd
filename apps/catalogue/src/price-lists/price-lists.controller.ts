import { Controller } from '@nestjs/common';
import {
  PRICE_LISTS_CREATE,
  PRICE_LISTS_DELETE,
  PRICE_LISTS_LIST,
  PRICE_LISTS_UPDATE,
  PriceListDto,
  RpcRequest,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { PriceListsService } from './price-lists.service';

@Controller()
export class PriceListsController {
  constructor(private readonly priceLists: PriceListsService) {}

  @Handles(PRICE_LISTS_LIST)
  list({ principal, tenantId }: RpcRequest<typeof PRICE_LISTS_LIST>) {
    return this.priceLists.list(principal, tenantId);
  }

  @Handles(PRICE_LISTS_CREATE, { data: PriceListDto })
  create({ principal, tenantId, data }: RpcRequest<typeof PRICE_LISTS_CREATE>) {
    return this.priceLists.create(principal, tenantId, data);
  }

  @Handles(PRICE_LISTS_UPDATE, { data: PriceListDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof PRICE_LISTS_UPDATE>) {
    return this.priceLists.update(principal, tenantId, id, data);
  }

  @Handles(PRICE_LISTS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof PRICE_LISTS_DELETE>) {
    return this.priceLists.delete(principal, tenantId, id);
  }
}
