import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CalendarEntryView,
  calendarRangeErrors,
  type CalendarRequest,
  DEFAULT_TOP_LIMIT,
  formatCents,
  type MarginByMonthView,
  percentOf,
  QUOTE_STATUSES,
  type QuotesByStatusView,
  type QuoteStatus,
  type ReportPeriod,
  reportPeriod,
  type ReportQueryDto,
  REVENUE_STATUSES,
  type RevenueByMonthView,
  todayIn,
  toCents,
  type TopCustomersView,
  type TopProductsView,
  type TopReportQueryDto,
  type Principal,
} from '@quotebook/contracts';
import { appError, type JsonItemsPage, pageOfJsonItems, requireTenantAccess, requireTenantAdministration } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { DataSource, type EntityManager } from 'typeorm';
import { QuotingEnv } from '../env';
import { quoteNumberSql } from '../quotes/quote-rows';

/*
 * Each report is one SQL query over the agency's quotes, filtered by tenant (row-level security binds
 * the same), by service date in the period and by the filters asked. Sums are PostgreSQL's numeric,
 * read as text: money never passes through a float.
 */

/**
 * The quotes a report reads: the agency's ($1), with their service in the period ($2 to before $3),
 * of the customer $4 and with a line of the product $5 when those are given.
 */
const CHOSEN_QUOTES = `
  q.tenant_id = $1 AND q.service_date >= $2::date AND q.service_date < $3::date
  AND ($4::uuid IS NULL OR q.customer_id = $4::uuid)
  AND ($5::uuid IS NULL OR EXISTS (
    SELECT 1 FROM quoting.quote_items product_line
     WHERE product_line.tenant_id = q.tenant_id AND product_line.quote_id = q.id AND product_line.product_id = $5::uuid))`;

/** The months of the period ($2 to before $3), each as its first day in `series.month`. */
const PERIOD_MONTHS = `generate_series($2::date::timestamp, ($3::date - 1)::timestamp, interval '1 month') AS series(month)`;

/** The month of a quote's service, as its first day. */
const SERVICE_MONTH = `date_trunc('month', q.service_date::timestamp)::date`;

/**
 * A line's gross, rounded per line as the shared engine does (lineFigures): a price with VAT as it is,
 * one without it plus its VAT rounded to the cent.
 */
const LINE_GROSS = `CASE WHEN i.price_includes_vat THEN i.total_price ELSE i.total_price + round(i.total_price * coalesce(i.vat_rate, 0) / 100, 2) END`;

/** The lines a quote's total counts: a confirmed quote its order-confirmed ones, a closed quote all; never an optional one. */
const COUNTED_LINE = `(q.status <> 'confirmed' OR i.order_confirmed) AND NOT i.optional`;

/** The participants of a line: the confirmed ones once the order is confirmed, else those asked. */
const LINE_PARTICIPANTS = `CASE WHEN i.order_confirmed THEN i.confirmed_participants ELSE i.quantity END`;

/** A sum PostgreSQL answered as text (none: 0), in cents and as the API writes money. */
const cents = (text: string | null) => (text === null ? 0 : toCents(text));
const money = (text: string | null) => formatCents(cents(text));

/**
 * The sums of `columns` (alias → column of the quote) by month of service over the report's twelve
 * months, of the confirmed and closed quotes it chooses (and `condition`), one row per month, empty
 * months as 0. One query: the period's months joined to the sums.
 */
async function monthlySums<K extends string>(
  manager: EntityManager,
  parameters: unknown[],
  columns: Record<K, string>,
  condition = '',
): Promise<Array<{ month: string; quotes: number } & Record<K, string>>> {
  const aliases = Object.keys(columns) as K[];
  return manager.query(
    `WITH figures AS (
       SELECT ${SERVICE_MONTH} AS month, count(*)::int AS quotes,
              ${aliases.map((alias) => `sum(${columns[alias]}) AS ${alias}`).join(', ')}
         FROM quoting.quotes q
        WHERE ${CHOSEN_QUOTES} AND q.status = ANY($6::text[]) ${condition}
        GROUP BY 1)
     SELECT to_char(series.month, 'YYYY-MM') AS month, coalesce(figures.quotes, 0) AS quotes,
            ${aliases.map((alias) => `coalesce(figures.${alias}, 0)::text AS ${alias}`).join(', ')}
       FROM ${PERIOD_MONTHS} LEFT JOIN figures ON figures.month = series.month::date
      ORDER BY series.month`,
    [...parameters, REVENUE_STATUSES],
  );
}

