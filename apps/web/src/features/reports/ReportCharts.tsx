import type { MarginMonthView, RevenueMonthView, StatusCountView } from '@quotebook/contracts';
import { formatEuro } from '@quotebook/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { statusLabel } from '../quotes/quote-list';
import { monthLabel } from './report-params';

/*
 * The charts, in a chunk of their own: the chart library is loaded when a chart is first drawn, not
 * with the app's first screen. Amounts arrive as text and are drawn as euro (a chart's scale needs
 * numbers; the exact figures stay in the tables and the CSV files).
 */

const CHART_HEIGHT = 280;
const euro = (value: number | null) => (value === null ? '' : formatEuro(value.toFixed(2)));

/** Revenue by month, VAT included: one bar per month. */
export function RevenueChart({ months, label }: { months: readonly RevenueMonthView[]; label: string }) {
  return (
    <BarChart
      aria-label={label}
      height={CHART_HEIGHT}
      xAxis={[{ scaleType: 'band', data: months.map((month) => monthLabel(month.month)) }]}
      yAxis={[{ width: 80, valueFormatter: (value: number) => euro(value) }]}
      series={[{ data: months.map((month) => Number(month.revenue)), label: 'Totale IVA incl.', valueFormatter: euro }]}
      hideLegend
    />
  );
}

/** The period's quotes by status, as the share of each. */
export function StatusChart({ statuses, label }: { statuses: readonly StatusCountView[]; label: string }) {
  return (
    <PieChart
      aria-label={label}
      height={CHART_HEIGHT}
      series={[
        {
          data: statuses.filter((status) => status.quotes > 0).map((status) => ({ id: status.status, value: status.quotes, label: statusLabel(status.status) })),
          innerRadius: 50,
        },
      ]}
    />
  );
}

/** Cost and margin by month, stacked, with the margin percentage as a line below. */
export function MarginChart({ months, label }: { months: readonly MarginMonthView[]; label: string }) {
  const labels = months.map((month) => monthLabel(month.month));
  return (
    <>
      <BarChart
        aria-label={label}
        height={CHART_HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ width: 80, valueFormatter: (value: number) => euro(value) }]}
        series={[
          { data: months.map((month) => Number(month.cost)), label: 'Costo', stack: 'net', valueFormatter: euro },
          { data: months.map((month) => Number(month.margin)), label: 'Margine', stack: 'net', valueFormatter: euro },
        ]}
      />
      <LineChart
        aria-label={`${label}: margine %`}
        height={160}
        xAxis={[{ scaleType: 'point', data: labels }]}
        series={[
          {
            data: months.map((month) => (month.marginPercent === null ? null : Number(month.marginPercent))),
            label: 'Margine %',
            valueFormatter: (value: number | null) => (value === null ? '—' : `${value.toFixed(2).replace('.', ',')}%`),
          },
        ]}
      />
    </>
  );
}
