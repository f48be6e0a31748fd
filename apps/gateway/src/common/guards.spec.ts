import { ExecutionContext, ForbiddenException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RouteMetadata } from '@quotebook/server-core';
import { AuthGuard } from '@nestjs/passport';
import type { JwtStrategy } from '../auth/jwt.strategy';
import { JwtAuthGuard, RolesGuard, TenantScopeGuard } from './guards';
import type { AuthenticatedPrincipal } from './principal.decorator';

const TENANT_A = '11111111-1111-4111-8111-111111111111';
const TENANT_B = '22222222-2222-4222-8222-222222222222';

function principal(role: AuthenticatedPrincipal['role'], tenantId: string | null): AuthenticatedPrincipal {
  return { userId: 'u', role, tenantId, sessionVersion: 1, jti: 'j', exp: 0 };
}

class SomeController {
  route(): string {
    return 'a route';
  }
}

function contextFor(
  user: AuthenticatedPrincipal | undefined,
  params: Record<string, string> = {},
  controller: object = SomeController,
  request: Record<string, unknown> = { user, params },
): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => request }),
    getHandler: () => SomeController.prototype.route,
    getClass: () => controller,
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

describe(RouteMetadata.name, () => {
  it("reads a route's metadata once, and a handler shared by two controllers once for each", () => {
    const getAllAndOverride = jest.fn((_key: string, [, controller]: [unknown, unknown]) => (controller === SomeController ? ['tenant_admin'] : ['superadmin']));
    const sut = new RouteMetadata<string[]>({ getAllAndOverride } as unknown as Reflector, 'roles');
    class OtherController extends SomeController {}

    for (let call = 0; call < 3; call += 1) {
      expect(sut.of(contextFor(undefined))).toEqual(['tenant_admin']);
      expect(sut.of(contextFor(undefined, {}, OtherController))).toEqual(['superadmin']);
    }
    expect(getAllAndOverride).toHaveBeenCalledTimes(2);
  });
});

describe(JwtAuthGuard.name, () => {
  const reflectorMarking = (isPublic: boolean) => ({ getAllAndOverride: () => isPublic }) as unknown as Reflector;
  /** passport's own authentication, which the guard falls back to */
  const passport = () => jest.spyOn(AuthGuard('jwt').prototype, 'canActivate').mockResolvedValue(true);
  /** A strategy answering as its session check would: a principal at once (found valid a moment ago), later (asked Redis), or a refusal. */
  const strategyKnowing = (principal?: AuthenticatedPrincipal | Error, { atOnce = false } = {}) => {
    const principalOfKnownToken = jest.fn(() =>
      principal === undefined ? undefined : principal instanceof Error ? Promise.reject(principal) : atOnce ? principal : Promise.resolve(principal),
    );
    return { principalOfKnownToken } as unknown as JwtStrategy & { principalOfKnownToken: jest.Mock };
  };
  const request = () => ({ headers: { authorization: 'Bearer a.b.c' }, params: {} }) as Record<string, unknown>;

  afterEach(() => jest.restoreAllMocks());

  it('lets a public route through without a token', async () => {
    const authenticate = passport();
    const strategy = strategyKnowing();
    await expect(new JwtAuthGuard(reflectorMarking(true), strategy).canActivate(contextFor(undefined, {}, SomeController, request()))).toBe(true);
    expect(strategy.principalOfKnownToken).not.toHaveBeenCalled();
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('admits a token verified before without passport, the caller on the request', async () => {
    const authenticate = passport();
    const caller = principal('tenant_admin', TENANT_A);
    const asked = request();
    await expect(new JwtAuthGuard(reflectorMarking(false), strategyKnowing(caller)).canActivate(contextFor(undefined, {}, SomeController, asked))).resolves.toBe(true);
    expect(asked['user']).toBe(caller);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('admits a token whose session was found valid a moment ago at once, without a promise to wait for', () => {
    const authenticate = passport();
    const caller = principal('tenant_admin', TENANT_A);
    const asked = request();
    expect(new JwtAuthGuard(reflectorMarking(false), strategyKnowing(caller, { atOnce: true })).canActivate(contextFor(undefined, {}, SomeController, asked))).toBe(true);
    expect(asked['user']).toBe(caller);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it("refuses a token verified before whose session ended, as the session check refuses it", async () => {
    const authenticate = passport();
    const ended = Object.assign(new Error('ended'), { status: 401 });
    const asked = request();
    await expect(new JwtAuthGuard(reflectorMarking(false), strategyKnowing(ended)).canActivate(contextFor(undefined, {}, SomeController, asked))).rejects.toBe(ended);
    expect(asked['user']).toBeUndefined();
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('has passport authenticate any other token', async () => {
    const authenticate = passport();
    const context = contextFor(undefined, {}, SomeController, request());
    await expect(new JwtAuthGuard(reflectorMarking(false), strategyKnowing()).canActivate(context)).resolves.toBe(true);
    expect(authenticate).toHaveBeenCalledWith(context);
  });
});
