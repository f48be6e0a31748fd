import type { TenantRole, UserView } from '@quotebook/contracts';
import { api, crudEndpoints } from '../../app/api';

export interface UserRequest {
  username: string;
  name: string;
  email: string;
  role: TenantRole;
  /** required on create; left out on edit to keep the current password */
  password?: string;
}

/** The team is listed under its agency; a user is created, changed and deleted at `users`. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => {
    const crud = crudEndpoints<UserView, UserRequest>(build, { type: 'User', path: 'users', writePath: 'users' });
    return { listUsers: crud.list, createUser: crud.create, updateUser: crud.update, deleteUser: crud.remove };
  },
});

export const { useListUsersQuery, useCreateUserMutation, useUpdateUserMutation, useDeleteUserMutation } = usersApi;
