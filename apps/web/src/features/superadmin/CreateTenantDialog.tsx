import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { messageOr } from '../../shared/http-errors';
import { useToast } from '../../shared/toast/use-toast';
import { useCreateTenantMutation } from './superadmin.api';
import { emptyTenantForm, tenantRequestFrom, validateTenantForm, type TenantFormErrors } from './tenant-form';
import { TenantFormFields } from './TenantFormFields';

interface CreateTenantDialogProps {
  open: boolean;
  onClose: () => void;
}

export function CreateTenantDialog({ open, onClose }: CreateTenantDialogProps) {
  const [values, setValues] = useState(emptyTenantForm);
  const [errors, setErrors] = useState<TenantFormErrors>({});
  const [createTenant, { isLoading }] = useCreateTenantMutation();
  const toast = useToast();
  const titleId = useId();

  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateTenantForm(values, 'create');
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await createTenant(tenantRequestFrom(values)).unwrap();
      toast({ title: 'Success', description: 'Tenant and admin user created successfully' });
      setValues(emptyTenantForm());
      close();
    } catch (error) {
      toast({ title: 'Error', description: messageOr(error, 'Failed to create tenant'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={isLoading ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="md">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Create Tenant</DialogTitle>
        <DialogContent dividers>
          <TenantFormFields
            mode="create"
            values={values}
            errors={errors}
            onChange={setValues}
            disabled={isLoading}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isLoading ? 'Creating...' : 'Create Tenant'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
