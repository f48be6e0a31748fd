import { Injectable } from '@nestjs/common';
import { CATALOGUE_QUOTE_PRICING, formatCents, type Principal, QUOTE_MESSAGES, toCents } from '@quotebook/contracts';
import { appError, RpcClient, withConstraintErrors } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';
import { type ItemRow, type QuoteRow, readItems, saveQuote, storeQuoteFigures } from '../quotes/quote-rows';
import { type ItemDraft, type PricedItem, type PricingChange, pricedQuote, priceQuote, type QuotePricing } from './quote-pricing';

/** Two items of one product in one quote: the unique constraint has the last word over racing writers. */
export const itemDuplicate = () => appError('QUOTE_ITEM_DUPLICATE', QUOTE_MESSAGES.productAlreadyInQuote);

/**
 * Where a quote is priced: create, update and every change of its items come here. The catalogue is
 * asked once per pricing, for all the quote's products and its customer together; the answer is
 * stored with each item (code, VAT, prices), so reading a quote never asks the catalogue again.
 */
@Injectable()
export class QuotePricingService {
  constructor(private readonly rpc: RpcClient) {}

  /** The items priced on the quote's service date for its customer; 400 naming each field the catalogue does not know. */
  async price(
    principal: Principal,
    tenantId: string,
    quote: Pick<QuoteRow, 'customer_id' | 'service_date'>,
    drafts: readonly ItemDraft[],
    customerField: string | null,
  ): Promise<QuotePricing> {
    const data = await this.rpc.send(CATALOGUE_QUOTE_PRICING, {
      principal,
      tenantId,
      productIds: [...new Set(drafts.map((draft) => draft.productId))],
      customerId: quote.customer_id,
      serviceDate: quote.service_date,
    });
    const { pricing, problems } = priceQuote(drafts, data, quote.service_date, customerField);
    if (problems.length > 0) throw appError('VALIDATION_FAILED', problems);
    return pricing;
  }

  /** Whether a product is one of the agency's, asked of the catalogue. */
  async isProductOfTenant(principal: Principal, tenantId: string, productId: string): Promise<boolean> {
    const { products } = await this.rpc.send(CATALOGUE_QUOTE_PRICING, { principal, tenantId, productIds: [productId], customerId: null, serviceDate: null });
    return products.some((product) => product.id === productId);
  }

  /**
   * Prices the quote's items as they are to be, stores them (and nothing else of the quote's items),
   * and stores the quote with what it takes from them and its figures; the quote's version rises. Runs
   * inside the quote's locked transaction. `sentTotalCents`: a total the request sets by hand.
   */
  async reprice(
    manager: EntityManager,
    principal: Principal,
    quote: QuoteRow,
    drafts: readonly ItemDraft[],
    change: PricingChange,
    sentTotalCents: number | null = null,
  ): Promise<ItemRow[]> {
    const pricing = await this.price(principal, quote.tenant_id, quote, drafts, change.customerField);
    const items = await storeItems(manager, quote.tenant_id, quote.id, pricing.items);
    await saveQuote(manager, pricedQuote(quote, pricing, change));
    await storeQuoteFigures(manager, quote.tenant_id, quote.id, sentTotalCents);
    return items;
  }
}

/**
 * The quote's items become exactly `items`: the others are deleted, those with an id updated (keeping
 * their creation time), the new ones inserted in their order. Answers the items as stored.
 */
