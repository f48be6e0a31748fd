import { readFileSync, writeFileSync } from 'node:fs';
import type { Schema } from './schema-values';

export type Caller = 'public' | 'superadmin' | 'tenant_admin' | 'tenant_user';

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  'x-roles'?: Caller[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** The real records of the seeded agency that paths and bodies name. */
export interface SeededRecords {
  tenantId: string;
  keyword: string;
  /** the agency's languages, Italian first */
  languages: string[];
  userId: string;
  vatRateId: string;
  tagId: string;
  priceListId: string;
  productId: string;
  availabilityId: string;
  customerId: string;
  /** a quote of customerId with one item of productId and one consumption */
  quoteId: string;
  itemId: string;
  consumptionId: string;
  /** a payment the quote received */
  paymentId: string;
  /** a description template, and a layout printing it and the quote's table */
  templateId: string;
  layoutId: string;
}

/** What the layer's global setup hands to the test files: the document, the callers' tokens, the records. */
export interface FuzzContext {
  document: OpenApiDocument;
  tokens: Record<Exclude<Caller, 'public'>, string>;
  seeded: SeededRecords;
}

const CONTEXT_FILE = 'FUZZ_CONTEXT_FILE';

export function writeFuzzContext(file: string, context: FuzzContext): void {
  writeFileSync(file, JSON.stringify(context));
  process.env[CONTEXT_FILE] = file;
}

export function readFuzzContext(): FuzzContext {
  const file = process.env[CONTEXT_FILE];
  if (!file) throw new Error(`${CONTEXT_FILE} is not set: run through the "fuzz" Jest project`);
  return JSON.parse(readFileSync(file, 'utf8')) as FuzzContext;
}
