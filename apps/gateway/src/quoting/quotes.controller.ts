import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CONSUMPTIONS_ADD,
  CONSUMPTIONS_DELETE,
  CONSUMPTIONS_LIST,
  ConsumptionDto,
  ConsumptionView,
  CreateQuoteDto,
  PAYMENTS_ADD,
  PAYMENTS_DELETE,
  PAYMENTS_LIST,
  PaymentDto,
  PaymentView,
  QUOTE_ITEMS_ADD,
  QUOTE_ITEMS_DELETE,
  QUOTE_ITEMS_LIST,
  QUOTE_ITEMS_REPLACE,
  QUOTE_ITEMS_UPDATE,
  QUOTES_CREATE,
  QUOTES_CREATORS,
  QUOTES_DELETE,
  QUOTES_GET,
  QUOTES_LIST,
  QUOTES_UPDATE,
  type QuoteCreatorView,
  QuoteDetailView,
  QuoteItemDto,
  QuoteItemView,
  QuoteListQueryDto,
  QuoteView,
  ReplaceQuoteItemsDto,
  UpdateQuoteDto,
  UpdateQuoteItemDto,
} from '@quotebook/contracts';
import { uuidParam } from '../common/params';
import { Roles } from '../common/principal.decorator';
import { AGENCY_MEMBERS, TenantResource } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';
import { CostVisibilityInterceptor } from './cost-visibility.interceptor';

const quoteIdParam = uuidParam('quoteId');
const itemIdParam = uuidParam('itemId');

/** Quotes belong to everyone of the agency: a tenant user creates, edits and deletes them too. */
const QuoteWriters = () => Roles(...AGENCY_MEMBERS);

@ApiTags('quotes')
@Controller('tenants/:tenantId/quotes')
@UseInterceptors(CostVisibilityInterceptor)
export class QuotesController extends TenantResource({
  body: CreateQuoteDto,
  updateBody: UpdateQuoteDto,
  view: QuoteDetailView,
  listView: QuoteView,
  listQuery: QuoteListQueryDto,
  listPages: QUOTES_LIST,
  listSummary:
    'The quotes matching the filters, by service date (newest first), with customer name, confirmed total and item counts; ' +
    'limit/offset give one part of them, and X-Total-Count how many match.',
  idName: 'quoteId',
  get: QUOTES_GET,
  create: QUOTES_CREATE,
  update: QUOTES_UPDATE,
  remove: QUOTES_DELETE,
  writers: AGENCY_MEMBERS,
}) {
  /**
   * Who created the agency's quotes, by name, for the list's "Creato da" filter. Declared in this class,
   * so registered before the resource's `:quoteId` routes.
   */
  @Get('creators')
  @ApiOperation({ summary: "Who created the agency's quotes (id and full name), by name: the list's \"Creato da\" filter." })
  @ApiOkResponse({
    schema: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } } },
    },
  })
  creators(@CurrentScope() scope: TenantScope): Promise<QuoteCreatorView[]> {
    return this.rpc.send(QUOTES_CREATORS, scope);
  }

  @Get(':quoteId/items')
  items(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<QuoteItemView[]> {
    return this.rpc.send(QUOTE_ITEMS_LIST, { ...scope, id });
  }

  @Post(':quoteId/items')
  @QuoteWriters()
  addItem(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string, @Body() data: QuoteItemDto): Promise<QuoteItemView> {
    return this.rpc.send(QUOTE_ITEMS_ADD, { ...scope, id, data });
  }

  /** The quote's items become exactly the given ones (the advanced editor's save). */
  @Put(':quoteId/items')
  @QuoteWriters()
  replaceItems(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Body() data: ReplaceQuoteItemsDto,
  ): Promise<QuoteItemView[]> {
    return this.rpc.send(QUOTE_ITEMS_REPLACE, { ...scope, id, data });
  }

  @Put(':quoteId/items/:itemId')
  @QuoteWriters()
  updateItem(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Param('itemId', itemIdParam) itemId: string,
    @Body() data: UpdateQuoteItemDto,
  ): Promise<QuoteItemView> {
    return this.rpc.send(QUOTE_ITEMS_UPDATE, { ...scope, id, itemId, data });
  }

  @Delete(':quoteId/items/:itemId')
  @QuoteWriters()
  @HttpCode(204)
  async removeItem(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Param('itemId', itemIdParam) itemId: string,
  ): Promise<void> {
    await this.rpc.send(QUOTE_ITEMS_DELETE, { ...scope, id, itemId });
  }

  @Get(':quoteId/consumptions')
  consumptions(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<ConsumptionView[]> {
    return this.rpc.send(CONSUMPTIONS_LIST, { ...scope, id });
  }

  @Post(':quoteId/consumptions')
  @QuoteWriters()
  addConsumption(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Body() data: ConsumptionDto,
  ): Promise<ConsumptionView> {
    return this.rpc.send(CONSUMPTIONS_ADD, { ...scope, id, data });
  }

  @Delete(':quoteId/consumptions/:consumptionId')
  @QuoteWriters()
  @HttpCode(204)
  async removeConsumption(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Param('consumptionId', uuidParam('consumptionId')) itemId: string,
  ): Promise<void> {
    await this.rpc.send(CONSUMPTIONS_DELETE, { ...scope, id, itemId });
  }

  @Get(':quoteId/payments')
  @ApiOperation({ summary: "The payments the quote received, by the day they were paid; the quote's paidTotal and dueTotal sum them." })
  payments(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string): Promise<PaymentView[]> {
    return this.rpc.send(PAYMENTS_LIST, { ...scope, id });
  }

  /** Recording what the customer paid is everyday work: a tenant user records payments too. */
  @Post(':quoteId/payments')
  @QuoteWriters()
  @ApiOperation({ summary: 'Records a payment received (day, today at the latest; amount; method).' })
  addPayment(@CurrentScope() scope: TenantScope, @Param('quoteId', quoteIdParam) id: string, @Body() data: PaymentDto): Promise<PaymentView> {
    return this.rpc.send(PAYMENTS_ADD, { ...scope, id, data });
  }

  @Delete(':quoteId/payments/:paymentId')
  @QuoteWriters()
  @HttpCode(204)
  async removePayment(
    @CurrentScope() scope: TenantScope,
    @Param('quoteId', quoteIdParam) id: string,
    @Param('paymentId', uuidParam('paymentId')) itemId: string,
  ): Promise<void> {
    await this.rpc.send(PAYMENTS_DELETE, { ...scope, id, itemId });
  }
}
