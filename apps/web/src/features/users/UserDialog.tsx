import type { UserView } from '@quotebook/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { twoColumns } from '../../shared/fields/InputFields';
import { SelectField } from '../../shared/fields/SelectField';
import { dialogTexts, FormDialog } from '../../shared/form-dialog/FormDialog';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { outcomeTexts } from '../../shared/toast/outcome-toasts';
import { KEEP_PASSWORD_PLACEHOLDER, TENANT_ROLE_OPTIONS, userFormFrom, userRequestFrom, validateUserForm } from './user-form';
import { useCreateUserMutation, useUpdateUserMutation } from './users.api';

interface UserDialogProps {
  tenantId: string;
  user?: UserView;
  onClose: () => void;
}

export function UserDialog({ tenantId, user, onClose }: UserDialogProps) {
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const form = useEntityForm({
    initial: () => userFormFrom(user),
    validate: (values) => validateUserForm(values, user ? 'edit' : 'create'),
    save: (values) => {
      const body = userRequestFrom(values);
      return user ? updateUser({ tenantId, id: user.id, body }) : createUser({ tenantId, body });
    },
    ...outcomeTexts('user', user ? 'update' : 'create'),
    reasons: { USERNAME_TAKEN: 'username' },
    onSaved: onClose,
  });

  return (
    <FormDialog
      {...dialogTexts('user', Boolean(user))}
      title={user ? `Edit User: ${user.name}` : 'Add User'}
      busy={form.busy}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Box sx={twoColumns}>
        <TextField label="Full Name" autoComplete="off" required autoFocus {...form.text('name')} />
        <TextField
          label="Username"
          autoComplete="off"
          required
          {...form.text('username')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField label="Email" type="email" autoComplete="off" required {...form.text('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={user ? KEEP_PASSWORD_PLACEHOLDER : undefined}
          required={!user}
          {...form.text('password')}
          slotProps={user ? { inputLabel: { shrink: true } } : undefined}
        />
      </Box>
      <SelectField label="Role" options={TENANT_ROLE_OPTIONS} required margin="dense" {...form.select('role')} />
    </FormDialog>
  );
}
