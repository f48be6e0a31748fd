import type { CalendarEntryView } from '@quotebook/contracts';
import { formatDate, todayIn } from '@quotebook/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { SelectField } from '../../shared/fields/SelectField';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import type { QuotesPageState } from '../quotes/QuotesPage';
import { useTenantPage } from '../tenant/tenant-context';
import { useGetCalendarQuery } from './calendar.api';
import {
  type CalendarGrouping,
  type CalendarMode,
  dayHeading,
  type EntryGroup,
  groupByDay,
  monthHeading,
  rangeOf,
  settingsOf,
  stepped,
  WEEKDAYS,
  weeksOf,
} from './calendar-grid';

/** One booked service: what the group does not say already, and its participants; opens its quote. */
function EntryButton({ entry, group, onOpen }: { entry: CalendarEntryView; group: CalendarGrouping; onOpen: (quoteId: string) => void }) {
  const what = group === 'product' ? entry.customerName : entry.description;
  const text = `${entry.startTime ? `${entry.startTime} ` : ''}${what} · ${entry.participants} pax`;
  return (
    <ButtonBase
      onClick={() => onOpen(entry.quoteId)}
      aria-label={`${text}, preventivo ${entry.quoteNumber}`}
      sx={{
        display: 'block', width: '100%', textAlign: 'left', px: 0.75, py: 0.25, borderRadius: 1, typography: 'caption',
        bgcolor: 'action.hover', '&:hover, &:focus-visible': { bgcolor: 'action.selected' }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap',
      }}
      title={`${entry.quoteNumber} · ${entry.customerName} · ${entry.description}`}
    >
      {text}
    </ButtonBase>
  );
}

