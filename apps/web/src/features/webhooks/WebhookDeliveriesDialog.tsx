import type { WebhookDeliveryStatus, WebhookView } from '@quotebook/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoadError } from '../../shared/page/LoadError';
import { usePhone } from '../../shared/use-phone';
import { useListWebhookDeliveriesQuery } from './webhooks.api';

const STATUS_CHIPS: Readonly<Record<WebhookDeliveryStatus, { label: string; color: 'success' | 'warning' | 'error' }>> = {
  delivered: { label: 'Consegnato', color: 'success' },
  pending: { label: 'In corso', color: 'warning' },
  failed: { label: 'Fallito', color: 'error' },
};

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Rome' }) : '—';

interface WebhookDeliveriesDialogProps {
  tenantId: string;
  webhook: WebhookView;
  onClose: () => void;
}

/** The endpoint's newest deliveries: what was sent, how it ended, and what the endpoint answered. */
export function WebhookDeliveriesDialog({ tenantId, webhook, onClose }: WebhookDeliveriesDialogProps) {
  const titleId = useId();
  const phone = usePhone();
  const deliveries = useListWebhookDeliveriesQuery({ tenantId, id: webhook.id }, { refetchOnMountOrArgChange: true });
  const rows = deliveries.data ?? [];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle id={titleId}>Deliveries</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Typography>
        {deliveries.isError && <LoadError message="Failed to load deliveries" onRetry={deliveries.refetch} />}
        {deliveries.isLoading && <Typography>Loading deliveries…</Typography>}
        {deliveries.data && rows.length === 0 && <Typography>No deliveries yet</Typography>}
        {rows.length > 0 && (
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell>Revision</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell align="right">HTTP</TableCell>
                <TableCell>Last attempt</TableCell>
                <TableCell>Answer</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((delivery) => (
                <TableRow key={delivery.id}>
                  <TableCell>{delivery.event}</TableCell>
                  <TableCell>{`rev. ${delivery.revision}`}</TableCell>
                  <TableCell>
                    <Chip size="small" label={STATUS_CHIPS[delivery.status].label} color={STATUS_CHIPS[delivery.status].color} />
                  </TableCell>
                  <TableCell align="right">{delivery.attempts}</TableCell>
                  <TableCell align="right">{delivery.responseStatus ?? '—'}</TableCell>
                  <TableCell>{dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}>
                    {delivery.responseBody ? delivery.responseBody.slice(0, 200) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
