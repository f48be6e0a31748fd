/*
 * Compiled, never run: the gateway's quote routes against patterns that no longer fit them. Each
 * @ts-expect-error marks a declaration that must not compile; were the typing loosened, the directive
 * would be unused and the type check would fail.
 */
import {
  CreateQuoteDto,
  QUOTES_CREATE,
  QUOTES_DELETE,
  QUOTES_LIST,
  QUOTES_UPDATE,
  QuoteDetailView,
  QuoteListQueryDto,
  QuoteView,
  rpcPattern,
  type TenantItemWrite,
  UpdateQuoteDto,
} from '@quotebook/contracts';
import { TenantResource } from '../common/tenant-resource';

/** QUOTES_UPDATE took the create body, whose customer and service date are required */
const UPDATE_WITH_THE_CREATE_BODY = rpcPattern<TenantItemWrite<CreateQuoteDto>, QuoteDetailView>('type-check.quotes.update');

export const updateTakesTheCreateBody = TenantResource({
  body: CreateQuoteDto,
  updateBody: UpdateQuoteDto,
  view: QuoteDetailView,
  listView: QuoteView,
  listQuery: QuoteListQueryDto,
  listPages: QUOTES_LIST,
  create: QUOTES_CREATE,
  // @ts-expect-error -- a partial change may leave out the customer and the service date
  update: UPDATE_WITH_THE_CREATE_BODY,
  remove: QUOTES_DELETE,
});

// @ts-expect-error -- the quote list needs its filters, which only a declared query gives
export const filteredListWithoutItsQuery = TenantResource({
  body: CreateQuoteDto,
  updateBody: UpdateQuoteDto,
  view: QuoteDetailView,
  listView: QuoteView,
  listPages: QUOTES_LIST,
  create: QUOTES_CREATE,
  update: QUOTES_UPDATE,
  remove: QUOTES_DELETE,
});
