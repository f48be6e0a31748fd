import {
  type Confirmation,
  formatCents,
  type ConsumptionView,
  type PriceSource,
  type QuoteDetailView,
  type QuoteItemView,
  type QuoteStatus,
  type QuoteView,
  QUOTE_MESSAGES,
  quoteShortId,
  toCents,
  vatLabel,
} from '@quotebook/contracts';
import { appError, inOrderOf, readTenant } from '@quotebook/server-core';
import type { DataSource, EntityManager } from 'typeorm';
import '../wall-clock';

/*
 * The quoting schema's rows as the service reads and writes them, in plain SQL: the date-times are
 * wall clocks kept as text (see wall-clock.ts), which an ORM would turn into instants.
 */

/** A quote's own columns; money and dates as PostgreSQL writes them ("365.00", "2026-07-15"). */
export interface QuoteRow {
  id: string;
  tenant_id: string;
  customer_id: string;
  customer_name: string;
  subject: string | null;
  service_date: string;
  expiry_date: string;
  booking_date_time: string | null;
  actual_service_date_time: string | null;
  status: QuoteStatus;
  service_start_time: string | null;
  estimated_end_time: string | null;
  service_end_time: string | null;
  service_notes: string | null;
  actual_participants: number;
  total_amount: string;
  price_list_id: string | null;
  price_list_name: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a quote's items add up to, read with it. */
interface QuoteTotalsRow {
  item_count: number;
  confirmed_item_count: number;
  confirmed_total: string;
}

export interface ItemRow {
  id: string;
  quote_id: string;
  product_id: string;
  product_code: string;
  description: string;
  quantity: number;
  unit_price: string;
  total_price: string;
  computed_price: string;
  price_source: PriceSource;
  order_confirmed: boolean;
  confirmed_participants: number;
  price_includes_vat: boolean;
  vat_rate: string | null;
  price_list_applied: boolean;
  created_at: Date;
}

export interface ConsumptionRow {
  id: string;
  quote_id: string;
  product_id: string | null;
  description: string;
  quantity: number;
  unit_value: string;
  total_value: string;
  consumed_at: string;
}

/** The columns a quote's write sets (its id, tenant, version and times are the database's business). */
export const QUOTE_WRITABLE_COLUMNS = [
  'customer_id',
  'customer_name',
  'subject',
  'service_date',
  'expiry_date',
  'booking_date_time',
  'actual_service_date_time',
  'status',
  'service_start_time',
  'estimated_end_time',
  'service_end_time',
  'service_notes',
  'actual_participants',
  'total_amount',
  'price_list_id',
  'price_list_name',
] as const satisfies readonly (keyof QuoteRow)[];

export type QuoteFields = Pick<QuoteRow, (typeof QUOTE_WRITABLE_COLUMNS)[number]>;

const QUOTE_VIEW_SELECT = `
  SELECT quote.*, totals.item_count, totals.confirmed_item_count, totals.confirmed_total
    FROM quoting.quotes quote
   CROSS JOIN LATERAL (
         SELECT count(*)::int AS item_count,
                (count(*) FILTER (WHERE item.order_confirmed))::int AS confirmed_item_count,
                coalesce(sum(item.total_price) FILTER (WHERE item.order_confirmed), 0)::text AS confirmed_total
           FROM quoting.quote_items item
          WHERE item.tenant_id = quote.tenant_id AND item.quote_id = quote.id) totals`;

const money = (value: string) => formatCents(toCents(value));

/** confirmationOf, from the counts the list reads instead of the items. */
function confirmationOfCounts(items: number, confirmed: number): Confirmation {
  if (confirmed === 0) return 'none';
  return confirmed === items ? 'all' : 'some';
}

export function mapQuote(row: QuoteRow & QuoteTotalsRow): QuoteView {
  return {
    id: row.id,
    shortId: quoteShortId(row.id),
    customerId: row.customer_id,
    customerName: row.customer_name,
    subject: row.subject,
    serviceDate: row.service_date,
    expiryDate: row.expiry_date,
    bookingDateTime: row.booking_date_time,
    actualServiceDateTime: row.actual_service_date_time,
    status: row.status,
    serviceStartTime: row.service_start_time,
    estimatedEndTime: row.estimated_end_time,
    serviceEndTime: row.service_end_time,
    serviceNotes: row.service_notes,
    actualParticipants: row.actual_participants,
    totalAmount: money(row.total_amount),
    confirmedTotal: money(row.confirmed_total),
    confirmation: confirmationOfCounts(row.item_count, row.confirmed_item_count),
    itemCount: row.item_count,
    confirmedItemCount: row.confirmed_item_count,
    priceListId: row.price_list_id,
    priceListName: row.price_list_name,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function mapItem(row: ItemRow): QuoteItemView {
  return {
    id: row.id,
    quoteId: row.quote_id,
    productId: row.product_id,
    productCode: row.product_code,
    description: row.description,
    quantity: row.quantity,
    unitPrice: money(row.unit_price),
    totalPrice: money(row.total_price),
    computedPrice: money(row.computed_price),
    priceSource: row.price_source,
    orderConfirmed: row.order_confirmed,
    confirmedParticipants: row.confirmed_participants,
    priceIncludesVat: row.price_includes_vat,
    vatRate: row.vat_rate === null ? null : money(row.vat_rate),
    vatLabel: vatLabel(row.price_includes_vat, row.vat_rate),
    priceListApplied: row.price_list_applied,
    createdAt: row.created_at.toISOString(),
  };
}

export function mapConsumption(row: ConsumptionRow): ConsumptionView {
  return {
    id: row.id,
    quoteId: row.quote_id,
    productId: row.product_id,
    description: row.description,
    quantity: row.quantity,
    unitValue: money(row.unit_value),
    totalValue: money(row.total_value),
    consumedAt: row.consumed_at,
  };
}

export const quoteNotFound = () => appError('NOT_FOUND', QUOTE_MESSAGES.quoteNotFound);

/** The agency's quotes of these ids as the list shows them, in the order of the ids. */
export async function readQuoteViews(manager: EntityManager, tenantId: string, ids: readonly string[]): Promise<QuoteView[]> {
  if (ids.length === 0) return [];
  const rows: (QuoteRow & QuoteTotalsRow)[] = await manager.query(
    `${QUOTE_VIEW_SELECT} WHERE quote.tenant_id = $1 AND quote.id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return inOrderOf(ids, rows.map(mapQuote));
}

/** The quote's items, oldest first. */
export async function readItems(manager: EntityManager, tenantId: string, quoteId: string): Promise<ItemRow[]> {
  return manager.query(`SELECT * FROM quoting.quote_items WHERE tenant_id = $1 AND quote_id = $2 ORDER BY created_at, id`, [
    tenantId,
    quoteId,
  ]);
}

/** The quote's consumptions, in the order they were consumed. */
export async function readConsumptions(manager: EntityManager, tenantId: string, quoteId: string): Promise<ConsumptionRow[]> {
  return manager.query(
    `SELECT * FROM quoting.service_consumptions WHERE tenant_id = $1 AND quote_id = $2 ORDER BY consumed_at, created_at, id`,
    [tenantId, quoteId],
  );
}

/** The quote with its items and consumptions, or 404. */
export async function readQuoteDetail(manager: EntityManager, tenantId: string, quoteId: string): Promise<QuoteDetailView> {
  // independent reads, started together: a read of the tenant sends them in one message
  const [[quote], items, consumptions] = await Promise.all([
    readQuoteViews(manager, tenantId, [quoteId]),
    readItems(manager, tenantId, quoteId),
    readConsumptions(manager, tenantId, quoteId),
  ]);
  if (!quote) throw quoteNotFound();
  return { ...quote, items: items.map(mapItem), consumptions: consumptions.map(mapConsumption) };
}

/** Reads what `read` reads of one quote of the agency, in one transaction: 404 unless the agency has the quote. */
export function readOfQuote<T>(dataSource: DataSource, tenantId: string, quoteId: string, read: (manager: EntityManager) => Promise<T>): Promise<T> {
  return readTenant(dataSource, tenantId, async (manager) => {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`, [tenantId, quoteId]);
    if (rows.length === 0) throw quoteNotFound();
    return read(manager);
  });
}

/**
 * The quote's row, locked until the transaction ends: every write of a quote, its items or its
 * consumptions takes this lock first, so concurrent writers of one quote take turns.
 */
export async function lockQuote(manager: EntityManager, tenantId: string, quoteId: string): Promise<QuoteRow> {
  const [row]: QuoteRow[] = await manager.query(`SELECT * FROM quoting.quotes WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [
    tenantId,
    quoteId,
  ]);
  if (!row) throw quoteNotFound();
  return row;
}

/** A new quote; its id. */
export async function insertQuote(manager: EntityManager, tenantId: string, fields: QuoteFields): Promise<string> {
  const columns = ['tenant_id', ...QUOTE_WRITABLE_COLUMNS];
  const values = [tenantId, ...QUOTE_WRITABLE_COLUMNS.map((column) => fields[column])];
  const [{ id }]: { id: string }[] = await manager.query(
    `INSERT INTO quoting.quotes (${columns.join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
    values,
  );
  return id;
}

/** Writes the quote's fields and counts the change: its version rises by one. */
export async function saveQuote(manager: EntityManager, quote: QuoteRow): Promise<void> {
  const assignments = QUOTE_WRITABLE_COLUMNS.map((column, index) => `${column} = $${index + 3}`);
  await manager.query(
    `UPDATE quoting.quotes SET ${assignments.join(', ')}, version = version + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
    [quote.tenant_id, quote.id, ...QUOTE_WRITABLE_COLUMNS.map((column) => quote[column])],
  );
}
