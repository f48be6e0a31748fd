import type { AvailabilityView, ProductView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { useConfirmedDelete } from '../../shared/confirm-dialog/use-confirmed-delete';
import { EmptyState } from '../../shared/page/EmptyState';
import { RowActions } from '../../shared/page/RowActions';
import { usePhone } from '../../shared/use-phone';
import { DELETE_AVAILABILITY_CONFIRMATION, periodRange, periodSummary, sortPeriods, supplierSummary } from './availability-form';
import { AvailabilityFormDialog } from './AvailabilityFormDialog';
import { productDisplayTitle } from './product-form';
import { useDeleteAvailabilityMutation } from './products.api';

interface AvailabilityDialogProps {
  tenantId: string;
  /** read from the product list, so the periods shown follow every change */
  product: ProductView;
  onClose: () => void;
}

type FormState = { period?: AvailabilityView } | null;

/** The periods of one product: when it can be sold and at what price. */
export function AvailabilityDialog({ tenantId, product, onClose }: AvailabilityDialogProps) {
  const [form, setForm] = useState<FormState>(null);
  const [deleteAvailability] = useDeleteAvailabilityMutation();
  const deletion = useConfirmedDelete<AvailabilityView>({
    noun: 'availability period',
    confirmation: DELETE_AVAILABILITY_CONFIRMATION,
    nameOf: periodRange,
    remove: (period) => deleteAvailability({ tenantId, productId: product.id, availabilityId: period.id }),
  });
  const titleId = useId();
  const phone = usePhone();
  const periods = sortPeriods(product.availability);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>{`Availability: ${productDisplayTitle(product)}`}</DialogTitle>
      <DialogContent dividers>
        {periods.length === 0 ? (
          <EmptyState title="No availability periods yet" hint="Add a period to give this product a price." />
        ) : (
          <List aria-label="Availability periods" disablePadding>
            {periods.map((period) => (
              <ListItem
                key={period.id}
                divider
                aria-label={periodRange(period)}
                secondaryAction={
                  <RowActions
                    actions={[
                      { label: 'Edit period', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setForm({ period }) },
                      {
                        label: 'Delete period',
                        icon: <DeleteOutlinedIcon fontSize="small" />,
                        onClick: () => deletion.ask(period),
                        destructive: true,
                      },
                    ]}
                  />
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={periodRange(period)}
                  secondary={
                    <>
                      <span>{periodSummary(period)}</span>
                      {supplierSummary(period) && (
                        <Box component="span" sx={{ display: 'block' }}>
                          {supplierSummary(period)}
                        </Box>
                      )}
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => setForm({})} sx={{ mr: 'auto' }}>
          Add Period
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
      {form && (
        <AvailabilityFormDialog tenantId={tenantId} productId={product.id} period={form.period} onClose={() => setForm(null)} />
      )}
      {deletion.dialog}
    </Dialog>
  );
}
