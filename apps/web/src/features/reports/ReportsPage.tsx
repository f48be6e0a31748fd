import type { MarginByMonthView, QuotesByStatusView, ReportQueryDto, RevenueByMonthView, TopCustomersView, TopProductsView } from '@quotebook/contracts';
import { formatEuro } from '@quotebook/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { SelectField } from '../../shared/fields/SelectField';
import { PageHeader } from '../../shared/page/PageHeader';
import { useListCustomersQuery } from '../customers/customers.api';
import { productDisplayTitle } from '../products/product-form';
import { useListProductsQuery } from '../products/products.api';
import { statusLabel } from '../quotes/quote-list';
import { useTenantPage } from '../tenant/tenant-context';
import { ReportCard } from './ReportCard';
import { csvAmount, csvText, downloadCsv, filtersOf, monthLabel, periodOf, reportQuery, withFilters } from './report-params';
import {
  useGetMarginByMonthQuery,
  useGetQuotesByStatusQuery,
  useGetRevenueByMonthQuery,
  useGetTopCustomersQuery,
  useGetTopProductsQuery,
} from './reports.api';

const RevenueChart = lazy(() => import('./ReportCharts').then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => import('./ReportCharts').then((m) => ({ default: m.StatusChart })));
const MarginChart = lazy(() => import('./ReportCharts').then((m) => ({ default: m.MarginChart })));

export const REPORT_TITLES = {
  revenue: 'Fatturato per mese',
  statuses: 'Preventivi per stato',
  margin: 'Margine per mese',
  products: 'Prodotti più venduti',
  customers: 'Clienti migliori',
} as const;

const percent = (value: string | null) => (value === null ? '—' : `${value.replace('.', ',')}%`);

/** The file a report is saved as: its name and period. */
const fileName = (report: string, query: ReportQueryDto) => `${report}_${query.from}_${query.to}.csv`;

function revenueCsv(view: RevenueByMonthView) {
  return csvText(['Mese', 'Preventivi', 'Totale IVA incl.', 'Imponibile'], view.months.map((row) => [row.month, row.quotes, csvAmount(row.revenue), csvAmount(row.revenueNet)]));
}

function statusesCsv(view: QuotesByStatusView) {
  return csvText(
    ['Stato', 'Preventivi', 'Totale IVA incl.'],
    [...view.statuses.map((row) => [statusLabel(row.status), row.quotes, csvAmount(row.total)]), ['Inviati', view.sent, ''], ['Accettati', view.accepted, ''], ['Conversione %', csvAmount(view.conversionRate), '']],
  );
}

function marginCsv(view: MarginByMonthView) {
  return csvText(
    ['Mese', 'Preventivi', 'Imponibile', 'Costo', 'Margine', 'Margine %'],
    view.months.map((row) => [row.month, row.quotes, csvAmount(row.revenueNet), csvAmount(row.cost), csvAmount(row.margin), csvAmount(row.marginPercent)]),
  );
}

function productsCsv(view: TopProductsView) {
  return csvText(['Codice', 'Prodotto', 'Preventivi', 'Partecipanti', 'Totale IVA incl.'], view.products.map((row) => [row.productCode, row.description, row.quotes, row.participants, csvAmount(row.revenue)]));
}

function customersCsv(view: TopCustomersView) {
  return csvText(['Cliente', 'Preventivi', 'Totale IVA incl.', 'Imponibile'], view.customers.map((row) => [row.customerName, row.quotes, csvAmount(row.revenue), csvAmount(row.revenueNet)]));
}

