// What every process uses: the gateway, the worker and the services. What only the services use (their
// database, tenant transactions, bootstrap, mail) is '@quotebook/server-core/service' (service.ts), so
// that the gateway and the worker never load TypeORM, pg or nodemailer.
export * from './env';
export * from './route-metadata';
export * from './thenable';
export * from './app-error';
export * from './input-text';
export * from './rpc-validation.pipe';
export { rememberValidationRules } from './validation-rules-memo';
export { RpcClient, type RpcClientOptions } from './rpc-client';
export { listPageOfReply, responseJsonOfReply, type JsonBytes, type JsonListPage } from './rpc-reply-pages';
export { RpcClientModule, natsServerOptions } from './rpc-client.module';
export * from './safe-reply-server-nats';
export * from './list-page';
export * from './event-bus';
export * from './health';
export * from './preflight';
export * from './bounded-map';
export * from './redis';
export * from './redis-places';
export * from './session-state';
export * from './session-checks';
export * from './database-errors';
export * from './events.module';
export * from './durable-listener';
export * from './principal-checks';
export * from './typed-handler';
export * from './file-storage';
export * from './request-context';
export * from './logging';
export * from './logging-context';
export * from './metrics';
export * from './metrics-server';
