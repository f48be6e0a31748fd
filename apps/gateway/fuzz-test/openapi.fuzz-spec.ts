import { api, type ApiResponse } from '../api-test/http';
import { type Caller, type Operation, type Parameter, readFuzzContext } from './fuzz-context';
import {
  allows,
  allowsQueryText,
  bodyFields,
  bodyText,
  DEEP_NESTING,
  encodePathSegment,
  fieldName,
  HOSTILE_VALUES,
  isNotText,
  type HostileValue,
  pathText,
  type ResolveSchema,
  type Schema,
  TOO_MANY_ITEMS,
  validValue,
  withValueAt,
} from './schema-values';

/*
 * Generated from the OpenAPI document the stack serves: for every operation with a JSON body, path
 * or query parameters, a valid request (real records of a seeded agency, a caller its x-roles allow)
 * is sent again and again with one field or parameter replaced by a hostile value the document does
 * not allow. Each must be refused with a 4xx, and the agency and platform must read the same afterwards.
 */

const { document, tokens, seeded } = readFuzzContext();

const resolve: ResolveSchema = (schema) => {
  if (!schema.$ref) return schema;
  const target = document.components.schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`dangling reference ${schema.$ref}`);
  return target;
};

/** The record an `{id}` names, by the collection the path names before it. */
const ID_BY_COLLECTION: Record<string, string> = {
  'vat-rates': seeded.vatRateId,
  tags: seeded.tagId,
  'price-lists': seeded.priceListId,
  products: seeded.productId,
  customers: seeded.customerId,
  users: seeded.userId,
  'quote-templates': seeded.templateId,
  'quote-layouts': seeded.layoutId,
};

/** What a real request has in a parameter or body property of that name: a record's id, the agency's language. */
const REAL_VALUES: Record<string, string> = {
  tenantId: seeded.tenantId,
  vatRateId: seeded.vatRateId,
  priceListId: seeded.priceListId,
  customerId: seeded.customerId,
  productId: seeded.productId,
  quoteId: seeded.quoteId,
  tagIds: seeded.tagId,
  availabilityId: seeded.availabilityId,
  layoutId: seeded.layoutId,
  templateId: seeded.templateId,
  language: seeded.languages[0],
  targetLanguages: seeded.languages[1],
  // a province's two capitals: nothing the document's pattern alone makes up
  reaOffice: 'MI',
};
/** Body properties a real request leaves empty: a price list sets a reduction or a markup over cost, never both. */
const LEFT_EMPTY = new Set(['markupPercentage']);
const realValue = (name: string): string | null | undefined => (LEFT_EMPTY.has(name) ? null : REAL_VALUES[name]);

/** A path names a real agency by its keyword; a body that sent it would only collide with that agency. */
const REAL_PATH_VALUES: Record<string, string> = {
  ...REAL_VALUES,
  keyword: seeded.keyword,
  itemId: seeded.itemId,
  consumptionId: seeded.consumptionId,
  paymentId: seeded.paymentId,
};

interface FuzzedOperation {
  name: string;
  method: string;
  template: string;
  roles: Caller[];
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body?: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** One operation's batch takes a second or two; a loaded machine gets room (Jest reads no per-project timeout). */
const OPERATION_TIMEOUT_MS = 120_000;

const operations: FuzzedOperation[] = Object.entries(document.paths).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method]).flatMap((method) => {
    const operation = item[method] as Operation;
    const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const body = operation.requestBody?.content['application/json']?.schema;
    if (!body && pathParameters.length === 0 && queryParameters.length === 0) return [];
    const roles = operation['x-roles'] ?? [];
    return [{ name: `${method.toUpperCase()} ${template}`, method, template, roles, pathParameters, queryParameters, body }];
  }),
);

/**
 * Who sends the requests: nobody on a public route, else an agency's admin where the route allows it
 * (an attacker's likeliest seat), else the platform operator. A hostile agency id in the path goes
 * out as the superadmin: anyone else is refused for naming another agency before the value is read.
 */
function callerFor(operation: FuzzedOperation, hostileParameter?: string): Caller {
  if (operation.roles.includes('public')) return 'public';
  if (hostileParameter === 'tenantId' && operation.roles.includes('superadmin')) return 'superadmin';
  const caller = (['tenant_admin', 'superadmin', 'tenant_user'] as const).find((role) => operation.roles.includes(role));
  if (!caller) throw new Error(`${operation.name}: no caller for x-roles ${JSON.stringify(operation.roles)}`);
  return caller;
}

