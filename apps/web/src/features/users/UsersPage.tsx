import type { UserView } from '@quotebook/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { SearchField } from '../../shared/fields/SearchField';
import { DataTable } from '../../shared/page/DataTable';
import { EmptyState } from '../../shared/page/EmptyState';
import { LoadError } from '../../shared/page/LoadError';
import { PageHeader } from '../../shared/page/PageHeader';
import { RowActions, type RowAction } from '../../shared/page/RowActions';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_USER_CONFIRMATION, filterUsers, NO_USERS_TEXT, ROLE_LABELS } from './user-form';
import { UserDialog } from './UserDialog';
import { useDeleteUserMutation, useListUsersQuery } from './users.api';

const COLUMNS = ['User', 'Contact', 'Role', 'Status', 'Actions'];

type DialogState = { user?: UserView } | null;

/** `/{keyword}/users`: the agency's team. Nobody can delete their own account from here. */
export function UsersPage() {
  const { tenant, user: currentUser } = useTenantPage();
  const { data: users, isLoading, isError, refetch } = useListUsersQuery(tenant.id);
  const [deleteUser] = useDeleteUserMutation();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const toast = useToast();
  const visible = useMemo(() => filterUsers(users ?? [], search), [users, search]);

  const remove = async (user: UserView) => {
    if (!window.confirm(DELETE_USER_CONFIRMATION)) return;
    try {
      await deleteUser(user.id).unwrap();
      toast(successToast('User deleted successfully'));
    } catch (error) {
      toast(failureToast(error, 'Failed to delete user'));
    }
  };

  const actionsFor = (user: UserView): RowAction[] => {
    const edit = { label: 'Edit', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setDialog({ user }) };
    if (user.id === currentUser.id) return [edit];
    return [edit, { label: 'Delete', icon: <DeleteOutlinedIcon fontSize="small" />, onClick: () => remove(user), destructive: true }];
  };

  const empty =
    users &&
    visible.length === 0 &&
    (users.length === 0 ? (
      <EmptyState title={NO_USERS_TEXT} hint="Add the people of your agency who prepare quotes." />
    ) : (
      <EmptyState title="No users found" hint="Try a different search." />
    ));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <PageHeader
        title="Users"
        subtitle="The people of your agency and what they may do."
        action={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({})}>
            Add User
          </Button>
        }
      />
      {isError && <LoadError message="Failed to load users" onRetry={refetch} />}
      <Card>
        <Box sx={{ display: 'flex', p: 2 }}>
          <SearchField value={search} onChange={setSearch} placeholder="Search by name, username or email..." />
        </Box>
        <DataTable label="Users" columns={COLUMNS} loading={isLoading} empty={empty}>
          {visible.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {user.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {`@${user.username}`}
                </Typography>
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={ROLE_LABELS[user.role]}
                  color={user.role === 'tenant_user' ? 'default' : 'primary'}
                />
              </TableCell>
              <TableCell>
                <Chip size="small" label="Active" color="success" variant="outlined" />
              </TableCell>
              <TableCell align="right">
                <RowActions actions={actionsFor(user)} />
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Card>
      {dialog && <UserDialog tenantId={tenant.id} user={dialog.user} onClose={() => setDialog(null)} />}
    </Box>
  );
}
