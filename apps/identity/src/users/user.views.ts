import type { TenantAdminView, UserView } from '@quotebook/contracts';
import type { User } from './user.entity';

/** A user as answers show it: never the password hash. */
export function mapUser(user: User): UserView {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    role: user.role,
    tenantId: user.tenantId,
    createdAt: user.createdAt.toISOString(),
  };
}

export function mapTenantAdmin(user: User): TenantAdminView {
  return { id: user.id, username: user.username, name: user.name, email: user.email };
}
