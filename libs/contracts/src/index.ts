// the rules, limits and messages shared with the browser
export * from '@quotebook/domain';
export * from './subjects';
export * from './errors';
export * from './principal';
export * from './sessions';
export * from './validation';
export * from './auth';
export * from './tenants';
export * from './users';
export * from './events';
export * from './health';
export * from './money';
export * from './list-page';
export * from './catalogue';
export * from './quoting';
export * from './documents';
export * from './customer-loop';
