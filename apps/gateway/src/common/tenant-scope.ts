import { ArgumentMetadata, createParamDecorator, ExecutionContext, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Principal } from '@quotebook/contracts';
import { uuidParam } from './params';
import { AuthenticatedPrincipal, toPrincipal } from './principal.decorator';

/** The acting principal and the agency of the path, as every tenant-scoped request carries them. */
export interface TenantScope {
  principal: Principal;
  tenantId: string;
}

const TENANT_ID = 'tenantId';

/** Checks the scope's agency as a path id is checked: anything but a UUID is a 400 naming the parameter. */
export class TenantScopePipe implements PipeTransform<TenantScope, TenantScope | Promise<TenantScope>> {
  private readonly tenantId = uuidParam(TENANT_ID);

  /** At once for an agency id that is a UUID (nearly every request), else the UUID pipe's refusal. */
  transform(scope: TenantScope, metadata: ArgumentMetadata): TenantScope | Promise<TenantScope> {
    const checked = this.tenantId.transform(scope.tenantId, { ...metadata, type: 'param', data: TENANT_ID });
    return typeof checked === 'string' ? scope : checked.then(() => scope);
  }
}

const scopeOfRequest = createParamDecorator((parameter: string, context: ExecutionContext): TenantScope => {
  const request = context.switchToHttp().getRequest<{ user: AuthenticatedPrincipal; params: Record<string, string> }>();
  return { principal: toPrincipal(request.user), tenantId: request.params[parameter] ?? '' };
});

const tenantScopePipe = new TenantScopePipe();

/**
 * `@CurrentScope() scope: TenantScope` on a route under `tenants/:tenantId`: the caller (the tenant
 * guard has already checked that it may act on that agency) and the agency's id, checked as a UUID.
 */
export const CurrentScope = (): ParameterDecorator => (target, method, index) => {
  scopeOfRequest(TENANT_ID, tenantScopePipe)(target, method, index);
  if (method === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, method);
  if (descriptor) ApiParam({ name: TENANT_ID, schema: { type: 'string', format: 'uuid' } })(target, method, descriptor);
};
