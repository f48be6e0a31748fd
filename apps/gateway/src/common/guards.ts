import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { canAccessTenant, Role } from '@quotebook/contracts';
import { RouteMetadata } from '@quotebook/server-core';
import { JwtStrategy } from '../auth/jwt.strategy';
import { AuthenticatedPrincipal, IS_PUBLIC, ROLES } from './principal.decorator';

interface GuardedRequest {
  user?: AuthenticatedPrincipal;
  params: Record<string, string | undefined>;
}

/**
 * Every route needs a valid, unrevoked bearer token unless it is marked @Public(). A token verified
 * before (the same one comes with every call of a signed-in browser) only has its session checked
 * (JwtStrategy.principalOfKnownToken); passport authenticates any other, verifying its signature.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  private readonly isPublic: RouteMetadata<boolean>;

  constructor(
    reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {
    super();
    this.isPublic = new RouteMetadata(reflector, IS_PUBLIC);
  }

  override canActivate(context: ExecutionContext) {
    if (this.isPublic.of(context)) return true;
    const request = context.switchToHttp().getRequest<Parameters<JwtStrategy['principalOfKnownToken']>[0] & GuardedRequest>();
    const known = this.strategy.principalOfKnownToken(request);
    if (known === undefined) return super.canActivate(context);
    if (!(known instanceof Promise)) {
      // a session found valid a moment ago: the request goes on without a turn of the queue
      request.user = known;
      return true;
    }
    return known.then((principal) => {
      request.user = principal;
      return true;
    });
  }
}

/** @Roles(...) on a route: the caller's role must be one of them. */
@Injectable()
export class RolesGuard implements CanActivate {
  private readonly roles: RouteMetadata<Role[]>;

  constructor(reflector: Reflector) {
    this.roles = new RouteMetadata(reflector, ROLES);
  }

  canActivate(context: ExecutionContext): boolean {
    const roles = this.roles.of(context);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<GuardedRequest>().user;
    if (!user || !roles.includes(user.role)) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    return true;
  }
}

/**
 * Any route with a :tenantId parameter belongs to that tenant: only a superadmin or a user of that
 * tenant may call it, whatever else the route allows.
 */
@Injectable()
export class TenantScopeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const tenantId = request.params?.['tenantId'];
    if (tenantId === undefined || !request.user) return true;
    if (!canAccessTenant(request.user, tenantId)) {
      throw new ForbiddenException("You don't have access to this tenant.");
    }
    return true;
  }
}
