import type { CustomerView, QuoteCreatorView, QuoteListFilters, QuoteView } from '@quotebook/contracts';
import { addDays, FIGURE_LABELS, formatEuro, SIMPLE_QUOTE_STATUSES, todayIn, type QuoteStatus } from '@quotebook/domain';
import type { SelectOption } from '../../shared/fields/SelectField';

export const DELETE_QUOTE_CONFIRMATION = 'Are you sure you want to delete this quote? This action cannot be undone.';

/** 'pending' → 'Pending' */
export function statusLabel(status: QuoteStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export const statusOptions = (statuses: readonly QuoteStatus[]): SelectOption[] =>
  statuses.map((status) => ({ value: status, label: statusLabel(status) }));

/** The list's status filter: all, or one of the statuses the simple editor offers. */
export const STATUS_FILTER_OPTIONS: SelectOption[] = [{ value: 'all', label: 'All Statuses' }, ...statusOptions(SIMPLE_QUOTE_STATUSES)];

/** What the filter row holds: 'all' for a select left open, '' for a date left empty. */
export interface QuoteFilterValues {
  search: string;
  status: string;
  customerId: string;
  createdBy: string;
  from: string;
  to: string;
}

export const NO_QUOTE_FILTERS: QuoteFilterValues = { search: '', status: 'all', customerId: 'all', createdBy: 'all', from: '', to: '' };

export function quoteFiltersActive(values: QuoteFilterValues): boolean {
  return (
    values.search.trim() !== '' ||
    values.status !== 'all' ||
    values.customerId !== 'all' ||
    values.createdBy !== 'all' ||
    values.from !== '' ||
    values.to !== ''
  );
}

/** The filters as the list call sends them; what is left open is left out. */
export function quoteListFilters(values: QuoteFilterValues): QuoteListFilters {
  const filters: QuoteListFilters = {};
  if (values.search.trim()) filters.search = values.search.trim();
  if (values.status !== 'all') filters.status = values.status as QuoteStatus;
  if (values.customerId !== 'all') filters.customerId = values.customerId;
  if (values.createdBy !== 'all') filters.createdBy = values.createdBy;
  if (values.from) filters.from = values.from;
  if (values.to) filters.to = values.to;
  return filters;
}

/** The first and last day of the month of `today` (the business time zone's), for 'Mese corrente'. */
export function currentMonth(today: string = todayIn()): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number);
  const from = `${today.slice(0, 7)}-01`;
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(nextMonth, -1) };
}

/** `Showing 12 of 120 quotes (sorted by service date)`: the quotes matching the filters, of the agency's quotes. */
export function quoteCountLine(matching: number, total: number): string {
  return `Showing ${matching} of ${total} quotes (sorted by service date)`;
}

/** How the quote is named in the delete confirmation: "#A1B2C3 – Scuola Dante". */
export function quoteName(quote: Pick<QuoteView, 'shortId' | 'customerName'>): string {
  return `#${quote.shortId} – ${quote.customerName}`;
}

export interface QuoteAmount {
  text: string;
  /** a confirmed quote's amount: blue when every item is confirmed, red when some are not yet */
  confirmation?: 'all' | 'some';
  /** what the colour says, for whoever does not see it */
  hint?: string;
}

export const AMOUNT_HINTS = {
  all: 'All products confirmed',
  some: 'Some products are not confirmed yet',
} as const;

/** The list's Amount column: the quote's total, VAT included, the same figure as its document's. */
export const AMOUNT_HEADER = `Amount (${FIGURE_LABELS.total})`;

/**
 * The list's Amount: the quote's total VAT included, the same figure as its document's. A confirmed
 * quote's total is its confirmed products' (recalculated by the server after every change,
 * 'Calculating...' until the list has been read again; 'No confirmed products' without any).
 */
