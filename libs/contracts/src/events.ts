import { eventSubject } from './subjects';

export interface TenantDeletedEvent {
  tenantId: string;
  deletedAt: string;
}

/** Published by tenancy on JetStream; every service purges that tenant's rows. */
export const TENANT_DELETED = eventSubject<TenantDeletedEvent>('tenant.deleted');

export interface TenantCreatedEvent {
  tenantId: string;
  createdAt: string;
}

/** Published by tenancy on JetStream when an agency is created; the documents service gives it its starter layout. */
export const TENANT_CREATED = eventSubject<TenantCreatedEvent>('tenant.created');

export interface CustomerChangedEvent {
  tenantId: string;
  customerId: string;
  /** the customer's business name now */
  name: string;
}

/** Published by the catalogue when a customer's name changes; quoting keeps the name its quotes show. */
export const CUSTOMER_CHANGED = eventSubject<CustomerChangedEvent>('customer.changed');

export interface TenantTermsChangedEvent {
  tenantId: string;
  /** the agency's balance days now (Impostazioni) */
  balanceDueDaysDefault: number;
}

/** Published by tenancy when an agency's payment terms change; quoting keeps them for its quotes' schedules. */
export const TENANT_TERMS_CHANGED = eventSubject<TenantTermsChangedEvent>('tenant.terms-changed');
