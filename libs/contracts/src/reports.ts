import { MAX_TOP_LIMIT, mustBeDate, mustBeUuid, type QuoteStatus, REPORT_MESSAGES, REPORT_MONTH_PATTERN } from '@quotebook/domain';
import { Transform } from 'class-transformer';
import { IsInt, IsUUID, Matches, Max, Min } from 'class-validator';
import type { ListPage, ListPageRequest } from './list-page';
import type { TenantRequest } from './principal';
import { rpcPattern } from './subjects';
import { IsDateOnly, Omittable, wholeNumberFromQuery } from './validation';

/*
 * The reports page and the service calendar. Every report reads the quotes whose service date falls
 * in its period (months YYYY-MM, both included), and counts as revenue the confirmed and closed ones,
 * by the totals stored with them.
 */

/* ---------- answers ---------- */

/** The period a report covers, as it was read (the defaults filled in). */
export class ReportPeriodView {
  /** YYYY-MM */
  from: string;
  /** YYYY-MM */
  to: string;
}

export class RevenueMonthView {
  /** YYYY-MM */
  month: string;
  /** confirmed and closed quotes with their service in the month */
  quotes: number;
  /** their totals, VAT included */
  revenue: string;
  /** their net */
  revenueNet: string;
}

/** Revenue by month of service: every month of the period, those without quotes at 0. */
export class RevenueByMonthView extends ReportPeriodView {
  months: RevenueMonthView[];
}

export class StatusCountView {
  status: QuoteStatus;
  quotes: number;
  /** their totals, VAT included */
  total: string;
}

/**
 * The quotes of the period by status (every status, 0 included), and the conversion: quotes sent to
 * their customer in the period, and how many of those the customer accepted.
 */
export class QuotesByStatusView extends ReportPeriodView {
  statuses: StatusCountView[];
  sent: number;
  accepted: number;
  /** accepted / sent × 100, two decimals; null when none was sent */
  conversionRate: string | null;
}

export class MarginMonthView {
  /** YYYY-MM */
  month: string;
  /** confirmed and closed quotes of the month whose cost is known */
  quotes: number;
  /** their net price: cost plus margin */
  revenueNet: string;
  cost: string;
  margin: string;
  /** margin / net price × 100, two decimals; null without a net price */
  marginPercent: string | null;
}

/** Margin by month of service, from the cost and margin stored with each quote. */
export class MarginByMonthView extends ReportPeriodView {
  months: MarginMonthView[];
}

export class TopProductView {
  productId: string;
  /** the code and description of the product on its latest quote of the period */
  productCode: string;
  description: string;
  quotes: number;
  /** the participants booked: the confirmed ones where the order is confirmed */
  participants: number;
  /** what the product's lines charge, VAT included */
  revenue: string;
}

/** The products that earned most in the confirmed and closed quotes (their counted, not optional, lines). */
export class TopProductsView extends ReportPeriodView {
  products: TopProductView[];
}

export class TopCustomerView {
  customerId: string;
  customerName: string;
  quotes: number;
  revenue: string;
  revenueNet: string;
}

/** The customers whose confirmed and closed quotes earned most. */
export class TopCustomersView extends ReportPeriodView {
  customers: TopCustomerView[];
}

/** A booked service: an order-confirmed line of a confirmed or closed quote, on its service date. */
export class CalendarEntryView {
  /** the service date, YYYY-MM-DD */
  date: string;
  /** the service's start (the wall clock, "09:30"), or null */
  startTime: string | null;
  quoteId: string;
  /** the quote's progressive number, "2026/0001" */
  quoteNumber: string;
  quoteStatus: QuoteStatus;
  customerId: string;
  customerName: string;
  productId: string;
  productCode: string;
  description: string;
  participants: number;
}

export class CalendarView {
  /** YYYY-MM-DD */
  from: string;
  to: string;
  /** by date, then start time, then quote number */
  entries: CalendarEntryView[];
}

/* ---------- requests ---------- */

/** A report's period and filters, from the query string; the period defaults to the last twelve months. */
export class ReportQueryDto {
  /** the first month, YYYY-MM (eleven months before `to` when left out) */
  @Omittable()
  @Matches(REPORT_MONTH_PATTERN, { message: REPORT_MESSAGES.month('from') })
  from?: string;

  /** the last month, YYYY-MM (the current month when left out) */
  @Omittable()
  @Matches(REPORT_MONTH_PATTERN, { message: REPORT_MESSAGES.month('to') })
  to?: string;

  /** the quotes of this customer only */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('customerId') })
  customerId?: string;

  /** the quotes with a line of this product only */
  @Omittable()
  @IsUUID('all', { message: mustBeUuid('productId') })
  productId?: string;
}

/** A top list's period, filters and length. */
export class TopReportQueryDto extends ReportQueryDto {
  @Omittable()
  @Transform(wholeNumberFromQuery)
  @IsInt({ message: REPORT_MESSAGES.topLimit })
  @Min(1, { message: REPORT_MESSAGES.topLimit })
  @Max(MAX_TOP_LIMIT, { message: REPORT_MESSAGES.topLimit })
  limit?: number;
}

/** The calendar's days, both included, and its filters. */
export class CalendarQueryDto {
  @IsDateOnly({ message: mustBeDate('from') })
  from: string;

  @IsDateOnly({ message: mustBeDate('to') })
  to: string;

  @Omittable()
  @IsUUID('all', { message: mustBeUuid('productId') })
  productId?: string;

  @Omittable()
  @IsUUID('all', { message: mustBeUuid('customerId') })
  customerId?: string;
}

/* ---------- patterns ---------- */

export type ReportRequest<Q = ReportQueryDto> = TenantRequest & { query: Q };
export type CalendarRequest = TenantRequest & ListPageRequest & { query: CalendarQueryDto };

export const REPORTS_REVENUE_BY_MONTH = rpcPattern<ReportRequest, RevenueByMonthView>('quoting.reports.revenue-by-month');
export const REPORTS_QUOTES_BY_STATUS = rpcPattern<ReportRequest, QuotesByStatusView>('quoting.reports.quotes-by-status');
export const REPORTS_MARGIN_BY_MONTH = rpcPattern<ReportRequest, MarginByMonthView>('quoting.reports.margin-by-month');
export const REPORTS_TOP_PRODUCTS = rpcPattern<ReportRequest<TopReportQueryDto>, TopProductsView>('quoting.reports.top-products');
export const REPORTS_TOP_CUSTOMERS = rpcPattern<ReportRequest<TopReportQueryDto>, TopCustomersView>('quoting.reports.top-customers');
/** The calendar's entries cross the bus in pages bounded by bytes. */
export const QUOTING_CALENDAR = rpcPattern<CalendarRequest, ListPage<CalendarEntryView>>('quoting.calendar');
