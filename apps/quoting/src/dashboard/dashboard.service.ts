import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addDays,
  CATALOGUE_COUNTS,
  type DashboardView,
  formatCents,
  type Principal,
  RECENT_QUOTES,
  REVENUE_STATUSES,
  todayIn,
  toCents,
} from '@quotebook/contracts';
import { requireTenantAdministration, RpcClient } from '@quotebook/server-core';
import { readTenant } from '@quotebook/server-core/service';
import { DataSource } from 'typeorm';
import { QuotingEnv } from '../env';
import { readQuoteViews } from '../quotes/quote-rows';

/** The first day of the month of `date` and of the month after it, both YYYY-MM-DD. */
export function monthOf(date: string): { first: string; next: string } {
  const first = `${date.slice(0, 8)}01`;
  return { first, next: `${addDays(first, 32).slice(0, 8)}01` };
}

/** The agency dashboard's figures: its administrators' overview. */
@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly env: QuotingEnv,
  ) {}

  /**
   * The catalogue's counts, asked while the quotes' figures are read: this month's quotes (by their
   * creation in the business time zone), the revenue of the confirmed and closed ones (their totals, VAT
   * included, and their net), the latest five.
   */
  async figures(principal: Principal, tenantId: string): Promise<DashboardView> {
    requireTenantAdministration(principal, tenantId);
    const timeZone = this.env.BUSINESS_TIME_ZONE;
    const month = monthOf(todayIn(timeZone));
    const [counts, quotes] = await Promise.all([
      this.rpc.send(CATALOGUE_COUNTS, { principal, tenantId }),
      readTenant(this.dataSource, tenantId, async (manager) => {
        const [figures]: { count: number; revenue: string; revenue_net: string }[] = await manager.query(
          `SELECT count(*)::int AS count, coalesce(sum(total_amount) FILTER (WHERE status = ANY($4::text[])), 0)::text AS revenue,
                  coalesce(sum(net_amount) FILTER (WHERE status = ANY($4::text[])), 0)::text AS revenue_net
             FROM quoting.quotes
            WHERE tenant_id = $1 AND created_at >= ($2::timestamp AT TIME ZONE $5) AND created_at < ($3::timestamp AT TIME ZONE $5)`,
          [tenantId, month.first, month.next, REVENUE_STATUSES, timeZone],
        );
        const recent: { id: string }[] = await manager.query(
          `SELECT id FROM quoting.quotes WHERE tenant_id = $1 ORDER BY created_at DESC, id ASC LIMIT $2`,
          [tenantId, RECENT_QUOTES],
        );
        // what the confirmed and closed quotes still expect, each at least 0 (a surplus pays no other quote)
        const [{ due }]: { due: string }[] = await manager.query(
          `SELECT coalesce(sum(greatest(quote.total_amount - coalesce(paid.amount, 0), 0)), 0)::text AS due
             FROM quoting.quotes quote
             LEFT JOIN (SELECT quote_id, sum(amount) AS amount FROM quoting.quote_payments WHERE tenant_id = $1 GROUP BY quote_id) paid
                    ON paid.quote_id = quote.id
            WHERE quote.tenant_id = $1 AND quote.status = ANY($2::text[])`,
          [tenantId, REVENUE_STATUSES],
        );
        return { ...figures, due, recent: await readQuoteViews(manager, tenantId, recent.map((row) => row.id)) };
      }),
    ]);
    return {
      activeProducts: counts.products,
      totalCustomers: counts.customers,
      quotesThisMonth: quotes.count,
      revenueMtd: formatCents(toCents(quotes.revenue)),
      revenueMtdNet: formatCents(toCents(quotes.revenue_net)),
      recentQuotes: quotes.recent,
      dueTotal: formatCents(toCents(quotes.due)),
    };
  }
}
