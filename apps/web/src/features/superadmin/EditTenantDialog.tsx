import type { TenantView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { DELETE_TENANT_CONFIRMATION } from './delete-tenant';
import { useDeleteTenantMutation, useGetTenantAdminQuery, useUpdateTenantMutation } from './superadmin.api';
import { tenantFormFrom, tenantRequestFrom, validateTenantForm, type TenantFormErrors } from './tenant-form';
import { TenantFormFields } from './TenantFormFields';

interface EditTenantDialogProps {
  tenant: TenantView;
  onClose: () => void;
}

/** Mounted per tenant (keyed by id), so its form starts from that tenant's values. */
export function EditTenantDialog({ tenant, onClose }: EditTenantDialogProps) {
  const [values, setValues] = useState(() => tenantFormFrom(tenant));
  const [errors, setErrors] = useState<TenantFormErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // a non-OK answer leaves the admin fields empty (spec §7)
  const { data: admin, isFetching: adminLoading } = useGetTenantAdminQuery(tenant.id);
  const [updateTenant, { isLoading: saving }] = useUpdateTenantMutation();
  const [deleteTenant, { isLoading: deleting }] = useDeleteTenantMutation();
  const toast = useToast();
  const titleId = useId();
  const busy = saving || deleting;

  useEffect(() => {
    if (!admin) return;
    setValues((current) => ({
      ...current,
      adminName: admin.name,
      adminEmail: admin.email,
      adminUsername: admin.username,
    }));
  }, [admin]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateTenantForm(values, 'edit');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await updateTenant({ id: tenant.id, body: tenantRequestFrom(values) }).unwrap();
      toast({ title: 'Success', description: 'Tenant updated successfully' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, 'Failed to update tenant'), variant: 'destructive' });
    }
  };

  const confirmDelete = async () => {
    // the confirmation closes at once; the dialog's own button shows the progress
    setConfirmingDelete(false);
    try {
      await deleteTenant(tenant.id).unwrap();
      toast({ title: 'Success', description: 'Tenant deleted successfully' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, 'Failed to delete tenant'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Edit Tenant: {tenant.name}</DialogTitle>
        <DialogContent dividers>
          <TenantFormFields
            mode="edit"
            values={values}
            errors={errors}
            onChange={setValues}
            adminLoading={adminLoading}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button
            color="error"
            onClick={() => setConfirmingDelete(true)}
            disabled={busy}
            startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {deleting ? 'Deleting...' : 'Delete Tenant'}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete Tenant"
        message={DELETE_TENANT_CONFIRMATION}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Dialog>
  );
}
