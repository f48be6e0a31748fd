import { ParseUUIDPipe } from '@nestjs/common';
import type { CatalogueRequest, ListPage } from '@quotebook/contracts';
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
 * The whole list, asked page by page over NATS (one message is at most 1 MB) and answered to the
 * browser in one response: a fixed number of round trips per page, never one per row.
 */
export async function collectPages<T>(fetchPage: (page: ListPage) => Promise<T[]>, limit: number): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await fetchPage({ offset, limit });
    items.push(...page);
    if (page.length < limit) return items;
  }
}
