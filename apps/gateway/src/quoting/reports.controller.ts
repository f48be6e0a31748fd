import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CalendarQueryDto,
  CalendarView,
  MarginByMonthView,
  QUOTING_CALENDAR,
  QuotesByStatusView,
  ReportQueryDto,
  REPORTS_MARGIN_BY_MONTH,
  REPORTS_QUOTES_BY_STATUS,
  REPORTS_REVENUE_BY_MONTH,
  REPORTS_TOP_CUSTOMERS,
  REPORTS_TOP_PRODUCTS,
  RevenueByMonthView,
  TopCustomersView,
  TopProductsView,
  TopReportQueryDto,
} from '@quotebook/contracts';
import { RpcClient } from '@quotebook/server-core';
import { collectPagesAsJson } from '../common/collect-pages';
import { jsonObject, type JsonText } from '../common/json-text';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS, AGENCY_MEMBERS } from '../common/tenant-resource';
import { CurrentScope, type TenantScope } from '../common/tenant-scope';

const PERIOD = 'Quotes with their service in the months from `from` to `to` (YYYY-MM, both included; the last twelve months when left out)';

/** The reports page: one call per chart, each answered by one query of the quoting service; for the agency's admins. */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('tenants/:tenantId/reports')
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('revenue-by-month')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: `Revenue (VAT included and net) of the confirmed and closed quotes by month of service. ${PERIOD}.` })
  revenueByMonth(@CurrentScope() scope: TenantScope, @Query() query: ReportQueryDto): Promise<RevenueByMonthView> {
    return this.rpc.send(REPORTS_REVENUE_BY_MONTH, { ...scope, query });
  }

  @Get('quotes-by-status')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: `Quotes by status, and the conversion of the quotes sent in the period (sent → accepted). ${PERIOD}.` })
  quotesByStatus(@CurrentScope() scope: TenantScope, @Query() query: ReportQueryDto): Promise<QuotesByStatusView> {
    return this.rpc.send(REPORTS_QUOTES_BY_STATUS, { ...scope, query });
  }

  @Get('margin-by-month')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: `Cost and margin of the confirmed and closed quotes whose cost is known, by month of service. ${PERIOD}.` })
  marginByMonth(@CurrentScope() scope: TenantScope, @Query() query: ReportQueryDto): Promise<MarginByMonthView> {
    return this.rpc.send(REPORTS_MARGIN_BY_MONTH, { ...scope, query });
  }

  @Get('top-products')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: `The products that earned most in the confirmed and closed quotes, with their participants. ${PERIOD}.` })
  topProducts(@CurrentScope() scope: TenantScope, @Query() query: TopReportQueryDto): Promise<TopProductsView> {
    return this.rpc.send(REPORTS_TOP_PRODUCTS, { ...scope, query });
  }

  @Get('top-customers')
  @Roles(...AGENCY_ADMINS)
  @ApiOperation({ summary: `The customers whose confirmed and closed quotes total most. ${PERIOD}.` })
  topCustomers(@CurrentScope() scope: TenantScope, @Query() query: TopReportQueryDto): Promise<TopCustomersView> {
    return this.rpc.send(REPORTS_TOP_CUSTOMERS, { ...scope, query });
  }
}

/** The booked services by day, for every role of the agency: a tenant user plans the services too. */
@ApiTags('calendar')
@ApiBearerAuth()
@Controller('tenants/:tenantId/calendar')
export class CalendarController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Roles(...AGENCY_MEMBERS)
  @ApiOkResponse({ type: CalendarView })
  @ApiOperation({
    summary:
      'The order-confirmed lines of the confirmed and closed quotes with their service from `from` to `to` (YYYY-MM-DD, both included, ' +
      'at most 62 days), by date, start time and quote number; filtered by product or customer.',
  })
  async calendar(@CurrentScope() scope: TenantScope, @Query() query: CalendarQueryDto): Promise<JsonText<CalendarView>> {
    // a month's entries are thousands of lines: passed on as quoting wrote them, never parsed and written again
    const entries = await collectPagesAsJson((page) => this.rpc.sendListPage(QUOTING_CALENDAR, { ...scope, ...page, query }));
    return jsonObject<CalendarView>({ from: query.from, to: query.to }, { entries });
  }
}
