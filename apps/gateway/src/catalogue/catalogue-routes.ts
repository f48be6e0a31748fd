import { ParseUUIDPipe } from '@nestjs/common';
import type { CatalogueRequest } from '@quotebook/contracts';
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
