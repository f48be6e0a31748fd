import type { RpcException } from '@nestjs/microservices';
import { canAdministerTenant, type Principal } from '@quotebook/contracts';
import { DOCUMENT_MESSAGES } from '@quotebook/domain';
import { appError, requireTenantAccess } from '@quotebook/server-core';
import { isUUID } from 'class-validator';

/**
 * Templates, layouts and signature uploads are the agency administrators' (and the platform
 * operator's): a tenant user may generate documents and read the layouts, nothing more.
 */
export function requireTemplateAdministration(principal: Principal | undefined, tenantId: string): asserts principal is Principal {
  requireTenantAccess(principal, tenantId);
  if (!canAdministerTenant(principal, tenantId)) throw appError('FORBIDDEN', DOCUMENT_MESSAGES.templatesAdminOnly);
}

/** A record's id from a request: something that is no UUID names no record, so it is not found. */
export function requireId(id: unknown, notFound: () => RpcException): string {
  if (typeof id !== 'string' || !isUUID(id)) throw notFound();
  return id;
}
