/** The PostgreSQL schema this service owns; no other service reads or writes it. */
export const TENANCY_SCHEMA = 'tenancy';
