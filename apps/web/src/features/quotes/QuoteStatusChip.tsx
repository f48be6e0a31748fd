import Chip, { type ChipProps } from '@mui/material/Chip';
import type { QuoteStatus } from '@quotebook/domain';
import { statusLabel } from './quote-list';

type Tone = NonNullable<ChipProps['color']>;

const LIST_TONES: Readonly<Record<QuoteStatus, Tone>> = {
  pending: 'warning',
  waiting: 'info',
  confirmed: 'success',
  cancelled: 'error',
  closed: 'default',
};

/** The dashboard's badges: confirmed is active, pending is pending, every other status expired. */
const DASHBOARD_TONES: Readonly<Record<QuoteStatus, Tone>> = {
  pending: 'warning',
  waiting: 'error',
  confirmed: 'success',
  cancelled: 'error',
  closed: 'error',
};

/** A quote's status as a badge; `dashboard` colours it as the dashboard's Recent Quotes do. */
export function QuoteStatusChip({ status, dashboard = false }: { status: QuoteStatus; dashboard?: boolean }) {
  return <Chip size="small" label={statusLabel(status)} color={(dashboard ? DASHBOARD_TONES : LIST_TONES)[status]} variant="outlined" />;
}
