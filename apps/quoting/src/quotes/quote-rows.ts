import {
  type Confirmation,
  type DepositKind,
  formatCents,
  type ConsumptionView,
  type PriceSource,
  type QuoteAnswer,
  type QuoteDetailView,
  type QuoteItemView,
  type QuoteCreatorView,
  type QuoteStatus,
  type QuoteView,
  QUOTE_MESSAGES,
  quoteShortId,
  toCents,
  vatLabel,
} from '@quotebook/contracts';
import { formatQuoteNumber, itemParticipants, lineFigures, marginCents, marginPercent, MAX_MONEY, pricePerPersonCents } from '@quotebook/domain';
import { appError, inOrderOf } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import type { DataSource, EntityManager } from 'typeorm';
import '../wall-clock';
import { SCHEDULE_COLUMNS, SCHEDULE_JOINS, type ScheduleRow, scheduleOfQuote } from '../payments/quote-schedule';
import { figuredItem, figuresOfQuote } from './quote-figures';

/** formatQuoteNumber in SQL, on the number columns of the quotes aliased `alias`: 2026/0042, 2026/12345. */
export const quoteNumberSql = (alias: string): string =>
  `${alias}.number_year::text || '/' || lpad(${alias}.number_seq::text, greatest(4, length(${alias}.number_seq::text)), '0')`;

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
  /** the gross total: what the counted items and consumptions add up to, or manual_total */
  total_amount: string;
  net_amount: string;
  vat_amount: string;
  /** the gross total a person set by hand; null: the total follows the items and consumptions */
  manual_total: string | null;
  /** the order-confirmed items' gross plus the consumptions */
  confirmed_amount: string;
  /** the counted lines' costs, net_amount less them, and the optional lines' gross (see figuresOfQuote) */
  cost_total: string | null;
  margin_total: string | null;
  optional_total: string;
  number_year: number;
  number_seq: number;
  created_by: string | null;
  created_by_name: string | null;
  price_list_id: string | null;
  price_list_name: string | null;
  version: number;
  /** the number of the last revision sent, when it was sent and the customer's answer to it (see the customer loop) */
  latest_revision: number | null;
  last_sent_at: Date | null;
  customer_answer: QuoteAnswer | null;
  /** the deposit asked and the balance's own days (see payment-schedule) */
  deposit_kind: DepositKind;
  deposit_value: string | null;
  balance_due_days: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What a quote's items count, read with it. */
interface QuoteTotalsRow {
  item_count: number;
  confirmed_item_count: number;
  unavailable_item_count: number;
  empty_confirmed_item_count: number;
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
  /** whether the product had a priced period on the service date when the item was last priced */
  available: boolean;
  /** the automatic price before the price list's reductions, when they applied */
  list_price: string | null;
  min_participants: number | null;
  charged_participants: number;
  catalogue_description: string | null;
  /** the line's cost: the period's (auto) or set by hand (manual); null when unknown */
  cost: string | null;
  cost_source: PriceSource;
  optional: boolean;
  free_places: number;
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

/**
 * The columns a quote's write sets (its id, tenant, version and times are the database's business; its
 * number and creator are given once, at creation; its figures follow from its items, see storeQuoteFigures).
 */
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
  'price_list_id',
  'price_list_name',
  'deposit_kind',
  'deposit_value',
  'balance_due_days',
] as const satisfies readonly (keyof QuoteRow)[];

export type QuoteFields = Pick<QuoteRow, (typeof QUOTE_WRITABLE_COLUMNS)[number]>;

const QUOTE_VIEW_SELECT = `
  SELECT quote.*, totals.item_count, totals.confirmed_item_count, totals.unavailable_item_count, totals.empty_confirmed_item_count,
         ${SCHEDULE_COLUMNS}
    FROM quoting.quotes quote
   ${SCHEDULE_JOINS}
   CROSS JOIN LATERAL (
         SELECT count(*)::int AS item_count,
                (count(*) FILTER (WHERE item.order_confirmed))::int AS confirmed_item_count,
                -- a manual price defines what the catalogue does not
                (count(*) FILTER (WHERE NOT item.available AND item.price_source = 'auto'))::int AS unavailable_item_count,
                (count(*) FILTER (WHERE item.order_confirmed AND item.confirmed_participants = 0))::int AS empty_confirmed_item_count
           FROM quoting.quote_items item
          WHERE item.tenant_id = quote.tenant_id AND item.quote_id = quote.id) totals`;

