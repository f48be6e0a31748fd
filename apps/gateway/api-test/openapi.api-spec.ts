import * as contracts from '@quotebook/contracts';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { api } from './http';

/** A class (or its constructor), as the decorators' metadata is keyed. */
type ClassType = abstract new (...args: never[]) => unknown;

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, { schema: Schema }> }>;
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ERROR_REF = '#/components/schemas/ErrorResponse';

let document: Document;
const operations: { method: string; path: string; operation: Operation }[] = [];

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = document.components.schemas[name];
  if (!target) throw new Error(`dangling reference ${schema.$ref}`);
  return target;
}

/** A schema that says something: an object with properties, or an array whose items do. */
function isDescribed(schema: Schema | undefined): boolean {
  if (!schema) return false;
  const resolved = resolve(schema);
  if (resolved.type === 'array') return isDescribed(resolved.items);
  return Object.keys(resolved.properties ?? {}).length > 0;
}

/**
 * What a media type carries, described: JSON by a schema that says something, anything else (an
 * image, a PDF, an HTML page) as a string, binary or text.
 */
function isMediaDescribed(mediaType: string, schema: Schema | undefined): boolean {
  if (mediaType === 'application/json' || isDescribed(schema)) return isDescribed(schema);
  return schema !== undefined && resolve(schema).type === 'string';
}

function bodySchemaName(operation: Operation): string | undefined {
  return operation.requestBody?.content['application/json']?.schema.$ref?.replace('#/components/schemas/', '');
}

/** The contracts' classes by name, as the document names their schemas. */
const contractClasses = new Map<string, ClassType>(
  (Object.values(contracts) as unknown[])
    .filter((value): value is ClassType => typeof value === 'function' && /^[A-Z]/.test(value.name))
    .map((value) => [value.name, value]),
);

function validatedRules(target: ClassType) {
  return getMetadataStorage().getTargetValidationMetadatas(target, '', true, false);
}

beforeAll(async () => {
  const response = await api<Document>('GET', '/api/docs-json');
  expect(response.status).toBe(200);
  document = response.body;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      if (item[method]) operations.push({ method, path, operation: item[method] });
    }
  }
});

