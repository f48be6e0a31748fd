// What only the services use: their database (TypeORM, pg), tenant transactions and rows, their
// bootstrap and mail. Everything else is '@quotebook/server-core' (index.ts).
export * from './database';
export * from './tenant-transaction';
export * from './entity-rows';
export * from './tenant-tables';
export * from './tenant-purge';
export * from './compensating-transaction';
export * from './service-core.module';
export * from './service-bootstrap';
export * from './mailer';
export * from './preflight-postgres';
