import type { QuoteView } from '@quotebook/contracts';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DEFAULT_TIME_ZONE, formatDate, formatServiceDateTime, todayIn } from '@quotebook/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DateField } from '../../shared/fields/InputFields';
import { SearchField } from '../../shared/fields/SearchField';
import { SelectField } from '../../shared/fields/SelectField';
import { ListPage } from '../../shared/page/ListPage';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useListCustomersQuery } from '../customers/customers.api';
import { SendingBadge } from '../quote-sending/SendingBadge';
import { useTenantPage } from '../tenant/tenant-context';
import {
  ALL_CUSTOMERS,
  AMOUNT_HEADER,
  CREATOR_FILTER_LABEL,
  creatorName,
  creatorOptions,
  currentMonth,
  customerPickerOptions,
  DELETE_QUOTE_CONFIRMATION,
  NO_QUOTE_FILTERS,
  quoteAmount,
  quoteCountLine,
  quoteFiltersActive,
  quoteListFilters,
  quoteName,
  STATUS_FILTER_OPTIONS,
  quoteWarning,
  type QuoteFilterValues,
} from './quote-list';
import { DUE_HEADER, quoteDueText } from './quote-due';
import { MARGIN_HEADER, marginShown, quoteMarginText } from './quote-margin';
import { QuoteStatusChip } from './QuoteStatusChip';
import { useDeleteQuoteMutation, useListQuoteCreatorsQuery, useListQuotesQuery } from './quotes.api';

// the dialogs load when first opened: the list's first screen does not wait for them
const QuoteCreateDialog = lazy(() => import('./QuoteCreateDialog').then((m) => ({ default: m.QuoteCreateDialog })));
const QuoteEditDialog = lazy(() => import('./QuoteEditDialog').then((m) => ({ default: m.QuoteEditDialog })));
const QuoteAdvancedDialog = lazy(() => import('./QuoteAdvancedDialog').then((m) => ({ default: m.QuoteAdvancedDialog })));
const SendQuoteDialog = lazy(() => import('../quote-sending/SendQuoteDialog').then((m) => ({ default: m.SendQuoteDialog })));
const DocumentPreviewDialog = lazy(() => import('../documents/DocumentPreviewDialog').then((m) => ({ default: m.DocumentPreviewDialog })));

const ROWS_PER_PAGE = [10, 25, 50, 100];
const SEARCH_PAUSE_MS = 300;

/** What a link to this page may ask for: the creation dialog opened at once (the dashboard's Create Quote). */
export interface QuotesPageState {
  createQuote?: boolean;
  /** a quote to open in the advanced editor (where a notification leads) */
  openQuote?: string;
}

/** The day a quote was created, in the business time zone. */
const createdDay = (createdAt: string) => formatDate(todayIn(DEFAULT_TIME_ZONE, new Date(createdAt)));

