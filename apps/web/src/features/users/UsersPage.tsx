import type { UserView } from '@quotebook/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SearchField } from '../../shared/fields/SearchField';
import { ListPage } from '../../shared/page/ListPage';
import { useTenantPage } from '../tenant/tenant-context';
import { DELETE_USER_CONFIRMATION, filterUsers, NO_USERS_TEXT, ROLE_LABELS } from './user-form';
import { UserDialog } from './UserDialog';
import { useDeleteUserMutation, useListUsersQuery } from './users.api';

/** `/{keyword}/users`: the agency's team. Nobody can delete their own account from here. */
export function UsersPage() {
  const { tenant, user: currentUser } = useTenantPage();
  const [deleteUser] = useDeleteUserMutation();
  const [search, setSearch] = useState('');

  return (
    <ListPage<UserView>
      subtitle="The people of your agency and what they may do."
      noun="user"
      addIcon={<PersonAddIcon />}
      list={useListUsersQuery(tenant.id)}
      filter={(users) => filterUsers(users, search)}
      filters={<SearchField value={search} onChange={setSearch} placeholder="Search by name, username or email..." />}
      columns={[
        {
          header: 'User',
          cell: (user) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {user.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {`@${user.username}`}
              </Typography>
            </>
          ),
        },
        { header: 'Contact', cell: (user) => user.email },
        {
          header: 'Role',
          cell: (user) => <Chip size="small" label={ROLE_LABELS[user.role]} color={user.role === 'tenant_user' ? 'default' : 'primary'} />,
        },
        { header: 'Status', cell: () => <Chip size="small" label="Active" color="success" variant="outlined" /> },
      ]}
      nameOf={(user) => user.name}
      empty={{ title: NO_USERS_TEXT, hint: 'Add the people of your agency who prepare quotes.' }}
      noMatch={{ title: 'No users found', hint: 'Try a different search.' }}
      editor={(user, close) => <UserDialog tenantId={tenant.id} user={user} onClose={close} />}
      remove={{
        confirmation: DELETE_USER_CONFIRMATION,
        run: (user) => deleteUser({ tenantId: tenant.id, id: user.id }),
        canDelete: (user) => user.id !== currentUser.id,
      }}
    />
  );
}
