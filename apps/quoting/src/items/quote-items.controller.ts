import { Controller } from '@nestjs/common';
import {
  QUOTE_ITEMS_ADD,
  QUOTE_ITEMS_DELETE,
  QUOTE_ITEMS_LIST,
  QUOTE_ITEMS_REPLACE,
  QUOTE_ITEMS_UPDATE,
  QuoteItemDto,
  ReplaceQuoteItemsDto,
  RpcRequest,
  UpdateQuoteItemDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { QuoteItemsService } from './quote-items.service';

@Controller()
export class QuoteItemsController {
  constructor(private readonly items: QuoteItemsService) {}

  @Handles(QUOTE_ITEMS_LIST)
  list({ principal, tenantId, id }: RpcRequest<typeof QUOTE_ITEMS_LIST>) {
    return this.items.list(principal, tenantId, id);
  }

  @Handles(QUOTE_ITEMS_ADD, { data: QuoteItemDto })
  add({ principal, tenantId, id, data }: RpcRequest<typeof QUOTE_ITEMS_ADD>) {
    return this.items.add(principal, tenantId, id, data);
  }

  @Handles(QUOTE_ITEMS_REPLACE, { data: ReplaceQuoteItemsDto })
  replace({ principal, tenantId, id, data }: RpcRequest<typeof QUOTE_ITEMS_REPLACE>) {
    return this.items.replace(principal, tenantId, id, data);
  }

  @Handles(QUOTE_ITEMS_UPDATE, { data: UpdateQuoteItemDto })
  update({ principal, tenantId, id, itemId, data }: RpcRequest<typeof QUOTE_ITEMS_UPDATE>) {
    return this.items.update(principal, tenantId, id, itemId, data);
  }

  @Handles(QUOTE_ITEMS_DELETE)
  delete({ principal, tenantId, id, itemId }: RpcRequest<typeof QUOTE_ITEMS_DELETE>) {
    return this.items.delete(principal, tenantId, id, itemId);
  }
}
