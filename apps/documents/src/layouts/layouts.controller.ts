import { Controller } from '@nestjs/common';
import { LAYOUTS_CREATE, LAYOUTS_DELETE, LAYOUTS_LIST, LAYOUTS_SET_DEFAULT, LAYOUTS_UPDATE, QuoteLayoutDto, RpcRequest } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { LayoutsService } from './layouts.service';

@Controller()
export class LayoutsController {
  constructor(private readonly layouts: LayoutsService) {}

  @Handles(LAYOUTS_LIST)
  list({ principal, tenantId, cursor }: RpcRequest<typeof LAYOUTS_LIST>) {
    return this.layouts.list(principal, tenantId, cursor);
  }

  @Handles(LAYOUTS_CREATE, { data: QuoteLayoutDto })
  create({ principal, tenantId, data }: RpcRequest<typeof LAYOUTS_CREATE>) {
    return this.layouts.create(principal, tenantId, data);
  }

  @Handles(LAYOUTS_UPDATE, { data: QuoteLayoutDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof LAYOUTS_UPDATE>) {
    return this.layouts.update(principal, tenantId, id, data);
  }

  @Handles(LAYOUTS_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof LAYOUTS_DELETE>) {
    return this.layouts.delete(principal, tenantId, id);
  }

  @Handles(LAYOUTS_SET_DEFAULT)
  setDefault({ principal, tenantId, id }: RpcRequest<typeof LAYOUTS_SET_DEFAULT>) {
    return this.layouts.setDefault(principal, tenantId, id);
  }
}