/** A small table of figures: the header, then one row per line, numbers on the right. */
function FiguresTable({ label, header, rows }: { label: string; header: readonly string[]; rows: readonly (readonly (string | number)[])[] }) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {header.map((cell, index) => (
            <TableCell key={cell} align={index === 0 ? 'left' : 'right'}>
              {cell}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, rowIndex) => (
          <TableRow key={rowIndex}>
            {row.map((cell, index) => (
              <TableCell key={index} align={index === 0 ? 'left' : 'right'}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * `/{keyword}/reports`, for admins: revenue, quotes by status and conversion, margin, and the top
 * products and customers of a period, each from one call; the period and the filters live in the
 * address, so a report can be bookmarked and shared. Each report exports as CSV.
 */
export function ReportsPage() {
  const { tenant } = useTenantPage();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const period = periodOf(filters);
  const invalid = 'errors' in period;
  const query = invalid ? {} : reportQuery(filters, period);
  const args = { tenantId: tenant.id, query };
  const skip = { skip: invalid };
  const revenue = useGetRevenueByMonthQuery(args, skip);
  const statuses = useGetQuotesByStatusQuery(args, skip);
  const margin = useGetMarginByMonthQuery(args, skip);
  const products = useGetTopProductsQuery(args, skip);
  const customers = useGetTopCustomersQuery(args, skip);
  const { data: customerList = [] } = useListCustomersQuery(tenant.id);
  const { data: productList = [] } = useListProductsQuery(tenant.id);

  const change = (key: 'from' | 'to' | 'customerId' | 'productId', value: string) => setParams(withFilters(params, { [key]: value }), { replace: true });
  const exportCsv = (report: string, text: string) => downloadCsv(fileName(report, query), text);

  const sent = statuses.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader title="Report" subtitle="Fatturato, preventivi, margine e i migliori prodotti e clienti del periodo, per data del servizio." />

      <Box component="form" role="search" aria-label="Periodo e filtri" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }} onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="month"
          label="Dal mese"
          size="small"
          value={invalid ? (filters.from ?? '') : period.from}
          onChange={(event) => change('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="month"
          label="Al mese"
          size="small"
          value={invalid ? (filters.to ?? '') : period.to}
          onChange={(event) => change('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SelectField
          label="Cliente"
          size="small"
          minWidth={220}
          value={filters.customerId ?? ''}
          options={[{ value: '', label: 'Tutti i clienti' }, ...customerList.map((customer) => ({ value: customer.id, label: customer.name }))]}
          onChange={(value) => change('customerId', value)}
        />
        <SelectField
          label="Prodotto"
          size="small"
          minWidth={220}
          value={filters.productId ?? ''}
          options={[{ value: '', label: 'Tutti i prodotti' }, ...productList.map((product) => ({ value: product.id, label: productDisplayTitle(product) }))]}
          onChange={(value) => change('productId', value)}
        />
        {params.toString() !== '' && (
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>Ultimi 12 mesi, tutti</Button>
        )}
      </Box>
      {invalid && <Alert severity="warning">{period.errors.join(' ')}</Alert>}

      <ReportCard
        title={REPORT_TITLES.revenue}
        subtitle="Preventivi confermati e chiusi, Totale IVA incl."
        state={revenue}
        empty={!revenue.data || revenue.data.months.every((month) => month.quotes === 0)}
        onExport={revenue.data && (() => exportCsv('fatturato', revenueCsv(revenue.data as RevenueByMonthView)))}
      >
        {revenue.data && <RevenueChart months={revenue.data.months} label={REPORT_TITLES.revenue} />}
      </ReportCard>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <ReportCard
          title={REPORT_TITLES.statuses}
          state={statuses}
          empty={!sent || (sent.statuses.every((status) => status.quotes === 0) && sent.sent === 0)}
          onExport={sent && (() => exportCsv('preventivi-per-stato', statusesCsv(sent)))}
        >
          {sent && (
            <>
              <StatusChart statuses={sent.statuses} label={REPORT_TITLES.statuses} />
              <Typography variant="body2" sx={{ mt: 1 }} aria-label="Conversione">
                {`Conversione (inviati → accettati): ${percent(sent.conversionRate)} · ${sent.accepted} accettati su ${sent.sent} inviati`}
              </Typography>
            </>
          )}
        </ReportCard>

        <ReportCard
          title={REPORT_TITLES.margin}
          subtitle="Preventivi confermati e chiusi con il costo noto"
          state={margin}
          empty={!margin.data || margin.data.months.every((month) => month.quotes === 0)}
          onExport={margin.data && (() => exportCsv('margine', marginCsv(margin.data as MarginByMonthView)))}
        >
          {margin.data && <MarginChart months={margin.data.months} label={REPORT_TITLES.margin} />}
        </ReportCard>
      </Box>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <ReportCard
          title={REPORT_TITLES.products}
          state={products}
          empty={!products.data || products.data.products.length === 0}
          onExport={products.data && (() => exportCsv('prodotti', productsCsv(products.data as TopProductsView)))}
        >
          {products.data && (
            <FiguresTable
              label={REPORT_TITLES.products}
              header={['Prodotto', 'Preventivi', 'Partecipanti', 'Totale IVA incl.']}
              rows={products.data.products.map((row) => [row.description, row.quotes, row.participants, formatEuro(row.revenue)])}
            />
          )}
        </ReportCard>

        <ReportCard
          title={REPORT_TITLES.customers}
          state={customers}
          empty={!customers.data || customers.data.customers.length === 0}
          onExport={customers.data && (() => exportCsv('clienti', customersCsv(customers.data as TopCustomersView)))}
        >
          {customers.data && (
            <FiguresTable
              label={REPORT_TITLES.customers}
              header={['Cliente', 'Preventivi', 'Totale IVA incl.']}
              rows={customers.data.customers.map((row) => [row.customerName, row.quotes, formatEuro(row.revenue)])}
            />
          )}
        </ReportCard>
      </Box>
      {revenue.data && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {`Periodo: ${monthLabel(revenue.data.from)} – ${monthLabel(revenue.data.to)}`}
        </Typography>
      )}
    </Box>
  );
}
