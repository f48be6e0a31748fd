import { eventSubject } from './subjects';

export interface TenantDeletedEvent {
  tenantId: string;
  deletedAt: string;
}

/** Published by tenancy on JetStream; every service purges that tenant's rows. */
export const TENANT_DELETED = eventSubject<TenantDeletedEvent>('tenant.deleted');
