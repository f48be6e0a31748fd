import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUTH_ME,
  type CreateQuoteDto,
  type Principal,
  type QuoteCreatorView,
  type QuoteDetailView,
  type QuoteListFilters,
  type QuotesListRequest,
  type QuotesPage,
  toCents,
  type UpdateQuoteDto,
} from '@quotebook/contracts';
import { pageEnd, pageStart, requireResourceId, requireTenantAccess, RpcClient } from '@quotebook/server-core';
import { readTenant, withTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import { QuotingEnv } from '../env';
import { pricedQuote } from '../pricing/quote-pricing';
import { assertDepositFits, setsDeposit } from '../payments/quote-schedule';
import { draftOfItem, QuotePricingService, storeItems } from '../pricing/quote-pricing.service';
import { assertExpiryNotPast, assertVersion, changedQuote, draftsOfList, newQuoteFields, totalSentByHand } from './quote-drafts';
import {
  insertQuote,
  lockQuote,
  type QuoteCreator,
  quoteNotFound,
  readItems,
  readQuoteCreators,
  readQuoteDetail,
  saveQuote,
  storeQuoteFigures,
} from './quote-rows';
import { assertQuoteFits } from './quote-size';
import { readQuotesPage } from './quotes-list';

/** Quotes: every user of the agency reads and writes them. */
@Injectable()
export class QuotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pricing: QuotePricingService,
    private readonly rpc: RpcClient,
    private readonly env: QuotingEnv,
  ) {}

  /** One page of the filtered list, bounded by bytes; the first page of what the caller reads counts the matches. */
  async list(principal: Principal, tenantId: string, request: Pick<QuotesListRequest, 'cursor' | 'until' | 'offset'>, filters: QuoteListFilters): Promise<QuotesPage> {
    requireTenantAccess(principal, tenantId);
    const start = pageStart(request.cursor);
    const until = pageEnd(request.until, start);
    const counted = start === (typeof request.offset === 'number' ? request.offset : 0);
    return readTenant(this.dataSource, tenantId, (manager) => readQuotesPage(manager, tenantId, filters, { start, until, counted }));
  }

  /** Who created the agency's quotes, for the list's "Creato da" filter. */
  async creators(principal: Principal, tenantId: string): Promise<QuoteCreatorView[]> {
    requireTenantAccess(principal, tenantId);
    return readTenant(this.dataSource, tenantId, (manager) => readQuoteCreators(manager, tenantId));
  }

  async get(principal: Principal, tenantId: string, id: string): Promise<QuoteDetailView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readTenant(this.dataSource, tenantId, (manager) => readQuoteDetail(manager, tenantId, quoteId));
  }

  /**
   * A new quote (pending, valid for 30 days, unless the request says otherwise) with the products
   * chosen, priced, numbered and signed by its creator; the catalogue and identity are asked before the
   * transaction starts.
   */
  async create(principal: Principal, tenantId: string, dto: CreateQuoteDto): Promise<QuoteDetailView> {
    requireTenantAccess(principal, tenantId);
    const timeZone = this.env.BUSINESS_TIME_ZONE;
    const drafts = draftsOfList('items', dto.items ?? []);
    const fields = newQuoteFields(dto, timeZone);
    assertExpiryNotPast(fields, timeZone);
    const [pricing, creator] = await Promise.all([this.pricing.price(principal, tenantId, fields, drafts, 'customerId'), this.creatorOf(principal)]);
    const withItems = drafts.length > 0;
    const quote = pricedQuote(fields, pricing, { itemsChanged: withItems, customerField: 'customerId' });
    // without items, a total the creation gives is set by hand; with them, the total is what they add up to
    const sentTotalCents = withItems ? null : toCents(dto.totalAmount ?? 0);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const id = await insertQuote(manager, tenantId, quote, creator, timeZone);
      await storeItems(manager, tenantId, id, pricing.items);
      await storeQuoteFigures(manager, tenantId, id, sentTotalCents);
      if (setsDeposit(dto)) await assertDepositFits(manager, tenantId, id);
      await assertQuoteFits(manager, tenantId, id);
      return readQuoteDetail(manager, tenantId, id);
    });
  }

  /**
   * Changes what is sent. A new service date or customer prices the items again; the total then
   * follows them, unless it was set by hand (by this request or before).
   */
  async update(principal: Principal, tenantId: string, id: string, dto: UpdateQuoteDto): Promise<QuoteDetailView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const quote = await lockQuote(manager, tenantId, quoteId);
      assertVersion(quote, dto.version);
      const changed = changedQuote(quote, dto, this.env.BUSINESS_TIME_ZONE);
      const customerChanged = changed.customer_id !== quote.customer_id;
      const sentTotalCents = totalSentByHand(quote, dto.totalAmount);
      if (customerChanged || changed.service_date !== quote.service_date) {
        const items = await readItems(manager, tenantId, quoteId);
        const change = { itemsChanged: false, customerField: customerChanged ? 'customerId' : null };
        await this.pricing.reprice(manager, principal, changed, items.map((item) => draftOfItem(item)), change, sentTotalCents);
      } else {
        await saveQuote(manager, changed);
        // the status decides which items count
        await storeQuoteFigures(manager, tenantId, quoteId, sentTotalCents);
      }
      if (setsDeposit(dto)) await assertDepositFits(manager, tenantId, quoteId);
      await assertQuoteFits(manager, tenantId, quoteId);
      return readQuoteDetail(manager, tenantId, quoteId);
    });
  }

  /** Removes the quote with its items and consumptions (the foreign keys cascade). */
  async delete(principal: Principal, tenantId: string, id: string): Promise<{ deleted: true }> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    await withTenant(this.dataSource, tenantId, async (manager) => {
      const [, deleted]: [unknown, number] = await manager.query(`DELETE FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`, [tenantId, quoteId]);
      if (!deleted) throw quoteNotFound();
    });
    return { deleted: true };
  }

  /** The creator of a quote: the acting user, with the full name identity knows them by. */
  private async creatorOf(principal: Principal): Promise<QuoteCreator> {
    const user = await this.rpc.send(AUTH_ME, { principal });
    return { id: user.id, name: user.name };
  }
}

/** A quote id from a request: something that is no UUID names no quote. */
export const requireQuoteId = (id: unknown) => requireResourceId(id, 'Quote');