export async function storeItems(manager: EntityManager, tenantId: string, quoteId: string, items: readonly PricedItem[]): Promise<ItemRow[]> {
  const kept = items.filter((item) => item.id !== null);
  await manager.query(`DELETE FROM quoting.quote_items WHERE tenant_id = $1 AND quote_id = $2 AND NOT (id = ANY($3::uuid[]))`, [
    tenantId,
    quoteId,
    kept.map((item) => item.id),
  ]);
  if (kept.length > 0) {
    await manager.query(
      `UPDATE quoting.quote_items item
          SET ${ITEM_COLUMNS.map((column) => `${column} = draft.${column}`).join(', ')}, updated_at = now()
         FROM jsonb_to_recordset($3::jsonb) AS draft(id uuid, ${ITEM_COLUMN_TYPES})
        WHERE item.tenant_id = $1 AND item.quote_id = $2 AND item.id = draft.id`,
      [tenantId, quoteId, JSON.stringify(kept.map(itemRecord))],
    );
  }
  const added = items.filter((item) => item.id === null);
  if (added.length > 0) {
    // one microsecond apart, so that items added together keep their order
    await withConstraintErrors(
      () =>
        manager.query(
          `INSERT INTO quoting.quote_items (tenant_id, quote_id, ${ITEM_COLUMNS.join(', ')}, created_at)
           SELECT $1, $2, ${ITEM_COLUMNS.map((column) => `draft.${column}`).join(', ')}, now() + draft.position * interval '1 microsecond'
             FROM jsonb_to_recordset($3::jsonb) AS draft(position integer, ${ITEM_COLUMN_TYPES})`,
          [tenantId, quoteId, JSON.stringify(added.map((item, position) => ({ position, ...itemRecord(item) })))],
        ),
      { quote_items_quote_product_key: itemDuplicate },
    );
  }
  return readItems(manager, tenantId, quoteId);
}

/** The stored columns of an item besides its identity, with their types. */
const ITEM_COLUMN_DEFINITIONS = {
  product_id: 'uuid',
  product_code: 'text',
  description: 'text',
  quantity: 'integer',
  unit_price: 'numeric',
  total_price: 'numeric',
  computed_price: 'numeric',
  price_source: 'text',
  order_confirmed: 'boolean',
  confirmed_participants: 'integer',
  price_includes_vat: 'boolean',
  vat_rate: 'numeric',
  price_list_applied: 'boolean',
  available: 'boolean',
  list_price: 'numeric',
  min_participants: 'integer',
  charged_participants: 'integer',
  catalogue_description: 'text',
  cost: 'numeric',
  cost_source: 'text',
  optional: 'boolean',
  free_places: 'integer',
} as const;

type ItemColumn = keyof typeof ITEM_COLUMN_DEFINITIONS;

const ITEM_COLUMNS = Object.keys(ITEM_COLUMN_DEFINITIONS) as ItemColumn[];
const ITEM_COLUMN_TYPES = ITEM_COLUMNS.map((column) => `${column} ${ITEM_COLUMN_DEFINITIONS[column]}`).join(', ');

function itemRecord(item: PricedItem): { id: string | null } & Record<ItemColumn, unknown> {
  return {
    id: item.id,
    product_id: item.productId,
    product_code: item.productCode,
    description: item.description,
    quantity: item.quantity,
    unit_price: formatCents(item.unitCents),
    total_price: formatCents(item.totalCents),
    computed_price: formatCents(item.computedCents),
    price_source: item.priceSource,
    order_confirmed: item.orderConfirmed,
    confirmed_participants: item.confirmedParticipants,
    price_includes_vat: item.priceIncludesVat,
    vat_rate: item.vatRate,
    price_list_applied: item.priceListApplied,
    available: item.available,
    list_price: item.listCents === null ? null : formatCents(item.listCents),
    min_participants: item.minParticipants,
    charged_participants: item.chargedParticipants,
    catalogue_description: item.catalogueDescription,
    cost: item.costCents === null ? null : formatCents(item.costCents),
    cost_source: item.costSource,
    optional: item.optional,
    free_places: item.freePlaces,
  };
}

/** A stored item as the draft of an unchanged item: priced again as it is. */
export function draftOfItem(row: ItemRow, changes: Partial<ItemDraft> = {}): ItemDraft {
  return {
    id: row.id,
    productId: row.product_id,
    quantity: row.quantity,
    orderConfirmed: row.order_confirmed,
    confirmedParticipants: row.confirmed_participants,
    manualCents: row.price_source === 'manual' ? toCents(row.total_price) : null,
    givenUnitCents: row.price_source === 'manual' ? toCents(row.unit_price) : null,
    manualCostCents: row.cost_source === 'manual' && row.cost !== null ? toCents(row.cost) : null,
    optional: row.optional,
    description: row.description,
    wasConfirmed: row.order_confirmed,
    field: null,
    stored: row,
    ...changes,
  };
}