/** The path with real records in every parameter, or `hostile` text in one of them. */
function pathOf(operation: FuzzedOperation, hostile?: { name: string; text: string }): string {
  return operation.template.replace(/\{(\w+)\}/g, (_whole, name: string, offset: number) => {
    if (hostile?.name === name) return encodePathSegment(hostile.text);
    const parameter = operation.pathParameters.find((candidate) => candidate.name === name);
    const collection = operation.template.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
    const real = name === 'id' ? ID_BY_COLLECTION[collection] : REAL_PATH_VALUES[name];
    return encodePathSegment(String(real ?? validValue(parameter?.schema ?? { type: 'string' }, name, resolve, realValue)));
  });
}

interface FuzzCase {
  where: string;
  label: string;
  caller: Caller;
  path: string;
  body?: unknown;
  /** the message the refusal must carry, where the API words it itself */
  message?: string;
}

function hostileValuesFor(schema: Schema, name: string): HostileValue[] {
  const target = resolve(schema);
  if (target.type !== 'array' || !target.items) return [...HOSTILE_VALUES];
  const item = validValue(target.items, name, resolve, realValue);
  return [...HOSTILE_VALUES, { label: `${TOO_MANY_ITEMS} items`, value: Array.from({ length: TOO_MANY_ITEMS }, () => item) }];
}

/** The message that names a field holding a value no field may hold, whatever its rules. */
function expectedMessage(field: string, value: unknown): string | undefined {
  if (value === DEEP_NESTING) return 'JSON nested too deeply: at most 32 levels';
  if (isNotText(value)) return `${field} contains invalid characters`;
  return undefined;
}

function casesOf(operation: FuzzedOperation): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const base = operation.body ? validValue(operation.body, '', resolve, realValue) : undefined;
  for (const parameter of operation.pathParameters) {
    for (const { label, value } of HOSTILE_VALUES) {
      const text = pathText(value);
      // an empty segment addresses another route (the collection), not this one with an empty value
      if (text === '' || allows(parameter.schema ?? {}, text, resolve)) continue;
      cases.push({
        where: `path parameter ${parameter.name}`,
        label,
        caller: callerFor(operation, parameter.name),
        path: pathOf(operation, { name: parameter.name, text }),
        body: base,
        // a lone surrogate cannot even be decoded from the URL: refused before any field is named
        message: text.includes('\u0000') ? `${parameter.name} contains invalid characters` : undefined,
      });
    }
  }
  for (const parameter of operation.queryParameters) {
    for (const { label, value } of HOSTILE_VALUES) {
      const text = pathText(value);
      if (allowsQueryText(parameter.schema ?? {}, text, resolve)) continue;
      cases.push({
        where: `query parameter ${parameter.name}`,
        label,
        caller: callerFor(operation),
        path: `${pathOf(operation)}?${encodeURIComponent(parameter.name)}=${encodePathSegment(text)}`,
        body: base,
        message: isNotText(text) ? `${parameter.name} contains invalid characters` : undefined,
      });
    }
  }
  if (operation.body) {
    const caller = callerFor(operation);
    const path = pathOf(operation);
    for (const { label, value } of HOSTILE_VALUES) {
      if (!allows(operation.body, value, resolve)) cases.push({ where: 'the whole body', label, caller, path, body: value });
    }
    for (const field of bodyFields(operation.body, resolve)) {
      const name = fieldName(field.path);
      const propertyName = String(field.path.filter((key) => typeof key === 'string').pop());
      for (const { label, value } of hostileValuesFor(field.schema, propertyName)) {
        if (allows(field.schema, value, resolve)) continue;
        cases.push({ where: name, label, caller, path, body: withValueAt(base, field.path, value), message: expectedMessage(name, value) });
      }
    }
  }
  return cases;
}

