import { ServiceEnv } from '@quotebook/server-core';

/** Catalogue needs the bus, its database and the business time zone (today's price of a product). */
export class CatalogueEnv extends ServiceEnv {}
