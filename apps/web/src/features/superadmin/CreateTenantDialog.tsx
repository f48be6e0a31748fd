import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { TENANT_FIELD_REASONS, tenantFailureToast } from './keyword-change';
import { useCreateTenantMutation } from './superadmin.api';
import { emptyTenantForm, tenantRequestFrom, validateTenantForm } from './tenant-form';
import { TenantFormFields } from './TenantFormFields';

const FAILURE = 'Failed to create tenant';

/** Mounted while open: each opening starts from an empty form with Italian only. */
export function CreateTenantDialog({ onClose }: { onClose: () => void }) {
  const [createTenant] = useCreateTenantMutation();
  const form = useEntityForm({
    initial: emptyTenantForm,
    validate: (values) => validateTenantForm(values, 'create'),
    save: (values) => createTenant(tenantRequestFrom(values)),
    success: 'Tenant and admin user created successfully',
    failure: FAILURE,
    failureToast: tenantFailureToast(FAILURE),
    reasons: TENANT_FIELD_REASONS,
    onSaved: onClose,
  });

  return (
    <FormDialog
      title="Create Tenant"
      submitLabel="Create Tenant"
      busyLabel="Creating..."
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
      maxWidth="md"
    >
      <TenantFormFields mode="create" form={form} />
    </FormDialog>
  );
}
