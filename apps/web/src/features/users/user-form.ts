import type { Role, TenantRole, UserView } from '@quotebook/contracts';
import { isEmail, MESSAGES, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '@quotebook/domain';
import type { UserRequest } from './users.api';

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  superadmin: 'Super Admin',
  tenant_admin: 'Tenant Admin',
  tenant_user: 'Tenant User',
};

/** Users created from the agency's pages are admins or users of that agency, never superadmins. */
export const TENANT_ROLE_OPTIONS: ReadonlyArray<{ value: TenantRole; label: string }> = [
  { value: 'tenant_admin', label: ROLE_LABELS.tenant_admin },
  { value: 'tenant_user', label: ROLE_LABELS.tenant_user },
];

export const USER_MESSAGES = {
  username: MESSAGES.usernameTooShort,
  name: MESSAGES.nameTooShort,
  email: MESSAGES.emailRequiredValid,
  password: MESSAGES.passwordTooShort,
} as const;

export const DELETE_USER_CONFIRMATION = 'Are you sure you want to delete this user?';
export const NO_USERS_TEXT = 'No users yet';
export const KEEP_PASSWORD_PLACEHOLDER = 'Leave empty to keep current password';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  name: string;
  username: string;
  email: string;
  password: string;
  role: TenantRole;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export function userFormFrom(user?: UserView): UserFormValues {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role === 'tenant_admin' ? 'tenant_admin' : 'tenant_user',
  };
}

export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  if (values.name.trim().length < MIN_NAME_LENGTH) errors.name = USER_MESSAGES.name;
  if (values.username.trim().length < MIN_USERNAME_LENGTH) errors.username = USER_MESSAGES.username;
  if (!isEmail(values.email)) errors.email = USER_MESSAGES.email;
  const passwordRequired = mode === 'create' || values.password !== '';
  if (passwordRequired && values.password.length < MIN_PASSWORD_LENGTH) errors.password = USER_MESSAGES.password;
  return errors;
}

/** An empty password on edit is left out, so the current one stays. */
export function userRequestFrom(values: UserFormValues): UserRequest {
  const request: UserRequest = {
    username: values.username.trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role,
  };
  if (values.password !== '') request.password = values.password;
  return request;
}

export function filterUsers(users: readonly UserView[], search: string): UserView[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [user.name, user.username, user.email].some((text) => text.toLowerCase().includes(needle)),
  );
}
