import { ParseUUIDPipe } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { makeAppError, type CatalogueRequest, type ListPage, type ListPageRequest } from '@quotebook/contracts';
import { AuthenticatedPrincipal, Roles, toPrincipal } from '../common/principal.decorator';
import { uuidParam } from '../common/params';

/** Path-id pipes shared by the catalogue controllers: a non-UUID id is a 400 naming the parameter. */
export const tenantIdParam: ParseUUIDPipe = uuidParam('tenantId');
export const idParam: ParseUUIDPipe = uuidParam('id');
export const availabilityIdParam: ParseUUIDPipe = uuidParam('availabilityId');

/**
 * Catalogue writes belong to the agency's admin (or the platform operator); a tenant user may only
 * read, because the quote dialogs need products, customers, VAT rates, price lists and tags.
 */
export const CatalogueAdminOnly = () => Roles('superadmin', 'tenant_admin');

/** The acting principal and the tenant of the path, as every catalogue request carries them. */
export function catalogueScope(principal: AuthenticatedPrincipal, tenantId: string): CatalogueRequest {
  return { principal: toPrincipal(principal), tenantId };
}

/**
 * The whole list, asked page by page over NATS (each page bounded by bytes, as one message is at most
 * 1 MB) and answered to the browser in one response: one round trip per page, never one per row.
 */
export async function collectPages<T>(fetchPage: (page: ListPageRequest) => Promise<ListPage<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: number | null = 0;
  while (cursor !== null) {
    const page: ListPage<T> = await fetchPage({ cursor });
    items.push(...page.items);
    if (page.nextCursor !== null && page.nextCursor <= cursor) {
      throw new RpcException(makeAppError('BAD_GATEWAY', 'The catalogue service answered a page that does not advance'));
    }
    cursor = page.nextCursor;
  }
  return items;
}