const money = (value: string) => formatCents(toCents(value));

/** confirmationOf, from the counts the list reads instead of the items. */
function confirmationOfCounts(items: number, confirmed: number): Confirmation {
  if (confirmed === 0) return 'none';
  return confirmed === items ? 'all' : 'some';
}

export function mapQuote(row: QuoteRow & QuoteTotalsRow & ScheduleRow): QuoteView {
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
    netAmount: money(row.net_amount),
    vatAmount: money(row.vat_amount),
    totalSetByHand: row.manual_total !== null,
    confirmedTotal: money(row.confirmed_amount),
    costTotal: row.cost_total === null ? null : money(row.cost_total),
    marginTotal: row.margin_total === null ? null : money(row.margin_total),
    marginPercent: row.cost_total === null ? null : marginPercent(toCents(row.net_amount), toCents(row.cost_total)),
    optionalTotal: money(row.optional_total),
    number: formatQuoteNumber(row.number_year, row.number_seq),
    createdById: row.created_by,
    createdByName: row.created_by_name,
    unavailableItemCount: row.unavailable_item_count,
    emptyConfirmedItemCount: row.empty_confirmed_item_count,
    confirmation: confirmationOfCounts(row.item_count, row.confirmed_item_count),
    itemCount: row.item_count,
    confirmedItemCount: row.confirmed_item_count,
    priceListId: row.price_list_id,
    priceListName: row.price_list_name,
    version: row.version,
    latestRevision: row.latest_revision,
    lastSentAt: row.last_sent_at === null ? null : row.last_sent_at.toISOString(),
    customerAnswer: row.customer_answer,
    ...scheduleOfQuote(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function mapItem(row: ItemRow): QuoteItemView {
  const figures = lineFigures({ totalCents: toCents(row.total_price), priceIncludesVat: row.price_includes_vat, vatRate: row.vat_rate });
  const costCents = row.cost === null ? null : toCents(row.cost);
  const margin = marginCents(figures.netCents, costCents);
  const payingParticipants = Math.max(0, itemParticipants({ quantity: row.quantity, orderConfirmed: row.order_confirmed, confirmedParticipants: row.confirmed_participants }) - row.free_places);
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
    listPrice: row.list_price === null ? null : money(row.list_price),
    availableOnServiceDate: row.available,
    minParticipants: row.min_participants,
    chargedParticipants: row.charged_participants,
    catalogueDescription: row.catalogue_description,
    netPrice: formatCents(figures.netCents),
    vatAmount: formatCents(figures.vatCents),
    grossPrice: formatCents(figures.grossCents),
    optional: row.optional,
    cost: costCents === null ? null : formatCents(costCents),
    costSource: row.cost_source,
    freePlaces: row.free_places,
    payingParticipants,
    pricePerPerson: formatCents(pricePerPersonCents(figures.grossCents, payingParticipants)),
    margin: margin === null ? null : formatCents(margin),
    marginPercent: marginPercent(figures.netCents, costCents),
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
  const rows: (QuoteRow & QuoteTotalsRow & ScheduleRow)[] = await manager.query(
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

/** Who creates a quote: the user's id and full name, kept as they were then. */
export interface QuoteCreator {
  id: string;
  name: string;
}

/**
 * A new quote with the next number of its agency in its creation year (business time zone); its id.
 * The counter is taken in the transaction that inserts the quote: concurrent creations wait for each
 * other's number, and a creation that fails gives its number back.
 */
export async function insertQuote(manager: EntityManager, tenantId: string, fields: QuoteFields, creator: QuoteCreator, timeZone: string): Promise<string> {
  const [{ year, seq }]: { year: number; seq: number }[] = await manager.query(
    `INSERT INTO quoting.quote_numbers AS counter (tenant_id, year, last_seq)
     VALUES ($1, extract(year FROM now() AT TIME ZONE $2)::int, 1)
     ON CONFLICT (tenant_id, year) DO UPDATE SET last_seq = counter.last_seq + 1
     RETURNING counter.year, counter.last_seq AS seq`,
    [tenantId, timeZone],
  );
  const columns = ['tenant_id', 'number_year', 'number_seq', 'created_by', 'created_by_name', ...QUOTE_WRITABLE_COLUMNS];
  const values = [tenantId, year, seq, creator.id, creator.name, ...QUOTE_WRITABLE_COLUMNS.map((column) => fields[column])];
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

/** The largest amount a money column holds, in cents. */
export const MAX_CENTS = toCents(MAX_MONEY);

/**
 * Works out and stores the quote's figures from what it holds now: its gross total, net and VAT, its
 * confirmed items' gross, and its total set by hand. Every write of what they depend on (items, service
 * date or customer, status, consumptions) ends here, inside the quote's transaction; the version is not
 * raised (a consumption changes the figures, not what an editor holds). `sentTotalCents` is a total a
 * request sets by hand: what the items and consumptions add up to makes the total automatic again.
 */
export async function storeQuoteFigures(manager: EntityManager, tenantId: string, quoteId: string, sentTotalCents: number | null = null): Promise<void> {
  const [quote]: Pick<QuoteRow, 'status' | 'manual_total'>[] = await manager.query(
    `SELECT status, manual_total FROM quoting.quotes WHERE tenant_id = $1 AND id = $2`,
    [tenantId, quoteId],
  );
  const items = await readItems(manager, tenantId, quoteId);
  const [{ consumptions }]: { consumptions: string }[] = await manager.query(
    `SELECT coalesce(sum(total_value), 0)::text AS consumptions FROM quoting.service_consumptions WHERE tenant_id = $1 AND quote_id = $2`,
    [tenantId, quoteId],
  );
  if (!quote) throw quoteNotFound();
  const figured = items.map(figuredItem);
  const figuresWith = (manualTotalCents: number | null) =>
    figuresOfQuote({ status: quote.status, items: figured, consumptionsCents: toCents(consumptions), manualTotalCents });
  const stored = quote.manual_total === null ? null : toCents(quote.manual_total);
  let manualTotalCents = sentTotalCents ?? stored;
  if (sentTotalCents !== null && sentTotalCents === figuresWith(null).automaticGrossCents) manualTotalCents = null;
  const figures = figuresWith(manualTotalCents);
  if (Math.max(figures.total.grossCents, figures.confirmedGrossCents, figures.optionalGrossCents, figures.costCents ?? 0) > MAX_CENTS) {
    throw appError('VALIDATION_FAILED', [`totalAmount: the items and consumptions would add up to more than ${MAX_MONEY}`]);
  }
  await manager.query(
    `UPDATE quoting.quotes SET total_amount = $3, net_amount = $4, vat_amount = $5, confirmed_amount = $6, manual_total = $7,
            cost_total = $8, margin_total = $9, optional_total = $10
      WHERE tenant_id = $1 AND id = $2`,
    [
      tenantId,
      quoteId,
      formatCents(figures.total.grossCents),
      formatCents(figures.total.netCents),
      formatCents(figures.total.vatCents),
      formatCents(figures.confirmedGrossCents),
      manualTotalCents === null ? null : formatCents(manualTotalCents),
      figures.costCents === null ? null : formatCents(figures.costCents),
      figures.marginCents === null ? null : formatCents(figures.marginCents),
      formatCents(figures.optionalGrossCents),
    ],
  );
}

/** Who created the agency's quotes, by name (one entry per user, under the name of their latest quote). */
export async function readQuoteCreators(manager: EntityManager, tenantId: string): Promise<QuoteCreatorView[]> {
  return manager.query(
    `SELECT id, name FROM (
       SELECT DISTINCT ON (created_by) created_by AS id, created_by_name AS name
         FROM quoting.quotes WHERE tenant_id = $1 AND created_by IS NOT NULL
        ORDER BY created_by, created_at DESC, id) creators
      ORDER BY lower(name), id`,
    [tenantId],
  );
}
