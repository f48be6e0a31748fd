import type { TenantView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { SuperadminFrame } from '../../app/layout/SuperadminFrame';
import { selectCurrentUser } from '../../app/session';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { SearchField } from '../../shared/fields/SearchField';
import { SelectField } from '../../shared/fields/SelectField';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { CreateTenantDialog } from './CreateTenantDialog';
import { DELETE_TENANT_CONFIRMATION } from './delete-tenant';
import { EditTenantDialog } from './EditTenantDialog';
import { useDeleteTenantMutation, useListTenantsQuery } from './superadmin.api';
import { filterTenants, STATUS_FILTER_OPTIONS, tenantStats, type TenantStatusFilter } from './tenant-filters';
import { TenantStatsCards } from './TenantStatsCards';
import { TenantTable } from './TenantTable';

/** Only a superadmin may stay; anybody else goes to the SuperAdmin login. */
export function SuperadminDashboardPage() {
  const user = useAppSelector(selectCurrentUser);
  if (user?.role !== 'superadmin') return <Navigate to="/superadmin" replace />;
  return (
    <SuperadminFrame user={user}>
      <TenantManagement />
    </SuperadminFrame>
  );
}

const EMPTY: TenantView[] = [];
const STATUS_FILTER = { label: 'Status', options: STATUS_FILTER_OPTIONS, size: 'small', margin: 'none', minWidth: 180 } as const;

function TenantManagement() {
  const { data: tenants = EMPTY, isLoading, isError } = useListTenantsQuery();
  const [deleteTenant, { isLoading: deleting }] = useDeleteTenantMutation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TenantStatusFilter>('all');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TenantView | null>(null);
  const [pendingDelete, setDeleting] = useState<TenantView | null>(null);

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: 'Failed to fetch tenants', variant: 'destructive' });
  }, [isError, toast]);

  const stats = useMemo(() => tenantStats(tenants), [tenants]);
  const visible = useMemo(() => filterTenants(tenants, search, status), [tenants, search, status]);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteTenant(pendingDelete.id).unwrap();
      toast({ title: 'Tenant Deleted', description: 'Tenant deleted successfully' });
    } catch (error) {
      toast({ title: 'Delete Failed', description: messageOr(error, 'Failed to delete tenant'), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h1">Tenant Management</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Create, edit, enable and disable the agencies on the platform.
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create Tenant
        </Button>
      </Box>

      <TenantStatsCards stats={stats} loading={isLoading} />

      <Card>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
          <SearchField value={search} onChange={setSearch} placeholder="Search by name or keyword..." />
          <SelectField {...STATUS_FILTER} value={status} onChange={(value) => setStatus(value as TenantStatusFilter)} />
        </Box>
        <TenantTable tenants={visible} loading={isLoading} onEdit={setEditing} onDelete={setDeleting} />
      </Card>

      {creating && <CreateTenantDialog onClose={() => setCreating(false)} />}
      {editing && <EditTenantDialog key={editing.id} tenant={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={Boolean(pendingDelete)}
        title="Delete Tenant"
        message={DELETE_TENANT_CONFIRMATION}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
