import { ServiceEnv } from '@quotebook/server-core';

/** Tenancy needs the bus, its database and the business time zone (for the display status). */
export class TenancyEnv extends ServiceEnv {}
