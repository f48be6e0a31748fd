import { Controller } from '@nestjs/common';
import {
  CalendarQueryDto,
  QUOTING_CALENDAR,
  ReportQueryDto,
  REPORTS_MARGIN_BY_MONTH,
  REPORTS_QUOTES_BY_STATUS,
  REPORTS_REVENUE_BY_MONTH,
  REPORTS_TOP_CUSTOMERS,
  REPORTS_TOP_PRODUCTS,
  RpcRequest,
  TopReportQueryDto,
} from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Handles(REPORTS_REVENUE_BY_MONTH, { query: ReportQueryDto })
  revenueByMonth({ principal, tenantId, query }: RpcRequest<typeof REPORTS_REVENUE_BY_MONTH>) {
    return this.reports.revenueByMonth(principal, tenantId, query);
  }

  @Handles(REPORTS_QUOTES_BY_STATUS, { query: ReportQueryDto })
  quotesByStatus({ principal, tenantId, query }: RpcRequest<typeof REPORTS_QUOTES_BY_STATUS>) {
    return this.reports.quotesByStatus(principal, tenantId, query);
  }

  @Handles(REPORTS_MARGIN_BY_MONTH, { query: ReportQueryDto })
  marginByMonth({ principal, tenantId, query }: RpcRequest<typeof REPORTS_MARGIN_BY_MONTH>) {
    return this.reports.marginByMonth(principal, tenantId, query);
  }

  @Handles(REPORTS_TOP_PRODUCTS, { query: TopReportQueryDto })
  topProducts({ principal, tenantId, query }: RpcRequest<typeof REPORTS_TOP_PRODUCTS>) {
    return this.reports.topProducts(principal, tenantId, query);
  }

  @Handles(REPORTS_TOP_CUSTOMERS, { query: TopReportQueryDto })
  topCustomers({ principal, tenantId, query }: RpcRequest<typeof REPORTS_TOP_CUSTOMERS>) {
    return this.reports.topCustomers(principal, tenantId, query);
  }

  @Handles(QUOTING_CALENDAR, { query: CalendarQueryDto })
  calendar({ principal, tenantId, query, cursor }: RpcRequest<typeof QUOTING_CALENDAR>) {
    return this.reports.calendar(principal, tenantId, { query, cursor });
  }
}
