import { lazy } from 'react';
import { ReportCard } from './ReportCard';
import { useGetRevenueByMonthQuery } from './reports.api';

const RevenueChart = lazy(() => import('./ReportCharts').then((m) => ({ default: m.RevenueChart })));

export const DASHBOARD_REVENUE_TITLE = 'Fatturato ultimi 12 mesi';

/** The dashboard's revenue chart: the last twelve months by month of service, the reports page's first call. */
export function DashboardRevenueChart({ tenantId }: { tenantId: string }) {
  const revenue = useGetRevenueByMonthQuery({ tenantId, query: {} });
  return (
    <ReportCard
      title={DASHBOARD_REVENUE_TITLE}
      subtitle="Preventivi confermati e chiusi, Totale IVA incl."
      state={revenue}
      empty={!revenue.data || revenue.data.months.every((month) => month.quotes === 0)}
    >
      {revenue.data && <RevenueChart months={revenue.data.months} label={DASHBOARD_REVENUE_TITLE} />}
    </ReportCard>
  );
}