describe('the OpenAPI document at /api/docs-json', () => {
  it('lists every route of the API', () => {
    expect(operations.length).toBeGreaterThanOrEqual(63);
  });

  it('describes the request body of every operation that takes one', () => {
    const undescribed = operations
      .filter(({ operation }) => operation.requestBody)
      .filter(({ operation }) => !Object.entries(operation.requestBody?.content ?? {}).some(([type, media]) => isMediaDescribed(type, media.schema)))
      .map(({ method, path }) => `${method} ${path}`);
    expect(undescribed).toEqual([]);
    expect(operations.filter(({ operation }) => operation.requestBody).length).toBeGreaterThanOrEqual(28);
  });

  it('describes every success answer: a schema with properties or items (a file by its media types), or 204 with no body', () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations) {
      const successes = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      if (successes.length === 0) problems.push(`${method} ${path}: no success answer`);
      for (const status of successes) {
        if (status === '204') continue;
        const content = Object.entries(operation.responses[status].content ?? {});
        if (content.length === 0 || !content.every(([type, media]) => isMediaDescribed(type, media.schema))) {
          problems.push(`${method} ${path}: ${status} undescribed`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes the error answers of every operation with the ErrorResponse schema', () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations) {
      const isPublic = operation['x-roles']?.includes('public');
      const expected = [isPublic ? undefined : '401', operation.requestBody ? '400' : undefined, '503'];
      for (const status of expected) {
        if (status && !operation.responses[status]) problems.push(`${method} ${path}: no ${status}`);
      }
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      for (const status of errors) {
        const schema = operation.responses[status].content?.['application/json']?.schema;
        if (!schema || !isDescribed(schema)) problems.push(`${method} ${path}: ${status} undescribed`);
      }
      if (isPublic && operation.responses['401'] && operation.operationId !== 'AuthController_login') {
        problems.push(`${method} ${path}: public, yet 401`);
      }
    }
    expect(problems).toEqual([]);
    expect(document.components.schemas['ErrorResponse']).toMatchObject({
      required: expect.arrayContaining(['statusCode', 'message', 'error']),
    });
  });

  it('gives every path parameter a schema with a format, an enum or a pattern', () => {
    const problems = operations.flatMap(({ method, path, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .filter(({ schema }) => !schema || !(schema.format || schema.enum || schema.pattern))
        .map((parameter) => `${method} ${path}: ${parameter.name}`),
    );
    expect(problems).toEqual([]);
  });

  it('asks a bearer token on every operation except the public ones, and names the roles that may call it', () => {
    const problems: string[] = [];
    for (const { method, path, operation } of operations) {
      const roles = operation['x-roles'];
      if (!roles?.length || !roles.every((role) => ['public', ...contracts.ROLES].includes(role))) {
        problems.push(`${method} ${path}: x-roles ${JSON.stringify(roles)}`);
        continue;
      }
      const bearer = (operation.security ?? []).some((requirement) => 'bearer' in requirement);
      if (bearer === roles.includes('public')) problems.push(`${method} ${path}: security ${JSON.stringify(operation.security)}`);
    }
    expect(problems).toEqual([]);
    expect(document.components.securitySchemes).toHaveProperty('bearer');
    const rolesOf = (path: string, method: string) => document.paths[path][method]['x-roles'];
    expect(rolesOf('/api/auth/login', 'post')).toEqual(['public']);
    expect(rolesOf('/api/tenants', 'post')).toEqual(['superadmin']);
    expect(rolesOf('/api/tenants/{tenantId}/vat-rates', 'post')).toEqual(['superadmin', 'tenant_admin']);
    expect(rolesOf('/api/tenants/{tenantId}/vat-rates', 'get')).toEqual(['superadmin', 'tenant_admin', 'tenant_user']);
  });

  it('has every property class-validator checks on a body DTO, required unless optional', () => {
    const bodies = new Set(operations.map(({ operation }) => bodySchemaName(operation)).filter((name) => name !== undefined));
    const problems: string[] = [];
    for (const name of bodies) {
      const target = contractClasses.get(name);
      if (!target) {
        problems.push(`${name}: no such class in the contracts`);
        continue;
      }
      const schema = document.components.schemas[name];
      const rules = validatedRules(target);
      const properties = new Set(rules.map((rule) => rule.propertyName));
      for (const property of properties) {
        if (!schema.properties?.[property]) {
          problems.push(`${name}.${property} missing`);
          continue;
        }
        const optional = rules.some(
          (rule) =>
            rule.propertyName === property &&
            rule.type === ValidationTypes.CONDITIONAL_VALIDATION &&
            (rule.name === 'isOptional' || rule.context?.[contracts.LEAVE_OUT] === 'omit'),
        );
        if (!optional && !schema.required?.includes(property)) problems.push(`${name}.${property} not required`);
      }
    }
    expect(bodies.size).toBeGreaterThanOrEqual(20);
    expect(problems).toEqual([]);
  });

  it('carries the limits, formats and enums of the DTOs', () => {
    const schemas = document.components.schemas;
    expect(schemas['CreateTenantDto'].required).toEqual(expect.arrayContaining(['keyword', 'name', 'expiryDate', 'adminPassword']));
    expect(schemas['CreateTenantDto'].properties?.['keyword']).toMatchObject({
      type: 'string',
      pattern: contracts.KEYWORD_PATTERN.source,
      minLength: 2,
      maxLength: 40,
    });
    expect(schemas['CreateTenantDto'].properties?.['expiryDate']).toMatchObject({ type: 'string', format: 'date' });
    expect(schemas['CreateTenantDto'].properties?.['adminEmail']).toMatchObject({ format: 'email', maxLength: 254 });
    expect(schemas['UpdateTenantDto'].required).not.toContain('adminPassword');
    // '' keeps the password: a second choice beside the password rules
    expect(schemas['UpdateTenantDto'].properties?.['adminPassword'].oneOf).toEqual([
      expect.objectContaining({ type: 'string', minLength: 6 }),
      { type: 'string', enum: [''] },
    ]);
    expect(schemas['ProductDto'].required).not.toContain('durationHours');
    expect(schemas['ProductDto'].properties?.['durationHours'].nullable).toBeUndefined();
    expect(schemas['VatRateDto'].required).toEqual(expect.arrayContaining(['description', 'rate']));
    expect(schemas['VatRateDto'].properties?.['rate'].oneOf).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'string', pattern: contracts.MONEY_PATTERN.source }),
        expect.objectContaining({ type: 'number', minimum: 0, maximum: 100 }),
      ]),
    );
    expect(schemas['TagDto'].properties?.['targetType'].enum).toEqual([...contracts.TAG_TARGET_TYPES]);
    expect(schemas['ProductDto'].properties?.['durationHours']).toMatchObject({ type: 'integer', minimum: 0, maximum: 23 });
    expect(schemas['ProductDto'].properties?.['vatRateId']).toMatchObject({ format: 'uuid', nullable: true });
    expect(schemas['CustomerDto'].properties?.['phone']).toMatchObject({ type: 'string', maxLength: 50 });
    expect(schemas['CustomerDto'].properties?.['title'].enum).toEqual([...contracts.CUSTOMER_TITLES]);
    expect(schemas['SetTagsDto'].properties?.['tagIds']).toMatchObject({ type: 'array', maxItems: 200, items: { format: 'uuid' } });
    expect(schemas['CreateUserDto'].properties?.['role'].enum).toEqual([...contracts.TENANT_ROLES]);
  });

  it('describes the answers: the products list is an array of ProductView with its availability', () => {
    const list = document.paths['/api/tenants/{tenantId}/products'].get.responses['200'].content?.['application/json'].schema;
    expect(list).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ProductView' } });
    const product = document.components.schemas['ProductView'];
    expect(product.properties?.['availability']).toEqual({ type: 'array', items: { $ref: '#/components/schemas/AvailabilityView' } });
    expect(product.properties?.['id']).toMatchObject({ type: 'string', format: 'uuid' });
    expect(product.properties?.['currentPrice']).toMatchObject({ type: 'string', nullable: true });
    expect(document.components.schemas['AvailabilityView'].properties?.['startDate']).toMatchObject({ format: 'date' });
    expect(document.components.schemas['TenantView'].properties?.['status'].enum).toEqual(
      expect.arrayContaining(['Active', 'Expiring Soon', 'Expired', 'Disabled']),
    );
    expect(document.components.schemas['VatRateView'].properties?.['createdAt']).toMatchObject({ format: 'date-time' });
    const login = document.paths['/api/auth/login'].post;
    expect(login.responses['200'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoginResponse' });
    expect(login.responses['429'].content?.['application/json'].schema).toEqual({ $ref: ERROR_REF });
    expect(document.paths['/api/tenants/{tenantId}'].delete.responses['204']).toBeDefined();
    const logo = document.paths['/api/tenants/{tenantId}/logo'].post;
    expect(logo.requestBody?.content['multipart/form-data'].schema.properties?.['logo']).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describes the quotes: the paths the spec writes, the list’s query with its limits and count, the bodies and who may call them', () => {
    const quotes = '/api/tenants/{tenantId}/quotes';
    const paths = Object.keys(document.paths).filter((path) => path.startsWith(quotes));
    expect(paths.sort()).toEqual(
      [
        quotes,
        `${quotes}/creators`,
        `${quotes}/{quoteId}`,
        `${quotes}/{quoteId}/items`,
        `${quotes}/{quoteId}/items/{itemId}`,
        `${quotes}/{quoteId}/consumptions`,
        `${quotes}/{quoteId}/consumptions/{consumptionId}`,
        `${quotes}/{quoteId}/generate-document`,
        `${quotes}/{quoteId}/send`,
        `${quotes}/{quoteId}/link`,
        `${quotes}/{quoteId}/revisions`,
        `${quotes}/{quoteId}/revisions/{n}`,
        `${quotes}/{quoteId}/payments`,
        `${quotes}/{quoteId}/payments/{paymentId}`,
        `${quotes}/{quoteId}/invoice`,
      ].sort(),
    );
    const list = document.paths[quotes].get;
    const query = Object.fromEntries((list.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]));
    expect(Object.keys(query).sort()).toEqual(['createdBy', 'customerId', 'from', 'limit', 'offset', 'search', 'status', 'to']);
    expect(Object.values(query).map((parameter) => parameter.required)).toEqual(Object.keys(query).map(() => false));
    expect(query['limit'].schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(query['offset'].schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(query['from'].schema).toMatchObject({ type: 'string', format: 'date' });
    expect(query['to'].schema).toMatchObject({ type: 'string', format: 'date' });
    expect(query['customerId'].schema).toMatchObject({ type: 'string', format: 'uuid' });
    expect(query['search'].schema).toMatchObject({ type: 'string', maxLength: 200 });
    expect(query['status'].schema?.enum).toEqual([...contracts.QUOTE_STATUSES]);
    expect(list.responses['200'].headers?.['X-Total-Count']?.schema).toEqual({ type: 'integer' });
    expect(list.responses['200'].content?.['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/QuoteView' } });

    expect(bodySchemaName(document.paths[quotes].post)).toBe('CreateQuoteDto');
    expect(bodySchemaName(document.paths[`${quotes}/{quoteId}`].put)).toBe('UpdateQuoteDto');
    expect(bodySchemaName(document.paths[`${quotes}/{quoteId}/items`].put)).toBe('ReplaceQuoteItemsDto');
    expect(document.paths[quotes].post.responses['201'].content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/QuoteDetailView' });
    expect(document.paths[`${quotes}/{quoteId}`].delete.responses['204']).toBeDefined();
    expect(bodySchemaName(document.paths[`${quotes}/{quoteId}/payments`].post)).toBe('PaymentDto');
    expect(bodySchemaName(document.paths[`${quotes}/{quoteId}/invoice`].post)).toBe('GenerateInvoiceDto');
    expect(document.paths[`${quotes}/{quoteId}/payments/{paymentId}`].delete.responses['204']).toBeDefined();
    expect(document.components.schemas['UpdateQuoteDto'].required ?? []).toEqual([]);
    expect(document.components.schemas['CreateQuoteDto'].required).toEqual(expect.arrayContaining(['customerId', 'serviceDate']));
    expect(document.components.schemas['QuoteItemDto'].properties?.['quantity']).toMatchObject({ type: 'integer', minimum: 1, maximum: 999 });
    expect(document.components.schemas['UpdateQuoteDto'].properties?.['serviceStartTime']).toMatchObject({ format: 'date-time', nullable: true });
    expect(document.components.schemas['QuoteView'].properties?.['shortId'].format).toBeUndefined();

    const everyone = ['superadmin', 'tenant_admin', 'tenant_user'];
    // the e-invoice is the agency admins' alone; every other quote route is everyday work of the whole agency
    const rolesFor = (path: string) => (path.endsWith('/invoice') ? ['superadmin', 'tenant_admin'] : everyone);
    for (const path of paths) {
      for (const [method, operation] of Object.entries(document.paths[path])) expect([method, path, operation['x-roles']]).toEqual([method, path, rolesFor(path)]);
    }
    expect(document.paths['/api/tenants/{tenantId}/dashboard'].get['x-roles']).toEqual(['superadmin', 'tenant_admin']);
    expect(document.paths['/api/tenants/{tenantId}/dashboard'].get.responses['200'].content?.['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DashboardView',
    });
  });

  it("describes the customer loop: sending, the revisions, the notifications and the public page with their shapes", () => {
    const quote = '/api/tenants/{tenantId}/quotes/{quoteId}';
    const json = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

    const send = document.paths[`${quote}/send`].post;
    expect(bodySchemaName(send)).toBe('SendQuoteDto');
    expect(json(send, '201')).toEqual(ref('SendQuoteResult'));
    expect(json(send, '503')).toEqual({ $ref: ERROR_REF });
    expect(Object.keys(document.components.schemas['SendQuoteResult'].properties ?? {}).sort()).toEqual(['link', 'revision', 'sentAt']);
    expect(document.components.schemas['SendQuoteDto'].required ?? []).toEqual([]);
    expect(document.components.schemas['SendQuoteDto'].properties?.['layoutId']).toMatchObject({ format: 'uuid' });
    expect(document.paths[`${quote}/link`].delete.responses['204']).toBeDefined();
    expect(json(document.paths[`${quote}/revisions`].get, '200')).toEqual({ type: 'array', items: ref('QuoteRevisionSummary') });
    const revision = document.paths[`${quote}/revisions/{n}`].get;
    expect(json(revision, '200')).toEqual(ref('QuoteRevisionView'));
    expect(revision.parameters?.find((parameter) => parameter.name === 'n')?.schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(Object.keys(document.components.schemas['QuoteRevisionSummary'].properties ?? {})).toEqual(
      expect.arrayContaining(['number', 'sentAt', 'sentTo', 'totalAmount', 'viewCount', 'firstViewedAt', 'answer']),
    );

    const notifications = '/api/tenants/{tenantId}/notifications';
    expect(json(document.paths[notifications].get, '200')).toEqual(ref('NotificationsView'));
    const read = document.paths[`${notifications}/{id}/read`].post;
    expect(json(read, '200')).toEqual(ref('NotificationsView'));
    expect(read.parameters?.find((parameter) => parameter.name === 'id')?.schema?.pattern).toContain('all');

    const page = '/api/public/quotes/{token}';
    const publicPaths = Object.keys(document.paths).filter((path) => path.startsWith('/api/public/'));
    expect(publicPaths.sort()).toEqual([page, `${page}/accept`, `${page}/decline`, `${page}/pdf`]);
    for (const path of publicPaths) {
      for (const operation of Object.values(document.paths[path])) {
        expect([path, operation['x-roles'], operation.security, operation.responses['401'], operation.responses['429']?.content]).toEqual([
          path,
          ['public'],
          [],
          undefined,
          { 'application/json': { schema: { $ref: ERROR_REF } } },
        ]);
        expect(operation.parameters?.find((parameter) => parameter.name === 'token')?.schema?.pattern).toBeDefined();
      }
    }
    expect(json(document.paths[page].get, '200')).toEqual(ref('PublicQuoteView'));
    expect(Object.keys(document.components.schemas['PublicQuoteView'].properties ?? {}).sort()).toEqual(
      ['agency', 'answer', 'customer', 'expired', 'items', 'language', 'optionalTotal', 'quote', 'revision', 'schedule', 'templates', 'total', 'vatSummary'],
    );
    for (const [action, body] of [['accept', 'AcceptQuoteDto'], ['decline', 'DeclineQuoteDto']]) {
      const operation = document.paths[`${page}/${action}`].post;
      expect(bodySchemaName(operation)).toBe(body);
      expect(json(operation, '201')).toEqual(ref('QuoteAnswer'));
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['400', '404', '409', '410']));
    }
    expect(document.components.schemas['AcceptQuoteDto'].required).toEqual(expect.arrayContaining(['signerName', 'consent', 'signature']));
    expect(document.paths[`${page}/pdf`].get.responses['200'].content?.['application/pdf']).toBeDefined();
  });
});
