import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RolesGuard, TenantScopeGuard } from './guards';
import type { AuthenticatedPrincipal } from './principal.decorator';

const TENANT_A = '11111111-1111-4111-8111-111111111111';
const TENANT_B = '22222222-2222-4222-8222-222222222222';

function principal(role: AuthenticatedPrincipal['role'], tenantId: string | null): AuthenticatedPrincipal {
  return { userId: 'u', role, tenantId, sessionVersion: 1, jti: 'j', exp: 0 };
}

function contextFor(user: AuthenticatedPrincipal | undefined, params: Record<string, string> = {}): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => ({ user, params }) }),
    getHandler: () => undefined,
    getClass: () => undefined,
  } as unknown as ExecutionContext;
}

describe(TenantScopeGuard.name, () => {
  const sut = new TenantScopeGuard();

  it('lets a superadmin into any tenant', () => {
    expect(sut.canActivate(contextFor(principal('superadmin', null), { tenantId: TENANT_B }))).toBe(true);
  });

  it('lets a user into their own tenant', () => {
    expect(sut.canActivate(contextFor(principal('tenant_user', TENANT_A), { tenantId: TENANT_A }))).toBe(true);
  });

  it("refuses another tenant's path with 403", () => {
    expect(() => sut.canActivate(contextFor(principal('tenant_admin', TENANT_A), { tenantId: TENANT_B }))).toThrow(
      ForbiddenException,
    );
  });

  it('ignores routes without a tenant in the path', () => {
    expect(sut.canActivate(contextFor(principal('tenant_user', TENANT_A)))).toBe(true);
  });
});

describe(RolesGuard.name, () => {
  const reflectorAllowing = (roles: string[] | undefined) =>
    ({ getAllAndOverride: () => roles }) as unknown as Reflector;

  it('allows routes without @Roles', () => {
    expect(new RolesGuard(reflectorAllowing(undefined)).canActivate(contextFor(principal('tenant_user', TENANT_A)))).toBe(true);
  });

  it('allows a listed role and refuses the others with 403', () => {
    const sut = new RolesGuard(reflectorAllowing(['superadmin']));
    expect(sut.canActivate(contextFor(principal('superadmin', null)))).toBe(true);
    expect(() => sut.canActivate(contextFor(principal('tenant_admin', TENANT_A)))).toThrow(ForbiddenException);
  });
});
