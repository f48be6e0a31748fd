import type { CustomerDto, CustomerView } from '@quotebook/contracts';
import type { Customer } from './customer.entity';

export function mapCustomer(customer: Customer, tagIds: string[]): CustomerView {
  return {
    id: customer.id,
    title: customer.title,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    contact: customer.contact,
    address: customer.address,
    country: customer.country,
    city: customer.city,
    postalCode: customer.postalCode,
    priceListId: customer.priceListId,
    vatNumber: customer.vatNumber,
    sdi: customer.sdi,
    pec: customer.pec,
    fiscalCode: customer.fiscalCode,
    language: customer.language,
    tagIds,
    createdAt: customer.createdAt.toISOString(),
  };
}

const OPTIONAL_TEXTS = ['phone', 'contact', 'address', 'country', 'city', 'postalCode', 'vatNumber', 'sdi', 'pec', 'fiscalCode'] as const;
type OptionalText = (typeof OPTIONAL_TEXTS)[number];

/**
 * The stored fields a create or update request sets: the required ones always, an optional text only
 * when sent ('' or null clearing it), so a request that leaves a field out keeps it; the language only
 * when sent. The price list and whether the agency offers the language are the service's business
 * (checked first).
 */
export function customerChanges(dto: CustomerDto): Pick<Customer, 'title' | 'name' | 'email'> & Partial<Pick<Customer, OptionalText | 'language'>> {
  const changes: Pick<Customer, 'title' | 'name' | 'email'> & Partial<Pick<Customer, OptionalText | 'language'>> = {
    title: dto.title,
    name: dto.name,
    email: dto.email,
  };
  for (const field of OPTIONAL_TEXTS) {
    const value = dto[field];
    if (value !== undefined) changes[field] = value === null || value.trim() === '' ? null : value.trim();
  }
  if (dto.language !== undefined) changes.language = dto.language;
  return changes;
}