@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: QuotingEnv,
  ) {}

  /** The period asked, or a 400 naming what is wrong with it. */
  private periodOf(query: ReportQueryDto): ReportPeriod {
    const period = reportPeriod(query, todayIn(this.env.BUSINESS_TIME_ZONE));
    if ('errors' in period) throw appError('VALIDATION_FAILED', period.errors);
    return period;
  }

  /** Runs a report's query as the agency's admin, with the chosen quotes' parameters first. */
  private async report<T>(
    principal: Principal,
    tenantId: string,
    query: ReportQueryDto,
    work: (manager: EntityManager, parameters: unknown[], period: ReportPeriod) => Promise<T>,
  ): Promise<T> {
    requireTenantAdministration(principal, tenantId);
    const period = this.periodOf(query);
    const parameters = [tenantId, period.firstDay, period.endDay, query.customerId ?? null, query.productId ?? null];
    return readTenant(this.dataSource, tenantId, (manager) => work(manager, parameters, period));
  }

  revenueByMonth(principal: Principal, tenantId: string, query: ReportQueryDto): Promise<RevenueByMonthView> {
    return this.report(principal, tenantId, query, async (manager, parameters, period) => {
      const rows = await monthlySums(manager, parameters, { revenue: 'q.total_amount', revenue_net: 'q.net_amount' });
      return {
        from: period.from,
        to: period.to,
        months: rows.map((row) => ({ month: row.month, quotes: row.quotes, revenue: money(row.revenue), revenueNet: money(row.revenue_net) })),
      };
    });
  }

  /**
   * The period's quotes by status, and the conversion: the quotes of the filters with a revision sent
   * in the period (the business time zone's months), and of those, the ones a customer accepted.
   */
  quotesByStatus(principal: Principal, tenantId: string, query: ReportQueryDto): Promise<QuotesByStatusView> {
    return this.report(principal, tenantId, query, async (manager, parameters, period) => {
      const [row]: { statuses: { status: QuoteStatus; quotes: number; total: string }[] | null; sent: number; accepted: number }[] = await manager.query(
        `WITH by_status AS (
           SELECT q.status, count(*)::int AS quotes, sum(q.total_amount)::text AS total
             FROM quoting.quotes q WHERE ${CHOSEN_QUOTES} GROUP BY q.status),
         sent AS (
           SELECT DISTINCT r.quote_id
             FROM quoting.quote_revisions r
             JOIN quoting.quotes q ON q.tenant_id = r.tenant_id AND q.id = r.quote_id
            WHERE r.tenant_id = $1
              AND r.sent_at >= ($2::date::timestamp AT TIME ZONE $6) AND r.sent_at < ($3::date::timestamp AT TIME ZONE $6)
              AND ($4::uuid IS NULL OR q.customer_id = $4::uuid)
              AND ($5::uuid IS NULL OR EXISTS (
                SELECT 1 FROM quoting.quote_items product_line
                 WHERE product_line.tenant_id = q.tenant_id AND product_line.quote_id = q.id AND product_line.product_id = $5::uuid)))
         SELECT (SELECT json_agg(by_status) FROM by_status) AS statuses,
                (SELECT count(*)::int FROM sent) AS sent,
                (SELECT count(*)::int FROM sent WHERE EXISTS (
                   SELECT 1 FROM quoting.quote_revisions answer
                    WHERE answer.tenant_id = $1 AND answer.quote_id = sent.quote_id AND answer.answer_kind = 'accepted')) AS accepted`,
        [...parameters, this.env.BUSINESS_TIME_ZONE],
      );
      const byStatus = new Map((row.statuses ?? []).map((status) => [status.status, status]));
      return {
        from: period.from,
        to: period.to,
        statuses: QUOTE_STATUSES.map((status) => ({
          status,
          quotes: byStatus.get(status)?.quotes ?? 0,
          total: money(byStatus.get(status)?.total ?? null),
        })),
        sent: row.sent,
        accepted: row.accepted,
        conversionRate: percentOf(row.accepted, row.sent),
      };
    });
  }

  /**
   * Cost and margin by month of the confirmed and closed quotes whose cost is known (their stored
   * cost_total and margin_total); the net price they stand for is cost plus margin.
   */
  marginByMonth(principal: Principal, tenantId: string, query: ReportQueryDto): Promise<MarginByMonthView> {
    return this.report(principal, tenantId, query, async (manager, parameters, period) => {
      const rows = await monthlySums(manager, parameters, { cost: 'q.cost_total', margin: 'q.margin_total' }, 'AND q.cost_total IS NOT NULL AND q.margin_total IS NOT NULL');
      return {
        from: period.from,
        to: period.to,
        months: rows.map((row) => {
          const netCents = cents(row.cost) + cents(row.margin);
          return {
            month: row.month,
            quotes: row.quotes,
            revenueNet: formatCents(netCents),
            cost: money(row.cost),
            margin: money(row.margin),
            marginPercent: netCents > 0 ? percentOf(cents(row.margin), netCents) : null,
          };
        }),
      };
    });
  }

  /** The products whose counted lines in confirmed and closed quotes charge most, then by participants. */
  topProducts(principal: Principal, tenantId: string, query: TopReportQueryDto): Promise<TopProductsView> {
    return this.report(principal, tenantId, query, async (manager, parameters, period) => {
      const rows: { product_id: string; product_code: string; description: string; quotes: number; participants: number; revenue: string }[] =
        await manager.query(
          `SELECT i.product_id,
                  (array_agg(i.product_code ORDER BY q.service_date DESC, q.id))[1] AS product_code,
                  (array_agg(i.description ORDER BY q.service_date DESC, q.id))[1] AS description,
                  count(DISTINCT q.id)::int AS quotes,
                  sum(${LINE_PARTICIPANTS})::int AS participants,
                  sum(${LINE_GROSS})::text AS revenue
             FROM quoting.quotes q
             JOIN quoting.quote_items i ON i.tenant_id = q.tenant_id AND i.quote_id = q.id
            WHERE ${CHOSEN_QUOTES} AND q.status = ANY($6::text[]) AND ${COUNTED_LINE}
              AND ($5::uuid IS NULL OR i.product_id = $5::uuid)
            GROUP BY i.product_id
            ORDER BY sum(${LINE_GROSS}) DESC, participants DESC, i.product_id
            LIMIT $7`,
          [...parameters, REVENUE_STATUSES, query.limit ?? DEFAULT_TOP_LIMIT],
        );
      return {
        from: period.from,
        to: period.to,
        products: rows.map((row) => ({
          productId: row.product_id,
          productCode: row.product_code,
          description: row.description,
          quotes: row.quotes,
          participants: row.participants,
          revenue: money(row.revenue),
        })),
      };
    });
  }

  /** The customers whose confirmed and closed quotes total most. */
  topCustomers(principal: Principal, tenantId: string, query: TopReportQueryDto): Promise<TopCustomersView> {
    return this.report(principal, tenantId, query, async (manager, parameters, period) => {
      const rows: { customer_id: string; customer_name: string; quotes: number; revenue: string; revenue_net: string }[] = await manager.query(
        `SELECT q.customer_id,
                (array_agg(q.customer_name ORDER BY q.service_date DESC, q.id))[1] AS customer_name,
                count(*)::int AS quotes, sum(q.total_amount)::text AS revenue, sum(q.net_amount)::text AS revenue_net
           FROM quoting.quotes q
          WHERE ${CHOSEN_QUOTES} AND q.status = ANY($6::text[])
          GROUP BY q.customer_id
          ORDER BY sum(q.total_amount) DESC, quotes DESC, q.customer_id
          LIMIT $7`,
        [...parameters, REVENUE_STATUSES, query.limit ?? DEFAULT_TOP_LIMIT],
      );
      return {
        from: period.from,
        to: period.to,
        customers: rows.map((row) => ({
          customerId: row.customer_id,
          customerName: row.customer_name,
          quotes: row.quotes,
          revenue: money(row.revenue),
          revenueNet: money(row.revenue_net),
        })),
      };
    });
  }

  /**
   * A page of the booked services between two days (both included): the order-confirmed lines of the
   * confirmed and closed quotes, for every role of the agency. The range is short (MAX_CALENDAR_DAYS),
   * so the whole range is read and cut into pages bounded by bytes. A month is a thousand lines and
   * more: each entry's JSON is written by the database (row_to_json, in CalendarEntryView's order) and
   * passed on as it is, never built as objects here.
   */
  async calendar(principal: Principal, tenantId: string, { query, cursor }: Pick<CalendarRequest, 'query' | 'cursor'>): Promise<JsonItemsPage<CalendarEntryView>> {
    requireTenantAccess(principal, tenantId);
    const errors = calendarRangeErrors(query.from, query.to);
    if (errors.length > 0) throw appError('VALIDATION_FAILED', errors);
    const rows: { entry: string }[] = await readTenant(this.dataSource, tenantId, (manager) =>
      manager.query(
        `SELECT (SELECT row_to_json(e) FROM (SELECT
                   to_char(q.service_date, 'YYYY-MM-DD') AS "date", to_char(q.service_start_time, 'HH24:MI') AS "startTime",
                   q.id AS "quoteId", ${quoteNumberSql('q')} AS "quoteNumber", q.status AS "quoteStatus",
                   q.customer_id AS "customerId", q.customer_name AS "customerName", i.product_id AS "productId",
                   i.product_code AS "productCode", i.description AS "description", i.confirmed_participants AS "participants") e)::text AS entry
           FROM quoting.quotes q
           JOIN quoting.quote_items i ON i.tenant_id = q.tenant_id AND i.quote_id = q.id
          WHERE q.tenant_id = $1 AND q.service_date >= $2::date AND q.service_date <= $3::date
            AND q.status = ANY($4::text[]) AND i.order_confirmed
            AND ($5::uuid IS NULL OR q.customer_id = $5::uuid)
            AND ($6::uuid IS NULL OR i.product_id = $6::uuid)
          ORDER BY q.service_date, q.service_start_time NULLS LAST, q.number_year, q.number_seq, i.description, i.id`,
        [tenantId, query.from, query.to, REVENUE_STATUSES, query.customerId ?? null, query.productId ?? null],
      ),
    );
    return pageOfJsonItems(rows.map((row) => row.entry), cursor);
  }
}
