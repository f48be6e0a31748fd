import type { UserView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { SelectField } from '../../shared/fields/SelectField';
import { FormDialog } from '../../shared/form-dialog/FormDialog';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import {
  KEEP_PASSWORD_PLACEHOLDER,
  TENANT_ROLE_OPTIONS,
  userFormFrom,
  userRequestFrom,
  validateUserForm,
  type UserFormErrors,
  type UserFormValues,
} from './user-form';
import { useCreateUserMutation, useUpdateUserMutation } from './users.api';

interface UserDialogProps {
  tenantId: string;
  user?: UserView;
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } as const;

export function UserDialog({ tenantId, user, onClose }: UserDialogProps) {
  const mode = user ? 'edit' : 'create';
  const [values, setValues] = useState(() => userFormFrom(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [createUser, { isLoading: creating }] = useCreateUserMutation();
  const [updateUser, { isLoading: updating }] = useUpdateUserMutation();
  const toast = useToast();
  const busy = creating || updating;

  const text = (field: Exclude<keyof UserFormValues, 'role'>) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = async () => {
    const problems = validateUserForm(values, mode);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const body = userRequestFrom(values);
    try {
      if (user) {
        await updateUser({ id: user.id, body }).unwrap();
        toast(successToast('User updated successfully'));
      } else {
        await createUser({ ...body, tenantId }).unwrap();
        toast(successToast('User created successfully'));
      }
      onClose();
    } catch (error) {
      toast(failureToast(error, user ? 'Failed to update user' : 'Failed to create user'));
    }
  };

  return (
    <FormDialog
      title={user ? `Edit User: ${user.name}` : 'Add User'}
      submitLabel={user ? 'Save Changes' : 'Create User'}
      busyLabel={user ? 'Saving...' : 'Creating...'}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box sx={twoColumns}>
        <TextField
          label="Full Name"
          name="name"
          autoComplete="off"
          value={values.name}
          onChange={text('name')}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          disabled={busy}
          autoFocus
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          value={values.username}
          onChange={text('username')}
          error={Boolean(errors.username)}
          helperText={errors.username}
          required
          disabled={busy}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={text('email')}
          error={Boolean(errors.email)}
          helperText={errors.email}
          required
          disabled={busy}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder={user ? KEEP_PASSWORD_PLACEHOLDER : undefined}
          value={values.password}
          onChange={text('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required={!user}
          disabled={busy}
          slotProps={user ? { inputLabel: { shrink: true } } : undefined}
        />
      </Box>
      <SelectField
        label="Role"
        name="role"
        value={values.role}
        options={TENANT_ROLE_OPTIONS}
        onChange={(role) => setValues({ ...values, role: role as UserFormValues['role'] })}
        required
        disabled={busy}
        margin="dense"
      />
    </FormDialog>
  );
}