function DayGroups({ groups, group, onOpen }: { groups: readonly EntryGroup[]; group: CalendarGrouping; onOpen: (quoteId: string) => void }) {
  return (
    <>
      {groups.map((entryGroup) => (
        <Box key={entryGroup.key} role="group" aria-label={entryGroup.label} sx={{ mt: 0.5 }}>
          <Typography variant="caption" component="div" sx={{ fontWeight: 600 }} noWrap>
            {`${entryGroup.label} (${entryGroup.participants})`}
          </Typography>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
            {entryGroup.entries.map((entry) => (
              <EntryButton key={`${entry.quoteId}-${entry.productId}`} entry={entry} group={group} onOpen={onOpen} />
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}

/**
 * `/{keyword}/calendar`, for every role of the agency: the booked services (order-confirmed lines of
 * confirmed and closed quotes) by day, a month or a week at a time, grouped by product or customer;
 * an entry opens its quote in the editor. The view, the day and the filters live in the address.
 */
export function CalendarPage() {
  const { tenant } = useTenantPage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const settings = settingsOf(params);
  const range = rangeOf(settings);
  const productId = params.get('productId') ?? undefined;
  const customerId = params.get('customerId') ?? undefined;
  const calendar = useGetCalendarQuery({ tenantId: tenant.id, query: { ...range, ...(productId ? { productId } : {}), ...(customerId ? { customerId } : {}) } });
  const byDay = groupByDay(calendar.data?.entries ?? [], settings.group);
  const today = todayIn();

  const change = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const open = (quoteId: string) => navigate(`/${tenant.keyword}/quotes`, { state: { openQuote: quoteId } satisfies QuotesPageState });

  const products = new Map<string, string>();
  const customers = new Map<string, string>();
  for (const entry of calendar.data?.entries ?? []) {
    products.set(entry.productId, entry.description);
    customers.set(entry.customerId, entry.customerName);
  }
  const heading = settings.mode === 'month' ? monthHeading(settings.day) : `${formatDate(range.from)} – ${formatDate(range.to)}`;
  const inMonth = (day: string) => settings.mode === 'week' || day.slice(0, 7) === settings.day.slice(0, 7);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeader title="Calendario" subtitle="I servizi prenotati: le righe confermate dei preventivi confermati e chiusi, per data del servizio." />

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <IconButton aria-label="Precedente" onClick={() => change({ day: stepped(settings, -1) })}>
            <ChevronLeftIcon />
          </IconButton>
          <Button size="small" onClick={() => change({ day: undefined })}>
            Oggi
          </Button>
          <IconButton aria-label="Successivo" onClick={() => change({ day: stepped(settings, 1) })}>
            <ChevronRightIcon />
          </IconButton>
          <Typography variant="h2" component="h2" sx={{ ml: 1, textTransform: 'capitalize' }} aria-live="polite">
            {heading}
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={settings.mode}
          aria-label="Vista"
          onChange={(_event, mode: CalendarMode | null) => mode && change({ view: mode === 'month' ? undefined : mode })}
        >
          <ToggleButton value="month">Mese</ToggleButton>
          <ToggleButton value="week">Settimana</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={settings.group}
          aria-label="Raggruppa per"
          onChange={(_event, group: CalendarGrouping | null) => group && change({ group: group === 'product' ? undefined : group })}
        >
          <ToggleButton value="product">Per prodotto</ToggleButton>
          <ToggleButton value="customer">Per cliente</ToggleButton>
        </ToggleButtonGroup>
        {productId || products.size > 1 ? (
          <SelectField
            label="Prodotto"
            size="small"
            minWidth={200}
            value={productId ?? ''}
            options={[{ value: '', label: 'Tutti i prodotti' }, ...[...products].map(([value, label]) => ({ value, label }))]}
            onChange={(value) => change({ productId: value || undefined })}
          />
        ) : null}
        {customerId || customers.size > 1 ? (
          <SelectField
            label="Cliente"
            size="small"
            minWidth={200}
            value={customerId ?? ''}
            options={[{ value: '', label: 'Tutti i clienti' }, ...[...customers].map(([value, label]) => ({ value, label }))]}
            onChange={(value) => change({ customerId: value || undefined })}
          />
        ) : null}
      </Box>

      {calendar.isError && <LoadError message="Impossibile caricare il calendario" onRetry={() => void calendar.refetch()} />}
      {calendar.isLoading && <Skeleton variant="rectangular" height={360} aria-label="Calendario: caricamento" />}
      {calendar.data && calendar.data.entries.length === 0 && <EmptyState title="Nessun servizio prenotato in questo periodo" />}

      {calendar.data && (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Box role="grid" aria-label={`Calendario ${heading}`} sx={{ minWidth: 720 }}>
            <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', borderBottom: 1, borderColor: 'divider' }}>
              {WEEKDAYS.map((weekday) => (
                <Typography key={weekday} role="columnheader" variant="caption" sx={{ p: 1, fontWeight: 600, textTransform: 'uppercase', color: 'text.secondary' }}>
                  {weekday}
                </Typography>
              ))}
            </Box>
            {weeksOf(range).map((week) => (
              <Box key={week[0]} role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', borderBottom: 1, borderColor: 'divider', '&:last-child': { borderBottom: 0 } }}>
                {week.map((day) => (
                  <Box
                    key={day}
                    role="gridcell"
                    aria-label={dayHeading(day)}
                    sx={{ p: 0.75, minHeight: settings.mode === 'week' ? 240 : 110, minWidth: 0, borderRight: 1, borderColor: 'divider', '&:last-child': { borderRight: 0 }, opacity: inMonth(day) ? 1 : 0.55 }}
                  >
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{ fontWeight: day === today ? 700 : 400, color: day === today ? 'primary.main' : 'text.secondary' }}
                    >
                      {Number(day.slice(8))}
                    </Typography>
                    <DayGroups groups={byDay.get(day) ?? []} group={settings.group} onOpen={open} />
                  </Box>
                ))}
              </Box>
            ))}
          </Box>
        </Card>
      )}
    </Box>
  );
}
