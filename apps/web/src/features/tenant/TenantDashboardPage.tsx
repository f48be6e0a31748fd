import type { QuoteView } from '@quotebook/contracts';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddBusinessIcon from '@mui/icons-material/AddBusiness';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import EuroIcon from '@mui/icons-material/Euro';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, languageLabel } from '../../shared/formatters';
import { formatEuro } from '../../shared/money';
import { FIGURE_LABELS, PAYMENT_LABELS } from '@quotebook/domain';
import { LoadError } from '../../shared/page/LoadError';
import type { QuotesPageState } from '../quotes/QuotesPage';
import { QuoteStatusChip } from '../quotes/QuoteStatusChip';
import { useGetDashboardQuery } from '../quotes/quotes.api';
import { DashboardRevenueChart } from '../reports/DashboardRevenueChart';
import { useTenantPage } from './tenant-context';

/** A figure that is still loading, or could not be read, shows so instead of a wrong number. */
interface FigureState {
  isLoading: boolean;
  isError: boolean;
}

function StatCard({ label, icon, value, note, state }: { label: string; icon: ReactNode; value: ReactNode; note?: string; state: FigureState }) {
  let shown: ReactNode = value ?? '—';
  if (state.isLoading) shown = <Skeleton width={40} />;
  else if (state.isError) shown = '—';
  return (
    <Card component="article" aria-label={label}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
            {shown}
          </Typography>
          {note && !state.isLoading && !state.isError && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {note}
            </Typography>
          )}
          {state.isError && (
            <Typography variant="caption" sx={{ color: 'error.main' }}>
              Could not be loaded
            </Typography>
          )}
        </Box>
        <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
      </CardContent>
    </Card>
  );
}

/** What the revenue figure is: VAT included, with its net beside it. */
export const revenueNote = (net: string) => `${FIGURE_LABELS.total} · ${FIGURE_LABELS.net} ${formatEuro(net)}`;
/** Which quotes the 'Da incassare' card sums: what their payments leave of their totals. */
export const DUE_NOTE = 'Preventivi confermati e chiusi, al netto dei pagamenti';

function RecentQuotes({ quotes, state }: { quotes: readonly QuoteView[] | undefined; state: FigureState }) {
  return (
    <Card component="section" aria-labelledby="recent-quotes">
      <CardContent>
        <Typography id="recent-quotes" variant="h2" sx={{ mb: 1 }}>
          Recent Quotes
        </Typography>
        {state.isLoading && [0, 1, 2].map((row) => <Skeleton key={row} height={48} />)}
        {quotes && quotes.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
            No quotes yet
          </Typography>
        )}
        {quotes && quotes.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {quotes.map((quote) => (
              <Box
                component="li"
                key={quote.id}
                aria-label={quote.customerName}
                sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {quote.customerName}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDate(quote.serviceDate)}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatEuro(quote.totalAmount)}
                </Typography>
                <QuoteStatusChip status={quote.status} dashboard />
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * `/{keyword}/dashboard`: the agency's figures and its latest quotes, all from one call (the quoting
 * service asks the catalogue for its counts), the revenue of the last twelve months (the reports'
 * call, its chart loaded lazily), and the quick actions.
 */
export function TenantDashboardPage() {
  const { tenant } = useTenantPage();
  const dashboard = useGetDashboardQuery(tenant.id);
  const figures = dashboard.data;
  const state: FigureState = { isLoading: dashboard.isLoading, isError: dashboard.isError };
  const createQuote: QuotesPageState = { createQuote: true };

  const details = [
    { label: 'Public address', value: `${window.location.host}/${tenant.keyword}` },
    { label: 'Status', value: tenant.status },
    { label: 'Expiry', value: formatDate(tenant.expiryDate) || '—' },
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h1">{tenant.name}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Dashboard
        </Typography>
      </Box>

      {dashboard.isError && <LoadError message="Failed to load the dashboard" onRetry={() => void dashboard.refetch()} />}
      <Box
        component="section"
        aria-label="Figures"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' }, gap: 2 }}
      >
        <StatCard label="Active Products" icon={<Inventory2OutlinedIcon fontSize="large" />} value={figures?.activeProducts} state={state} />
        <StatCard label="Total Customers" icon={<PeopleAltOutlinedIcon fontSize="large" />} value={figures?.totalCustomers} state={state} />
        <StatCard label="Quotes This Month" icon={<RequestQuoteOutlinedIcon fontSize="large" />} value={figures?.quotesThisMonth} state={state} />
        <StatCard
          label="Revenue MTD"
          icon={<EuroIcon fontSize="large" />}
          value={figures && formatEuro(figures.revenueMtd)}
          note={figures && revenueNote(figures.revenueMtdNet)}
          state={state}
        />
        <StatCard
          label={PAYMENT_LABELS.due}
          icon={<AccountBalanceWalletOutlinedIcon fontSize="large" />}
          value={figures && formatEuro(figures.dueTotal)}
          note={DUE_NOTE}
          state={state}
        />
      </Box>

      <DashboardRevenueChart tenantId={tenant.id} />

      <RecentQuotes quotes={figures?.recentQuotes} state={state} />

      <Card component="section" aria-labelledby="quick-actions">
        <CardContent>
          <Typography id="quick-actions" variant="h2" sx={{ mb: 2 }}>
            Quick Actions
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
            <Button
              component={Link}
              to={`/${tenant.keyword}/quotes`}
              state={createQuote}
              nativeButton={false}
              variant="contained"
              startIcon={<NoteAddOutlinedIcon />}
            >
              Create Quote
            </Button>
            <Button
              component={Link}
              to={`/${tenant.keyword}/customers`}
              nativeButton={false}
              variant="outlined"
              startIcon={<PersonAddAltIcon />}
            >
              Add Customer
            </Button>
            <Button
              component={Link}
              to={`/${tenant.keyword}/products`}
              nativeButton={false}
              variant="outlined"
              startIcon={<AddBusinessIcon />}
            >
              Add Product
            </Button>
            <Button
              component={Link}
              to={`/${tenant.keyword}/reports`}
              nativeButton={false}
              variant="outlined"
              startIcon={<AssessmentOutlinedIcon />}
            >
              View Reports
            </Button>
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 2 }}>
            Agency
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            {details.map(({ label, value }) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              Languages
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {tenant.languages.map((code) => (
                <Chip key={code} size="small" label={languageLabel(code)} />
              ))}
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
