import { type UuidParamPipe, uuidParam } from '../common/params';
import { Roles } from '../common/principal.decorator';
import { AGENCY_ADMINS } from '../common/tenant-resource';

export const availabilityIdParam: UuidParamPipe = uuidParam('availabilityId');

/**
 * Catalogue writes belong to the agency's admin (or the platform operator); a tenant user may only
 * read, because the quote dialogs need products, customers, VAT rates, price lists and tags.
 */
export const CatalogueAdminOnly = () => Roles(...AGENCY_ADMINS);