/** Fields whose schema lets a 100 KB text, a huge number or an endless list through. */
function unboundedFields(operation: FuzzedOperation): string[] {
  if (!operation.body) return [];
  const BOUNDED_FORMATS = ['uuid', 'date', 'date-time'];
  const isBounded = (schema: Schema): boolean => {
    const target = resolve(schema);
    const choices = target.oneOf ?? target.anyOf;
    if (choices) return choices.every(isBounded);
    if (target.enum) return true;
    if (target.type === 'string') return target.maxLength !== undefined || target.pattern !== undefined || BOUNDED_FORMATS.includes(target.format ?? '');
    if (target.type === 'integer' || target.type === 'number') return target.minimum !== undefined && target.maximum !== undefined;
    if (target.type === 'array') return target.maxItems !== undefined;
    return true;
  };
  return bodyFields(operation.body, resolve)
    .filter((field) => !isBounded(field.schema))
    .map((field) => `${fieldName(field.path)} has no limit in the document`);
}

const REFUSALS = new Set([400, 404, 409, 413, 414, 415, 422, 431]);

async function send(operation: FuzzedOperation, fuzzCase: FuzzCase): Promise<ApiResponse> {
  const hasBody = fuzzCase.body !== undefined;
  return api(operation.method.toUpperCase(), fuzzCase.path, {
    token: fuzzCase.caller === 'public' ? undefined : tokens[fuzzCase.caller],
    rawBody: hasBody ? bodyText(fuzzCase.body) : undefined,
    headers: hasBody ? { 'content-type': 'application/json' } : {},
  });
}

/** What is wrong with the answer to a hostile request, or undefined when it is a proper refusal. */
function judge(fuzzCase: FuzzCase, response: ApiResponse): string | undefined {
  const message = JSON.stringify(response.body?.message ?? response.body ?? '').slice(0, 200);
  // sign-in and reset are throttled per client address: a 429 there is a refusal too
  const refused = REFUSALS.has(response.status) || (response.status === 429 && fuzzCase.caller === 'public');
  if (!refused) return `${response.status} ${message}`;
  if (fuzzCase.message) {
    const messages = ([] as unknown[]).concat(response.body?.message);
    if (response.status !== 400 || !messages.includes(fuzzCase.message)) return `${response.status} ${message}, not 400 "${fuzzCase.message}"`;
  }
  return undefined;
}

/** The agency and the platform as they read: tenants, the agency, its admin, team, catalogue and quotes (one with its items and consumptions). */
async function snapshot() {
  const agency = `/api/tenants/${seeded.tenantId}`;
  const lists = ['users', 'vat-rates', 'tags', 'price-lists', 'products', 'customers', 'quotes', `quotes/${seeded.quoteId}`, 'quote-templates', 'quote-layouts'];
  const paths = ['/api/tenants', agency, `${agency}/admin`, ...lists.map((list) => `${agency}/${list}`)];
  return Promise.all(
    paths.map(async (path) => {
      const response = await api('GET', path, { token: tokens.superadmin });
      return { path, status: response.status, body: response.body };
    }),
  );
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        await work(item);
      }
    }),
  );
}

/**
 * The base body must be valid, or a hostile value would only add to a refusal it already gets. Sent
 * with one unknown property, it is refused for that property alone: the only way to have the
 * gateway's rules judge it without storing anything.
 */
async function expectValidBase(operation: FuzzedOperation): Promise<void> {
  const base = validValue(operation.body ?? {}, '', resolve, realValue) as Record<string, unknown>;
  expect(allows(operation.body ?? {}, base, resolve)).toBe(true);
  const probe: FuzzCase = { where: 'probe', label: 'probe', caller: callerFor(operation), path: pathOf(operation), body: { ...base, fuzzProbe: 1 } };
  const response = await send(operation, probe);
  expect({ status: response.status, message: response.body?.message }).toEqual({ status: 400, message: ['property fuzzProbe should not exist'] });
}

describe('hostile values on every body field and path parameter of the OpenAPI document', () => {
  it('covers every operation that takes a body or a path parameter', () => {
    expect(operations.length).toBeGreaterThanOrEqual(35);
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThanOrEqual(20);
  });

  test.each(operations.map((operation) => [operation.name, operation] as const))('%s', async (_name, operation) => {
    const cases = casesOf(operation);
    expect(cases.length).toBeGreaterThan(0);
    if (operation.body) await expectValidBase(operation);
    const before = await snapshot();
    const problems = unboundedFields(operation);
    await inParallel(cases, 6, async (fuzzCase) => {
      const problem = judge(fuzzCase, await send(operation, fuzzCase));
      if (problem) problems.push(`${fuzzCase.where} = ${fuzzCase.label}: ${problem}`);
    });
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, OPERATION_TIMEOUT_MS);
});
