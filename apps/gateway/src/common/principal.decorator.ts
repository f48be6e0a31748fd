import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal, Role } from '@quotebook/contracts';

/** The verified caller, as the JWT strategy put it on the request. */
export interface AuthenticatedPrincipal extends Principal {
  jti: string;
  /** token expiry, seconds since epoch */
  exp: number;
}

export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedPrincipal =>
    context.switchToHttp().getRequest<{ user: AuthenticatedPrincipal }>().user,
);

export const IS_PUBLIC = 'isPublic';
/** No token needed (login, password reset, tenant lookup by keyword, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const ROLES = 'roles';
/** Only these roles may call the route. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Strips the gateway-only fields before a principal travels to a service. */
export function toPrincipal(principal: AuthenticatedPrincipal): Principal {
  return { userId: principal.userId, role: principal.role, tenantId: principal.tenantId, sessionVersion: principal.sessionVersion };
}
