import type { PriceListView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDate } from '../../shared/formatters';
import { formatEuro, twoDecimals } from '../../shared/money';
import { DataTable } from '../../shared/page/DataTable';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_PRICE_LIST_CONFIRMATION, NO_PRICE_LISTS_TEXT } from './price-list-form';
import { PriceListDialog } from './PriceListDialog';
import { useDeletePriceListMutation, useListPriceListsQuery } from './price-lists.api';

const COLUMNS = ['Name', 'Validity Period', 'Reduction Amount', 'Reduction %', 'Status', 'Actions'];

type DialogState = { priceList?: PriceListView } | null;

/** `/{keyword}/price-lists`: the agency's price lists with their validity and reductions. */
export function PriceListsPage() {
  const { tenant } = useTenantPage();
  const { data: priceLists, isLoading, isError, refetch } = useListPriceListsQuery(tenant.id);
  const [deletePriceList] = useDeletePriceListMutation();
  const [dialog, setDialog] = useState<DialogState>(null);
  const toast = useToast();

  const remove = async (priceList: PriceListView) => {
    if (!window.confirm(DELETE_PRICE_LIST_CONFIRMATION)) return;
    try {
      await deletePriceList({ tenantId: tenant.id, id: priceList.id }).unwrap();
      toast(successToast('Price list deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete price list'));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="Price Lists"
        subtitle="Reductions that apply to customers linked to a list during its validity period."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})}>
            Add Price List
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load price lists" onRetry={refetch} />}
      <Card>
        <DataTable
          label="Price lists"
          columns={COLUMNS}
          loading={isLoading}
          empty={
            priceLists?.length === 0 && (
              <EmptyState title={NO_PRICE_LISTS_TEXT} hint="Create a price list to offer reductions to your customers." />
            )
          }
        >
          {priceLists?.map((priceList) => (
            <TableRow key={priceList.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {priceList.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {`Created ${formatDate(priceList.createdAt)}`}
                </Typography>
              </TableCell>
              <TableCell>{`${formatDate(priceList.startDate)} – ${formatDate(priceList.endDate)}`}</TableCell>
              <TableCell>{priceList.reductionAmount ? formatEuro(priceList.reductionAmount) : '—'}</TableCell>
              <TableCell>{priceList.reductionPercentage ? `${twoDecimals(priceList.reductionPercentage)}%` : '—'}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={priceList.isActive ? 'Active' : 'Inactive'}
                  color={priceList.isActive ? 'success' : 'default'}
                  variant={priceList.isActive ? 'filled' : 'outlined'}
                />
              </TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setDialog({ priceList }) },
                    {
                      label: 'Delete',
                      icon: <DeleteOutlinedIcon fontSize="small" />,
                      onClick: () => remove(priceList),
                      destructive: true,
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
      {dialog && <PriceListDialog tenantId={tenant.id} priceList={dialog.priceList} onClose={() => setDialog(null)} />}
    </Box>
  );
}
