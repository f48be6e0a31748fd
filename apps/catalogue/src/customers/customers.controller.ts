import { Controller } from '@nestjs/common';
import {
  CUSTOMERS_CREATE,
  CUSTOMERS_DELETE,
  CUSTOMERS_DUPLICATES,
  CustomerDuplicatesQueryDto,
  CUSTOMERS_GET,
  CUSTOMERS_GET_TAGS,
  CUSTOMERS_LIST,
  CUSTOMERS_SET_TAGS,
  CUSTOMERS_UPDATE,
  CustomerDto,
  RpcRequest,
  SetTagsDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Handles(CUSTOMERS_LIST)
  list({ principal, tenantId, cursor }: RpcRequest<typeof CUSTOMERS_LIST>) {
    return this.customers.list(principal, tenantId, cursor);
  }

  @Handles(CUSTOMERS_CREATE, { data: CustomerDto })
  create({ principal, tenantId, data }: RpcRequest<typeof CUSTOMERS_CREATE>) {
    return this.customers.create(principal, tenantId, data);
  }

  @Handles(CUSTOMERS_UPDATE, { data: CustomerDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof CUSTOMERS_UPDATE>) {
    return this.customers.update(principal, tenantId, id, data);
  }

  @Handles(CUSTOMERS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof CUSTOMERS_DELETE>) {
    return this.customers.delete(principal, tenantId, id);
  }

  @Handles(CUSTOMERS_DUPLICATES, { query: CustomerDuplicatesQueryDto })
  duplicates({ principal, tenantId, query }: RpcRequest<typeof CUSTOMERS_DUPLICATES>) {
    return this.customers.duplicates(principal, tenantId, query);
  }

  @Handles(CUSTOMERS_GET)
  get({ principal, tenantId, id }: RpcRequest<typeof CUSTOMERS_GET>) {
    return this.customers.get(principal, tenantId, id);
  }

  @Handles(CUSTOMERS_GET_TAGS)
  getTags({ principal, tenantId, id }: RpcRequest<typeof CUSTOMERS_GET_TAGS>) {
    return this.customers.getTags(principal, tenantId, id);
  }

  @Handles(CUSTOMERS_SET_TAGS, { data: SetTagsDto })
  setTags({ principal, tenantId, id, data }: RpcRequest<typeof CUSTOMERS_SET_TAGS>) {
    return this.customers.setTags(principal, tenantId, id, data);
  }
}
