import { ServiceEnv } from '@quotebook/server-core';

/**
 * Quoting needs the bus (and the catalogue on it, for prices), its database and the business time
 * zone: a quote's expiry, its date-times as that zone's wall clock, and "this month" on the dashboard.
 */
export class QuotingEnv extends ServiceEnv {}
