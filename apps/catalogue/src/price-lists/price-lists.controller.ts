import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PRICE_LISTS_CREATE,
  PRICE_LISTS_DELETE,
  PRICE_LISTS_LIST,
  PRICE_LISTS_UPDATE,
  PriceListDto,
  type Principal,
} from '@quotebook/contracts';
import { PriceListsService } from './price-lists.service';

@Controller()
export class PriceListsController {
  constructor(private readonly priceLists: PriceListsService) {}

  @MessagePattern(PRICE_LISTS_LIST.subject)
  list(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string) {
    return this.priceLists.list(principal, tenantId);
  }

  @MessagePattern(PRICE_LISTS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: PriceListDto) {
    return this.priceLists.create(principal, tenantId, data);
  }

  @MessagePattern(PRICE_LISTS_UPDATE.subject)
  update(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: PriceListDto,
  ) {
    return this.priceLists.update(principal, tenantId, id, data);
  }

  @MessagePattern(PRICE_LISTS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.priceLists.delete(principal, tenantId, id);
  }
}
