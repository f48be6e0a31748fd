/** The PostgreSQL schema this service owns; no other service reads or writes it. */
export const DOCUMENTS_SCHEMA = 'documents';

/**
 * The role the service's connections work as: it owns no table and has no BYPASSRLS, so row-level
 * security applies to every query. Roles are cluster-wide; the migration creates it if missing.
 */
export const DOCUMENTS_RUNTIME_ROLE = 'quotebook_documents_app';
