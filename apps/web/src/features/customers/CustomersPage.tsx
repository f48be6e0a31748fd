import type { CustomerView } from '@quotebook/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { SearchField } from '../../shared/fields/SearchField';
import { SelectField } from '../../shared/fields/SelectField';
import { DataTable } from '../../shared/page/DataTable';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useListPriceListsQuery } from '../price-lists/price-lists.api';
import { tagsOfType } from '../tags/tag-form';
import { TagChips } from '../tags/TagChips';
import { useListTagsQuery } from '../tags/tags.api';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_CUSTOMER_CONFIRMATION, filterCustomers } from './customer-form';
import { CustomerDialog } from './CustomerDialog';
import { useDeleteCustomerMutation, useListCustomersQuery } from './customers.api';

const COLUMNS = ['Customer', 'Email', 'Phone', 'City', 'Price List', 'Tags', 'Actions'];

type DialogState = { customer?: CustomerView } | null;

/** `/{keyword}/customers`: search, tag filter, create, edit and delete customers. */
export function CustomersPage() {
  const { tenant } = useTenantPage();
  const { data: customers, isLoading, isError, refetch } = useListCustomersQuery(tenant.id);
  const { data: tags } = useListTagsQuery(tenant.id);
  const { data: priceLists = [] } = useListPriceListsQuery(tenant.id);
  const [deleteCustomer, { isLoading: deleting }] = useDeleteCustomerMutation();
  const [search, setSearch] = useState('');
  const [tagId, setTagId] = useState('all');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [pendingDelete, setPendingDelete] = useState<CustomerView | null>(null);
  const toast = useToast();

  const customerTags = useMemo(() => tagsOfType(tags, 'customer'), [tags]);
  const priceListNames = useMemo(() => new Map(priceLists.map((list) => [list.id, list.name] as const)), [priceLists]);
  const visible = useMemo(() => filterCustomers(customers ?? [], { search, tagId }), [customers, search, tagId]);
  const tagFilterOptions = useMemo(
    () => [{ value: 'all', label: 'All Tags' }, ...customerTags.choices.map((tag) => ({ value: tag.id, label: tag.name }))],
    [customerTags],
  );

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteCustomer({ tenantId: tenant.id, id: pendingDelete.id }).unwrap();
      toast(successToast('Customer deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete customer'));
    } finally {
      setPendingDelete(null);
    }
  };

  const empty =
    customers &&
    visible.length === 0 &&
    (customers.length === 0 ? (
      <EmptyState title="No customers yet" hint="Add your first customer to start quoting." />
    ) : (
      <EmptyState title="No customers found" hint="Try adjusting your search or tag filter." />
    ));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="Customers"
        subtitle="The companies and people you send quotes to."
        action={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({})}>
            Add Customer
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load customers" onRetry={refetch} />}
      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2 }}>
          <SearchField value={search} onChange={setSearch} placeholder="Search by name, email, contact or city..." />
          <SelectField
            label="Tag"
            name="tagFilter"
            value={tagId}
            options={tagFilterOptions}
            onChange={setTagId}
            size="small"
            margin="none"
            minWidth={200}
          />
        </Box>
        <DataTable label="Customers" columns={COLUMNS} loading={isLoading} empty={empty}>
          {visible.map((customer) => (
            <TableRow key={customer.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {`${customer.title} ${customer.name}`}
                </Typography>
                {customer.contact && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {customer.contact}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{customer.email}</TableCell>
              <TableCell>{customer.phone || '—'}</TableCell>
              <TableCell>{customer.city || '—'}</TableCell>
              <TableCell>{(customer.priceListId && priceListNames.get(customer.priceListId)) || '—'}</TableCell>
              <TableCell>
                <TagChips tagIds={customer.tagIds} tagsById={customerTags.byId} />
              </TableCell>
              <TableCell align="right">
                <RowActions
                  actions={[
                    { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setDialog({ customer }) },
                    {
                      label: 'Delete',
                      icon: <DeleteOutlinedIcon fontSize="small" />,
                      onClick: () => setPendingDelete(customer),
                      destructive: true,
                    },
                  ]}
                />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
      {dialog && (
        <CustomerDialog
          tenantId={tenant.id}
          customer={dialog.customer}
          priceLists={priceLists}
          customerTags={customerTags.choices}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(pendingDelete)}
        title="Delete Customer"
        message={DELETE_CUSTOMER_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </Box>
  );
}