export function quoteAmount(quote: QuoteView, refreshing: boolean): QuoteAmount {
  if (quote.status !== 'confirmed') return { text: formatEuro(quote.totalAmount) };
  if (refreshing) return { text: 'Calculating...' };
  if (quote.confirmedItemCount === 0) return { text: 'No confirmed products' };
  const confirmation = quote.confirmation === 'all' ? 'all' : 'some';
  return { text: formatEuro(quote.totalAmount), confirmation, hint: AMOUNT_HINTS[confirmation] };
}

/** "1 prodotto confermato", "2 prodotti confermati" */
const products = (count: number, adjective = '') =>
  count === 1 ? `1 prodotto${adjective && ` ${adjective}o`}` : `${count} prodotti${adjective && ` ${adjective}i`}`;

/**
 * The warning beside a quote's amount, or null when all is well: lines without a price on its service
 * date, and order-confirmed lines with 0 confirmed participants.
 */
export function quoteWarning(quote: Pick<QuoteView, 'unavailableItemCount' | 'emptyConfirmedItemCount'>): string | null {
  const warnings = [
    quote.unavailableItemCount ? `${products(quote.unavailableItemCount)}: ${FIGURE_LABELS.unavailableOnDate}` : null,
    quote.emptyConfirmedItemCount ? `${products(quote.emptyConfirmedItemCount, 'confermat')} con 0 partecipanti` : null,
  ].filter(Boolean);
  return warnings.length > 0 ? warnings.join('; ') : null;
}

/** Who created a quote, or '—' for quotes from before it was recorded. */
export const creatorName = (quote: Pick<QuoteView, 'createdByName'>): string => quote.createdByName ?? '—';

/** The quote's progressive number and creator, as the editors show them: "N. 2026/0001 · Creato da Mario Rossi". */
export function quoteOwnership(quote: Pick<QuoteView, 'number' | 'createdByName'>): string {
  return [quote.number && `N. ${quote.number}`, `Creato da ${creatorName(quote)}`].filter(Boolean).join(' · ');
}

const byName = <T extends { name: string }>(items: readonly T[]) => [...items].sort((a, b) => a.name.localeCompare(b.name, 'it'));

/** A customer's e-mail and city, as the quote dialogs show them beside its name: "segreteria@dante.it, Roma". */
export const customerDetails = (customer: Pick<CustomerView, 'email' | 'city'>): string => [customer.email, customer.city].filter(Boolean).join(', ');

/**
 * The customers to choose from, by name, after `first` (no customer yet in the quote dialogs, all of
 * them in the list's filter). A name two customers share gets each one's e-mail and city beside it
 * ("Scuola Dante — segreteria@dante.it, Roma"), so they can be told apart; a name of its own stays as
 * it is, the way every client picks it. The chosen customer's details show under the dialogs' picker
 * (customerHint).
 */
export function customerPickerOptions(customers: readonly CustomerView[], first: SelectOption): SelectOption[] {
  const named = new Map<string, number>();
  for (const customer of customers) named.set(customer.name, (named.get(customer.name) ?? 0) + 1);
  const label = (customer: CustomerView) => ((named.get(customer.name) ?? 0) > 1 ? `${customer.name} — ${customerDetails(customer)}` : customer.name);
  return [first, ...byName(customers).map((customer) => ({ value: customer.id, label: label(customer) }))];
}

/** Under the customer picker: the chosen customer's e-mail and city. */
export function customerHint(customers: readonly CustomerView[], customerId: string): string | undefined {
  const chosen = customers.find((customer) => customer.id === customerId);
  return chosen ? customerDetails(chosen) : undefined;
}

export const ALL_CUSTOMERS: SelectOption = { value: 'all', label: 'All Customers' };
export const NO_CUSTOMER: SelectOption = { value: '', label: 'Select a customer' };

export const CREATOR_FILTER_LABEL = 'Creato da';

/** The list's "Creato da" filter: everyone, or one of those who created the agency's quotes. */
export function creatorOptions(creators: readonly QuoteCreatorView[]): SelectOption[] {
  return [{ value: 'all', label: 'Tutti' }, ...byName(creators).map((creator) => ({ value: creator.id, label: creator.name }))];
}
