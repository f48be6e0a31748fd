import type { QuoteListFilters, QuoteView } from '@quotebook/contracts';
import { addDays, formatEuro, parseCents, SIMPLE_QUOTE_STATUSES, todayIn, type QuoteStatus } from '@quotebook/domain';
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
  from: string;
  to: string;
}

export const NO_QUOTE_FILTERS: QuoteFilterValues = { search: '', status: 'all', customerId: 'all', from: '', to: '' };

export function quoteFiltersActive(values: QuoteFilterValues): boolean {
  return (
    values.search.trim() !== '' || values.status !== 'all' || values.customerId !== 'all' || values.from !== '' || values.to !== ''
  );
}

/** The filters as the list call sends them; what is left open is left out. */
export function quoteListFilters(values: QuoteFilterValues): QuoteListFilters {
  const filters: QuoteListFilters = {};
  if (values.search.trim()) filters.search = values.search.trim();
  if (values.status !== 'all') filters.status = values.status as QuoteStatus;
  if (values.customerId !== 'all') filters.customerId = values.customerId;
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

/** `Showing 25 of 120 quotes (sorted by service date)` */
export function quoteCountLine(shown: number, total: number): string {
  return `Showing ${shown} of ${total} quotes (sorted by service date)`;
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

/**
 * The list's Amount: a confirmed quote is worth its confirmed products (recalculated by the server
 * after every change, 'Calculating...' until the list has been read again); any other quote shows its
 * stored total.
 */
export function quoteAmount(quote: QuoteView, refreshing: boolean): QuoteAmount {
  if (quote.status !== 'confirmed') return { text: formatEuro(quote.totalAmount) };
  if (refreshing) return { text: 'Calculating...' };
  if (!parseCents(quote.confirmedTotal)) return { text: 'No confirmed products' };
  const confirmation = quote.confirmation === 'all' ? 'all' : 'some';
  return { text: formatEuro(quote.confirmedTotal), confirmation, hint: AMOUNT_HINTS[confirmation] };
}

/** The customers to choose from, by name, after `first` (no customer yet, or all of them). */
export function customerOptions(customers: readonly { id: string; name: string }[], first: SelectOption): SelectOption[] {
  const byName = [...customers].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return [first, ...byName.map((customer) => ({ value: customer.id, label: customer.name }))];
}

export const ALL_CUSTOMERS: SelectOption = { value: 'all', label: 'All Customers' };
export const NO_CUSTOMER: SelectOption = { value: '', label: 'Select a customer' };
