import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CUSTOMERS_CREATE,
  CUSTOMERS_DELETE,
  CUSTOMERS_GET_TAGS,
  CUSTOMERS_LIST,
  CUSTOMERS_SET_TAGS,
  CUSTOMERS_UPDATE,
  CustomerDto,
  SetTagsDto,
  type Principal,
} from '@quotebook/contracts';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @MessagePattern(CUSTOMERS_LIST.subject)
  list(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('cursor') cursor: number | undefined,
  ) {
    return this.customers.list(principal, tenantId, cursor);
  }

  @MessagePattern(CUSTOMERS_CREATE.subject)
  create(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('data') data: CustomerDto) {
    return this.customers.create(principal, tenantId, data);
  }

  @MessagePattern(CUSTOMERS_UPDATE.subject)
  update(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: CustomerDto,
  ) {
    return this.customers.update(principal, tenantId, id, data);
  }

  @MessagePattern(CUSTOMERS_DELETE.subject)
  delete(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.customers.delete(principal, tenantId, id);
  }

  @MessagePattern(CUSTOMERS_GET_TAGS.subject)
  getTags(@Payload('principal') principal: Principal, @Payload('tenantId') tenantId: string, @Payload('id') id: string) {
    return this.customers.getTags(principal, tenantId, id);
  }

  @MessagePattern(CUSTOMERS_SET_TAGS.subject)
  setTags(
    @Payload('principal') principal: Principal,
    @Payload('tenantId') tenantId: string,
    @Payload('id') id: string,
    @Payload('data') data: SetTagsDto,
  ) {
    return this.customers.setTags(principal, tenantId, id, data);
  }
}
