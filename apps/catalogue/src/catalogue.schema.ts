/** The PostgreSQL schema this service owns; no other service reads or writes it. */
export const CATALOGUE_SCHEMA = 'catalogue';

/**
 * The role the service's connections work as: it owns no table and has no BYPASSRLS, so row-level
 * security applies to every query. Roles are cluster-wide; the migration creates it if missing.
 */
export const CATALOGUE_RUNTIME_ROLE = 'quotebook_catalogue_app';
