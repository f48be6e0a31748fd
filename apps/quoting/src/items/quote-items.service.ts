import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MAX_QUOTE_ITEMS,
  type Principal,
  type QuoteItemDto,
  type QuoteItemView,
  QUOTE_MESSAGES,
  type ReplaceQuoteItemsDto,
  toCents,
  type UpdateQuoteItemDto,
} from '@quotebook/contracts';
import { appError, requireResourceId, requireTenantAccess } from '@quotebook/server-core';
import { withTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import type { ItemDraft } from '../pricing/quote-pricing';
import { draftOfItem, itemDuplicate, QuotePricingService } from '../pricing/quote-pricing.service';
import { assertVersion, draftOfRequest, draftsOfList } from '../quotes/quote-drafts';
import { type ItemRow, lockQuote, mapItem, readItems, readOfQuote } from '../quotes/quote-rows';
import { assertQuoteFits } from '../quotes/quote-size';
import { requireQuoteId } from '../quotes/quotes.service';

const itemNotFound = () => appError('NOT_FOUND', QUOTE_MESSAGES.itemNotFound);

/** `null` clears a value, absent keeps the current one: the cents of a money value as a change sets them. */
const centsChange = (value: string | number | null | undefined, current: number | null) =>
  value === undefined ? current : value === null ? null : toCents(value);

/**
 * A quote's items. Every change prices the whole quote again (one question to the catalogue) and
 * applies the status rule, the booking time and the total.
 */
@Injectable()
export class QuoteItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pricing: QuotePricingService,
  ) {}

  async list(principal: Principal, tenantId: string, id: string): Promise<QuoteItemView[]> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    return readOfQuote(this.dataSource, tenantId, quoteId, async (manager) => (await readItems(manager, tenantId, quoteId)).map(mapItem));
  }

  /** One more product (a product the quote holds already is a conflict). */
  async add(principal: Principal, tenantId: string, id: string, dto: QuoteItemDto): Promise<QuoteItemView> {
    requireTenantAccess(principal, tenantId);
    const items = await this.changing(principal, tenantId, requireQuoteId(id), undefined, (current) => {
      if (current.some((item) => item.product_id === dto.productId)) throw itemDuplicate();
      if (current.length >= MAX_QUOTE_ITEMS) throw appError('LIMIT_REACHED', [`A quote can hold at most ${MAX_QUOTE_ITEMS} products`]);
      return [...current.map((item) => draftOfItem(item)), draftOfRequest(dto, 'productId', null)];
    });
    return mapItem(items.find((item) => item.product_id === dto.productId) as ItemRow);
  }

  /** The quote's items become exactly these (items of a product it held keep their id and creation time). */
  async replace(principal: Principal, tenantId: string, id: string, dto: ReplaceQuoteItemsDto): Promise<QuoteItemView[]> {
    requireTenantAccess(principal, tenantId);
    const items = await this.changing(principal, tenantId, requireQuoteId(id), dto.version, (current) => draftsOfList('items', dto.items, current));
    return items.map(mapItem);
  }

  /** Changes what is sent of one item; a null price returns it to the automatic one. */
  async update(principal: Principal, tenantId: string, id: string, itemId: string, dto: UpdateQuoteItemDto): Promise<QuoteItemView> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const changedId = requireResourceId(itemId, 'Quote item');
    const items = await this.changing(principal, tenantId, quoteId, undefined, (current) => {
      if (!current.some((item) => item.id === changedId)) throw itemNotFound();
      return current.map((item) => (item.id === changedId ? changedItem(draftOfItem(item), dto) : draftOfItem(item)));
    });
    return mapItem(items.find((item) => item.id === changedId) as ItemRow);
  }

  async delete(principal: Principal, tenantId: string, id: string, itemId: string): Promise<{ deleted: true }> {
    requireTenantAccess(principal, tenantId);
    const quoteId = requireQuoteId(id);
    const removedId = requireResourceId(itemId, 'Quote item');
    await this.changing(principal, tenantId, quoteId, undefined, (current) => {
      if (!current.some((item) => item.id === removedId)) throw itemNotFound();
      return current.filter((item) => item.id !== removedId).map((item) => draftOfItem(item));
    });
    return { deleted: true };
  }

  /**
   * The quote's items as `change` makes them, priced and stored under the quote's lock, with the quote
   * following them; `version`, when sent, must be the quote's.
   */
  private changing(
    principal: Principal,
    tenantId: string,
    quoteId: string,
    version: number | undefined,
    change: (items: ItemRow[]) => ItemDraft[],
  ): Promise<ItemRow[]> {
    return withTenant(this.dataSource, tenantId, async (manager) => {
      const quote = await lockQuote(manager, tenantId, quoteId);
      assertVersion(quote, version);
      const drafts = change(await readItems(manager, tenantId, quoteId));
      const items = await this.pricing.reprice(manager, principal, quote, drafts, { itemsChanged: true, customerField: null });
      await assertQuoteFits(manager, tenantId, quoteId);
      return items;
    });
  }
}

function changedItem(draft: ItemDraft, dto: UpdateQuoteItemDto): ItemDraft {
  return {
    ...draft,
    quantity: dto.quantity ?? draft.quantity,
    orderConfirmed: dto.orderConfirmed ?? draft.orderConfirmed,
    confirmedParticipants: dto.confirmedParticipants ?? draft.confirmedParticipants,
    manualCents: centsChange(dto.totalPrice, draft.manualCents),
    givenUnitCents: centsChange(dto.unitPrice, draft.givenUnitCents),
    manualCostCents: centsChange(dto.cost, draft.manualCostCents),
    optional: dto.optional ?? draft.optional,
    description: dto.description === undefined ? draft.description : dto.description || null,
  };
}
