/** The PostgreSQL schema this service owns; no other service reads or writes it. */
export const QUOTING_SCHEMA = 'quoting';

/**
 * The role the service's connections work as: it owns no table and has no BYPASSRLS, so row-level
 * security applies to every query. Roles are cluster-wide; the migration creates it if missing.
 */
export const QUOTING_RUNTIME_ROLE = 'quotebook_quoting_app';
