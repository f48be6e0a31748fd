import { Controller } from '@nestjs/common';
import {
  CreateQuoteDto,
  QUOTES_CREATE,
  QUOTES_CREATORS,
  QUOTES_DELETE,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTES_UPDATE,
  QuoteListQueryDto,
  RpcRequest,
  UpdateQuoteDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { QuotesService } from './quotes.service';

@Controller()
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Handles(QUOTES_LIST, { filters: QuoteListQueryDto })
  list({ principal, tenantId, filters, ...page }: RpcRequest<typeof QUOTES_LIST>) {
    return this.quotes.list(principal, tenantId, page, filters);
  }

  @Handles(QUOTES_CREATORS)
  creators({ principal, tenantId }: RpcRequest<typeof QUOTES_CREATORS>) {
    return this.quotes.creators(principal, tenantId);
  }

  @Handles(QUOTES_GET)
  get({ principal, tenantId, id }: RpcRequest<typeof QUOTES_GET>) {
    return this.quotes.get(principal, tenantId, id);
  }

  @Handles(QUOTES_CREATE, { data: CreateQuoteDto })
  create({ principal, tenantId, data }: RpcRequest<typeof QUOTES_CREATE>) {
    return this.quotes.create(principal, tenantId, data);
  }

  @Handles(QUOTES_UPDATE, { data: UpdateQuoteDto })
  update({ principal, tenantId, id, data }: RpcRequest<typeof QUOTES_UPDATE>) {
    return this.quotes.update(principal, tenantId, id, data);
  }

  @Handles(QUOTES_DELETE)
  delete({ principal, tenantId, id }: RpcRequest<typeof QUOTES_DELETE>) {
    return this.quotes.delete(principal, tenantId, id);
  }
}
