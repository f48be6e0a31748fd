import type { TenantView } from '@quotebook/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { DELETE_TENANT_CONFIRMATION } from './delete-tenant';
import { keywordChangeWarning, TENANT_FIELD_REASONS, tenantFailureToast } from './keyword-change';
import { useDeleteTenantMutation, useGetTenantAdminQuery, useUpdateTenantMutation } from './superadmin.api';
import { tenantFormFrom, tenantRequestFrom, validateTenantForm } from './tenant-form';
import { TenantFormFields } from './TenantFormFields';

interface EditTenantDialogProps {
  tenant: TenantView;
  onClose: () => void;
}

const FAILURE = 'Failed to update tenant';

/** Mounted per tenant (keyed by id), so its form starts from that tenant's values. */
export function EditTenantDialog({ tenant, onClose }: EditTenantDialogProps) {
  const [confirming, setConfirming] = useState<'delete' | 'keyword' | null>(null);
  // a non-OK answer leaves the admin fields empty
  const { data: admin, isFetching: adminLoading } = useGetTenantAdminQuery(tenant.id);
  const [updateTenant] = useUpdateTenantMutation();
  const [deleteTenant, { isLoading: deleting }] = useDeleteTenantMutation();
  const toast = useToast();
  const form = useEntityForm({
    initial: () => tenantFormFrom(tenant),
    validate: (values) => validateTenantForm(values, 'edit'),
    save: (values) => updateTenant({ id: tenant.id, body: tenantRequestFrom(values) }),
    success: 'Tenant updated successfully',
    failure: FAILURE,
    failureToast: tenantFailureToast(FAILURE),
    reasons: TENANT_FIELD_REASONS,
    onSaved: onClose,
  });
  const busy = form.busy || deleting;
  const { set, values } = form;
  const keywordWarning = keywordChangeWarning(window.location.host, tenant.keyword, values.keyword);

  useEffect(() => {
    if (!admin) return;
    set('adminName', admin.name);
    set('adminEmail', admin.email);
    set('adminUsername', admin.username);
    // only when the admin arrives (`set` is new each render): what the user types afterwards stays
  }, [admin]);

  /** A valid form whose keyword changed asks first: the agency's old address stops working. */
  const submit = () => {
    const valid = Object.keys(validateTenantForm(values, 'edit')).length === 0;
    if (valid && keywordWarning) setConfirming('keyword');
    else form.submit();
  };

  const confirmKeyword = () => {
    setConfirming(null);
    form.submit();
  };

  const confirmDelete = async () => {
    // the confirmation closes at once; the dialog's own button shows the progress
    setConfirming(null);
    try {
      await deleteTenant(tenant.id).unwrap();
      toast({ title: 'Success', description: 'Tenant deleted successfully' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, 'Failed to delete tenant'), variant: 'destructive' });
    }
  };

  return (
    <FormDialog
      title={`Edit Tenant: ${tenant.name}`}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="md"
      secondaryActions={
        <Button
          color="error"
          onClick={() => setConfirming('delete')}
          disabled={busy}
          startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {deleting ? 'Deleting...' : 'Delete Tenant'}
        </Button>
      }
    >
      <TenantFormFields mode="edit" form={form} adminLoading={adminLoading} disabled={deleting} keywordWarning={keywordWarning} />
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete Tenant"
        message={DELETE_TENANT_CONFIRMATION}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'keyword'}
        title="Change Keyword"
        message={`${keywordWarning ?? ''} Save the new keyword?`}
        confirmLabel="Change Keyword"
        destructive={false}
        onConfirm={confirmKeyword}
        onCancel={() => setConfirming(null)}
      />
    </FormDialog>
  );
}