function AmountText({ quote, refreshing }: { quote: QuoteView; refreshing: boolean }) {
  const amount = quoteAmount(quote, refreshing);
  const color = amount.confirmation === 'all' ? 'primary.main' : amount.confirmation === 'some' ? 'error.main' : undefined;
  const warning = quoteWarning(quote);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" title={amount.hint} data-confirmation={amount.confirmation} sx={{ color, fontWeight: amount.confirmation ? 600 : undefined }}>
        {amount.text}
      </Box>
      {warning && (
        <Tooltip title={warning}>
          <WarningAmberIcon role="img" aria-label={warning} aria-hidden={false} tabIndex={0} color="warning" fontSize="small" />
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * The short id the spec lists, alone in its cell (other clients read it there); the progressive number
 * is its tooltip, and is shown in the editors and on the document.
 */
function QuoteIdText({ quote }: { quote: QuoteView }) {
  return (
    <Box component="span" title={quote.number ? `N. ${quote.number}` : undefined} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
      {`#${quote.shortId}`}
    </Box>
  );
}

/**
 * `/{keyword}/quotes`, for every role of the agency: the quotes filtered, searched and paged by the
 * server (one call per page; each row carries its customer's name and confirmed totals), with the
 * creation dialog, the simple and advanced editors and the confirmed delete.
 */
export function QuotesPage() {
  const { tenant, user } = useTenantPage();
  const location = useLocation();
  const navigate = useNavigate();
  const [startAdding] = useState(() => Boolean((location.state as QuotesPageState | null)?.createQuote));
  const [filters, setFilters] = useState<QuoteFilterValues>(NO_QUOTE_FILTERS);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [advancedOf, setAdvancedOf] = useState<string | null>(null);
  const [printing, setPrinting] = useState<QuoteView | null>(null);
  const [sendingOf, setSendingOf] = useState<QuoteView | null>(null);
  const openQuote = (location.state as QuotesPageState | null)?.openQuote;
  const typed = useDebouncedValue(filters.search, SEARCH_PAUSE_MS);
  // a search is sent once the typing pauses; an emptied one at once
  const search = filters.search.trim() ? typed : '';
  const sentFilters = quoteListFilters({ ...filters, search });
  const filtering = Object.keys(sentFilters).length > 0;
  const list = useListQuotesQuery({
    tenantId: tenant.id,
    filters: sentFilters,
    page: { limit: rowsPerPage, offset: page * rowsPerPage },
  });
  // how many quotes the agency has: the unfiltered list's count (one row), asked only while filtering
  const all = useListQuotesQuery({ tenantId: tenant.id, filters: {}, page: { limit: 1, offset: 0 } }, { skip: !filtering });
  const { data: customers = [] } = useListCustomersQuery(tenant.id);
  const { data: creators = [] } = useListQuoteCreatorsQuery(tenant.id);
  const [deleteQuote] = useDeleteQuoteMutation();
  const shown = list.currentData;
  // the same page read again after a change: confirmed amounts are being recalculated
  const refreshing = list.isFetching && Boolean(shown);
  const agencyTotal = filtering ? all.data?.total : shown?.total;

  // the request to open the creation dialog is used once, not again on reload or back
  useEffect(() => {
    if (startAdding) navigate('.', { replace: true, state: null });
  }, [startAdding, navigate]);

  // a notification's quote opens in the advanced editor, once (not again on reload or back)
  useEffect(() => {
    if (!openQuote) return;
    setAdvancedOf(openQuote);
    navigate('.', { replace: true, state: null });
  }, [openQuote, navigate]);

  // a page emptied by deletes goes back to the last page that has quotes
  useEffect(() => {
    if (shown && shown.items.length === 0 && page > 0) setPage(Math.max(0, Math.ceil(shown.total / rowsPerPage) - 1));
  }, [shown, page, rowsPerPage]);

  const filter = (change: Partial<QuoteFilterValues>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(0);
  };

  return (
    <ListPage<QuoteView>
      title="Quote Management"
      subtitle="Quotes for your customers: prices, confirmed orders, the service and what was consumed."
      noun="quote"
      list={{
        data: shown?.items,
        isLoading: list.isFetching && !shown,
        isError: list.isError,
        refetch: list.refetch,
      }}
      filtersActive={quoteFiltersActive(filters)}
      startAdding={startAdding}
      headerActions={
        <Button component={Link} to={`/${tenant.keyword}/calendar`} nativeButton={false} variant="outlined" startIcon={<CalendarMonthOutlinedIcon />}>
          Calendario
        </Button>
      }
      filters={
        <>
          <SearchField
            value={filters.search}
            onChange={(value) => filter({ search: value })}
            placeholder="Search by ID, customer, subject, amount, status or date..."
          />
          <SelectField label="Status" name="statusFilter" value={filters.status} options={STATUS_FILTER_OPTIONS} onChange={(status) => filter({ status })} size="small" margin="none" minWidth={170} />
          <SelectField
            label="Customer"
            name="customerFilter"
            value={filters.customerId}
            options={customerPickerOptions(customers, ALL_CUSTOMERS)}
            onChange={(customerId) => filter({ customerId })}
            size="small"
            margin="none"
            minWidth={200}
          />
          <SelectField
            label={CREATOR_FILTER_LABEL}
            name="createdByFilter"
            value={filters.createdBy}
            options={creatorOptions(creators)}
            onChange={(createdBy) => filter({ createdBy })}
            size="small"
            margin="none"
            minWidth={180}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, flexBasis: '100%' }}>
            <DateField label="Analysis Start Date" size="small" margin="none" value={filters.from} onChange={(event) => filter({ from: event.target.value })} sx={{ width: 190 }} />
            <DateField label="Analysis End Date" size="small" margin="none" value={filters.to} onChange={(event) => filter({ to: event.target.value })} sx={{ width: 190 }} />
            <Button variant="outlined" onClick={() => filter(currentMonth())}>
              Mese corrente
            </Button>
            <Button onClick={() => filter(NO_QUOTE_FILTERS)} disabled={!quoteFiltersActive(filters)}>
              Clear Filters
            </Button>
          </Box>
        </>
      }
      summary={
        shown &&
        agencyTotal !== undefined && (
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {quoteCountLine(shown.total, agencyTotal)}
          </Typography>
        )
      }
      pagination={
        shown &&
        shown.total > 0 && (
          <TablePagination
            component="div"
            count={shown.total}
            page={page}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={ROWS_PER_PAGE}
            // a native select (like every select of the app) that MUI leaves unnamed
            slotProps={{ select: { native: true, inputProps: { 'aria-label': 'Rows per page' } } }}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        )
      }
      columns={[
        { header: 'Quote ID', cell: (quote) => <QuoteIdText quote={quote} /> },
        {
          header: 'Customer',
          cell: (quote) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {quote.customerName}
              </Typography>
              {quote.subject && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {quote.subject}
                </Typography>
              )}
            </>
          ),
        },
        { header: 'Service Date', cell: (quote) => formatServiceDateTime(quote.serviceDate, quote.serviceStartTime) },
        { header: AMOUNT_HEADER, cell: (quote) => <AmountText quote={quote} refreshing={refreshing} /> },
        { header: DUE_HEADER, cell: quoteDueText },
        ...(marginShown(user, shown?.items) ? [{ header: MARGIN_HEADER, cell: (quote: QuoteView) => quoteMarginText(quote) ?? '—' }] : []),
        {
          header: 'Status',
          cell: (quote) => (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
              <QuoteStatusChip status={quote.status} />
              <SendingBadge quote={quote} />
            </Box>
          ),
        },
        { header: CREATOR_FILTER_LABEL, cell: creatorName },
        { header: 'Created', cell: (quote) => createdDay(quote.createdAt) },
      ]}
      nameOf={quoteName}
      empty={{ title: 'No quotes yet', hint: 'Create your first quote to get started' }}
      noMatch={{ title: 'No quotes found', hint: 'Try adjusting your search criteria' }}
      afterEditActions={(quote) => [
        { label: 'Advanced', icon: <TuneIcon fontSize="small" />, onClick: () => setAdvancedOf(quote.id) },
        { label: 'Stampa', icon: <PrintOutlinedIcon fontSize="small" />, onClick: () => setPrinting(quote) },
        { label: 'Invia al cliente', icon: <SendOutlinedIcon fontSize="small" />, onClick: () => setSendingOf(quote) },
      ]}
      editor={(quote, close) => (
        <Suspense>
          {quote ? (
            <QuoteEditDialog key={quote.id} tenantId={tenant.id} quote={quote} onClose={close} />
          ) : (
            <QuoteCreateDialog tenantId={tenant.id} onClose={close} />
          )}
        </Suspense>
      )}
      remove={{
        confirmation: DELETE_QUOTE_CONFIRMATION,
        run: (quote) => deleteQuote({ tenantId: tenant.id, quoteId: quote.id }),
      }}
    >
      {/* about the agency's quotes, so it stays while filters match none of them */}
      {Boolean(agencyTotal) && (
        <Card component="aside" aria-labelledby="quote-consolidation">
          <CardContent sx={{ display: 'flex', gap: 1.5 }}>
            <InfoOutlinedIcon color="primary" aria-hidden />
            <Box>
              <Typography id="quote-consolidation" variant="h3" component="h2">
                Quote Consolidation
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                Every amount is the quote's total VAT included, the same as on its document. A confirmed quote counts its confirmed
                products only: in blue when every product is confirmed, in red while some are still unconfirmed.
              </Typography>
            </Box>
          </CardContent>
        </Card>
      )}
      {advancedOf && (
        <Suspense>
          <QuoteAdvancedDialog key={advancedOf} tenantId={tenant.id} quoteId={advancedOf} onClose={() => setAdvancedOf(null)} />
        </Suspense>
      )}
      {sendingOf && (
        <Suspense>
          <SendQuoteDialog key={sendingOf.id} tenantId={tenant.id} quote={sendingOf} onClose={() => setSendingOf(null)} />
        </Suspense>
      )}
      {printing && (
        <Suspense>
          <DocumentPreviewDialog
            key={printing.id}
            tenantId={tenant.id}
            keyword={tenant.keyword}
            canManageLayouts={user.role !== 'tenant_user'}
            quote={printing}
            onClose={() => setPrinting(null)}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
