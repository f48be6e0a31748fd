import type {
  MarginByMonthView,
  QuotesByStatusView,
  RevenueByMonthView,
  TopCustomersView,
  TopProductsView,
  TopReportQueryDto,
} from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

/** A report of one agency, for the query asked (only what is set goes in the query string). */
export interface ReportArgs {
  tenantId: string;
  query: TopReportQueryDto;
}

const REPORT_KEYS = ['from', 'to', 'customerId', 'productId', 'limit'] as const satisfies readonly (keyof TopReportQueryDto)[];

function reportUrl(name: string, { tenantId, query }: ReportArgs): string {
  const search = new URLSearchParams();
  for (const key of REPORT_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${tenantPath(tenantId, 'reports', name)}${text ? `?${text}` : ''}`;
}

/** Figures follow the quotes: every quote change invalidates the dashboard's tag, which the reports share. */
const FIGURES = [{ type: 'Dashboard', id: 'LIST' }] as const;

/** The reports page's charts, one call each; the dashboard's revenue chart reads the first. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRevenueByMonth: build.query<RevenueByMonthView, ReportArgs>({ query: (args) => reportUrl('revenue-by-month', args), providesTags: FIGURES }),
    getQuotesByStatus: build.query<QuotesByStatusView, ReportArgs>({ query: (args) => reportUrl('quotes-by-status', args), providesTags: FIGURES }),
    getMarginByMonth: build.query<MarginByMonthView, ReportArgs>({ query: (args) => reportUrl('margin-by-month', args), providesTags: FIGURES }),
    getTopProducts: build.query<TopProductsView, ReportArgs>({ query: (args) => reportUrl('top-products', args), providesTags: FIGURES }),
    getTopCustomers: build.query<TopCustomersView, ReportArgs>({ query: (args) => reportUrl('top-customers', args), providesTags: FIGURES }),
  }),
});

export const {
  useGetRevenueByMonthQuery,
  useGetQuotesByStatusQuery,
  useGetMarginByMonthQuery,
  useGetTopProductsQuery,
  useGetTopCustomersQuery,
} = reportsApi;
