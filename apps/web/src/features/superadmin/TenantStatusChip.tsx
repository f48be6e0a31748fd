import type { TenantDisplayStatus } from '@quotebook/contracts';
import Chip from '@mui/material/Chip';

const CHIP_COLOR: Record<TenantDisplayStatus, 'success' | 'warning' | 'error' | 'default'> = {
  Active: 'success',
  'Expiring Soon': 'warning',
  Expired: 'error',
  Disabled: 'default',
};

export function TenantStatusChip({ status }: { status: TenantDisplayStatus }) {
  return <Chip size="small" label={status} color={CHIP_COLOR[status] ?? 'default'} variant={status === 'Disabled' ? 'outlined' : 'filled'} />;
}
