import type { TenantRole, UserView } from '@quotebook/contracts';
import { api, tenantPath } from '../../app/api';

export interface UserRequest {
  username: string;
  name: string;
  email: string;
  role: TenantRole;
  /** required on create; left out on edit to keep the current password */
  password?: string;
}

const USER_LIST = { type: 'User', id: 'LIST' } as const;

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserView[], string>({
      query: (tenantId) => tenantPath(tenantId, 'users'),
      providesTags: [USER_LIST],
    }),
    createUser: build.mutation<UserView, UserRequest & { tenantId: string }>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: [USER_LIST],
    }),
    updateUser: build.mutation<UserView, { id: string; body: UserRequest }>({
      query: ({ id, body }) => ({ url: `users/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [USER_LIST],
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [USER_LIST],
    }),
  }),
});

export const { useListUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
