import type { QuoteListFilters, QuotesPage } from '@quotebook/contracts';
import { fillPageUntil, followingPageStarts, PAGE_ROWS_MAX, type SizedRow } from '@quotebook/server-core';
import type { EntityManager } from 'typeorm';
import { readQuoteViews } from './quote-rows';

/** The list's order: the newest service date first, then the newest creation, then the id (the list index's order). */
const ORDER = 'ORDER BY quote.service_date DESC, quote.created_at DESC, quote.id ASC';

/**
 * An upper bound of a quote's JSON in the list besides its texts: field names, ids, dates, amounts,
 * counts, the latest revision and when it was sent. The texts (the customer's answer among them) are
 * measured as JSON (escapes included) by PostgreSQL.
 */
const QUOTE_FIELDS_BYTES = 1400;
const SIZE = `$2::int + octet_length(to_json(quote.customer_name)::text)
  + coalesce(octet_length(to_json(quote.subject)::text), 0)
  + coalesce(octet_length(to_json(quote.service_notes)::text), 0)
  + coalesce(octet_length(to_json(quote.price_list_name)::text), 0)
  + coalesce(octet_length(to_json(quote.created_by_name)::text), 0)
  + coalesce(octet_length(quote.customer_answer::text), 0)`;

/** `%text%` for LIKE, with the pattern characters of the text matched as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * What a search term can be besides a name or a subject, by its form: a date written with digits,
 * '/' and '-' ("15/07/2030", "2030-07"), an amount ("365", "365,00": the amounts that begin so), part
 * of a short id ("#A1B2", hexadecimal), a status (letters). Only the readings a term's form allows are
 * tried, so a list of thousands of quotes is searched with few comparisons per row.
 */
const TERM_FORMS = {
  date: /^[\d/-]+$/,
  amount: /^\d+(?:[.,]\d{0,2})?$/,
  shortId: /^#?[\da-f]{1,6}$/i,
  status: /^[a-z]+$/i,
} as const;

/**
 * The filters as SQL conditions on `quote`, numbered after `first` parameters already used. The
 * search matches, whatever the case: the customer's name, the subject, the short id (with or without
 * '#'), the status, the amount and the service date (dd/mm/yyyy or YYYY-MM-DD).
 */
export function quoteFilters(tenantId: string, filters: QuoteListFilters, first: number): { where: string; params: unknown[] } {
  const conditions = ['quote.tenant_id = $1'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length}`;
  };
  if (filters.status) conditions.push(`quote.status = ${param(filters.status)}`);
  if (filters.customerId) conditions.push(`quote.customer_id = ${param(filters.customerId)}`);
  if (filters.createdBy) conditions.push(`quote.created_by = ${param(filters.createdBy)}`);
  if (filters.from) conditions.push(`quote.service_date >= ${param(filters.from)}`);
  if (filters.to) conditions.push(`quote.service_date <= ${param(filters.to)}`);
  const term = filters.search?.trim() ?? '';
  if (term !== '') {
    const text = param(containing(term));
    const matches = [`quote.customer_name ILIKE ${text}`, `quote.subject ILIKE ${text}`];
    if (TERM_FORMS.shortId.test(term)) matches.push(`right(quote.id::text, 6) ILIKE ${param(containing(term.replace(/^#/, '')))}`);
    if (TERM_FORMS.status.test(term)) matches.push(`quote.status ILIKE ${text}`);
    if (TERM_FORMS.amount.test(term)) matches.push(`quote.total_amount::text LIKE ${param(`${term.replace(',', '.')}%`)}`);
    if (TERM_FORMS.date.test(term)) matches.push(`to_char(quote.service_date, 'DD/MM/YYYY') LIKE ${text}`, `quote.service_date::text LIKE ${text}`);
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return { where: conditions.join(' AND '), params };
}

/**
 * One page of the list, bounded by bytes: the sizes of the rows it may take, then those quotes. The
 * first page of the whole list sizes every match, so it also says where each following page starts;
 * a page with an end sizes only its own rows. The first page of what the caller reads (the list, or
 * the part of it from `offset`) says how many quotes match, counted in the same scan that finds the
 * page's rows (a search reads every row of the agency once, not twice).
 */
export async function readQuotesPage(
  manager: EntityManager,
  tenantId: string,
  filters: QuoteListFilters,
  page: { start: number; until: number | undefined; counted: boolean },
): Promise<QuotesPage> {
  const { where, params } = quoteFilters(tenantId, filters, 2);
  const whole = page.start === 0 && page.until === undefined;
  const counting = page.counted && !whole;
  const rowsAfterStart = Math.min(page.until === undefined ? PAGE_ROWS_MAX : page.until - page.start, PAGE_ROWS_MAX) + 1;
  const sized: (SizedRow & { total?: number })[] = whole
    ? await manager.query(`SELECT quote.id, ${SIZE} AS bytes FROM quoting.quotes quote WHERE ${where} ${ORDER}`, [tenantId, QUOTE_FIELDS_BYTES, ...params])
    : // the rows are found and ordered by the list's index alone; only those of the page are sized
      await manager.query(
        `SELECT quote.id, ${SIZE} AS bytes${counting ? ', found.total' : ''}
           FROM (SELECT quote.id, quote.service_date, quote.created_at${counting ? ', (count(*) OVER ())::int AS total' : ''}
                   FROM quoting.quotes quote WHERE ${where} ${ORDER}
                 OFFSET $${params.length + 3} LIMIT $${params.length + 4}) found
           JOIN quoting.quotes quote ON quote.tenant_id = $1 AND quote.id = found.id
          ORDER BY found.service_date DESC, found.created_at DESC, found.id ASC`,
        [tenantId, QUOTE_FIELDS_BYTES, ...params, page.start, rowsAfterStart],
      );
  const { ids, nextCursor } = fillPageUntil(sized, page.start, page.until);
  const items = await readQuoteViews(manager, tenantId, ids);
  const answer: QuotesPage = whole && nextCursor !== null ? { items, nextCursor, pageStarts: followingPageStarts(sized, 0) } : { items, nextCursor };
  if (whole && page.counted) answer.total = sized.length;
  // a part that starts past the last match finds no row to count with
  else if (counting) answer.total = sized[0]?.total ?? (await countQuotes(manager, tenantId, filters));
  return answer;
}

async function countQuotes(manager: EntityManager, tenantId: string, filters: QuoteListFilters): Promise<number> {
  const { where, params } = quoteFilters(tenantId, filters, 1);
  const [{ count }]: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM quoting.quotes quote WHERE ${where}`, [
    tenantId,
    ...params,
  ]);
  return count;
}
