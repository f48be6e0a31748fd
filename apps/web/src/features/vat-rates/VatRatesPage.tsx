import type { VatRateView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '../../shared/formatters';
import { twoDecimals } from '../../shared/money';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_VAT_RATE_CONFIRMATION } from './vat-rate-form';
import { VatRateDialog } from './VatRateDialog';
import { useDeleteVatRateMutation, useListVatRatesQuery } from './vat-rates.api';

export const NO_VAT_RATES_TEXT = 'No VAT rates configured';

type DialogState = { vatRate?: VatRateView } | null;

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } } as const;

/** `/{keyword}/vat-rates`: the agency's VAT rates as a grid of cards. */
export function VatRatesPage() {
  const { tenant } = useTenantPage();
  const { data: vatRates, isLoading, isError, refetch } = useListVatRatesQuery(tenant.id);
  const [deleteVatRate] = useDeleteVatRateMutation();
  const [dialog, setDialog] = useState<DialogState>(null);
  const toast = useToast();

  const remove = async (vatRate: VatRateView) => {
    if (!window.confirm(DELETE_VAT_RATE_CONFIRMATION)) return;
    try {
      await deleteVatRate({ tenantId: tenant.id, id: vatRate.id }).unwrap();
      toast(successToast('VAT rate deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete VAT rate'));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="VAT Rates"
        subtitle="The VAT rates your products are sold with."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
            Add VAT Rate
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load VAT rates" onRetry={refetch} />}
      {isLoading && (
        <Box sx={grid} aria-label="Loading VAT rates">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={120} />
          ))}
        </Box>
      )}
      {vatRates && vatRates.length === 0 && (
        <Card>
          <EmptyState title={NO_VAT_RATES_TEXT} hint="Add the rates you apply, e.g. 22% or 10%." />
        </Card>
      )}
      {vatRates && vatRates.length > 0 && (
        <Box sx={grid} component="section" aria-label="VAT rates">
          {vatRates.map((vatRate) => (
            <Card key={vatRate.id} component="article" aria-label={vatRate.description}>
              <CardContent sx={{ pb: 0 }}>
                <Typography variant="h3" component="h2">
                  {vatRate.description}
                </Typography>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: 'primary.main', my: 1 }}>
                  {`${twoDecimals(vatRate.rate)}%`}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {`Created ${formatDate(vatRate.createdAt)}`}
                </Typography>
              </CardContent>
              <CardActions sx={{ justifyContent: 'flex-end' }}>
                <RowActions
                  actions={[
                    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setDialog({ vatRate }) },
                    { label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, onClick: () => remove(vatRate), destructive: true },
                  ]}
                />
              </CardActions>
            </Card>
          ))}
        </Box>
      )}
      {dialog && <VatRateDialog tenantId={tenant.id} vatRate={dialog.vatRate} onClose={() => setDialog(null)} />}
    </Box>
  );
}
