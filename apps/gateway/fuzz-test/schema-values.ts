import { randomUUID } from 'node:crypto';

/** The part of JSON Schema (OpenAPI 3.0) the gateway's document uses. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export type ResolveSchema = (schema: Schema) => Schema;

/** Stands for JSON nested 5,000 levels deep: spliced into the body text, as no value of JavaScript could be sent. */
export const DEEP_NESTING = '\u0001five-thousand-levels\u0001';
const DEEP_LEVELS = 5000;
export const deepJsonText = () => `${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}`;

/** The request body as text, with every DEEP_NESTING value replaced by 5,000 nested arrays. */
export function bodyText(body: unknown): string {
  return JSON.stringify(body).split(JSON.stringify(DEEP_NESTING)).join(deepJsonText());
}

export interface HostileValue {
  label: string;
  value: unknown;
}

/** What an attacker, a broken client or a fat finger sends instead of a field's value. */
export const HOSTILE_VALUES: readonly HostileValue[] = [
  { label: '5,000-deep nesting', value: DEEP_NESTING },
  { label: 'a lone surrogate', value: 'fuzz\ud800' },
  { label: 'NUL', value: 'fu\u0000zz' },
  { label: 'null', value: null },
  { label: 'a boolean', value: true },
  { label: 'an array', value: ['fuzz'] },
  { label: 'an object', value: { fuzz: 1 } },
  { label: 'a number', value: 42 },
  { label: 'a numeric string', value: '42' },
  { label: 'a 100 KB string', value: 'x'.repeat(100 * 1024) },
  { label: 'a negative number', value: -1 },
  { label: 'a huge number', value: 1e308 },
  { label: 'an empty string', value: '' },
];

/** More items than any list of the API takes (each one valid), for array fields. */
export const TOO_MANY_ITEMS = 10_001;

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/,
};

/**
 * NUL or a UTF-16 surrogate without its pair. Written here again rather than imported from the code
 * under test, so that weakening the gateway's check cannot weaken the layer's expectations with it.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const NOT_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isNotText = (value: unknown): boolean => typeof value === 'string' && NOT_TEXT.test(value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether the document allows `value` for a schema. Text with NUL or a lone surrogate and JSON
 * nested 5,000 deep are allowed nowhere, whatever a schema says about strings.
 */
export function allows(schema: Schema, value: unknown, resolve: ResolveSchema): boolean {
  const target = resolve(schema);
  if (value === DEEP_NESTING) return false;
  if (value === null) return target.nullable === true;
  if (isNotText(value)) return false;
  const choices = target.oneOf ?? target.anyOf;
  if (choices) return choices.some((choice) => allows(choice, value, resolve));
  if (target.enum) return target.enum.includes(value);
  const inRange = (number: number) =>
    (target.minimum === undefined || number >= target.minimum) && (target.maximum === undefined || number <= target.maximum);
  switch (target.type) {
    case 'string':
      return (
        typeof value === 'string' &&
        value.length >= (target.minLength ?? 0) &&
        value.length <= (target.maxLength ?? Infinity) &&
        (!target.pattern || new RegExp(target.pattern).test(value)) &&
        (!target.format || !FORMATS[target.format] || FORMATS[target.format].test(value))
      );
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && inRange(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inRange(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return (
        Array.isArray(value) &&
        value.length >= (target.minItems ?? 0) &&
        value.length <= (target.maxItems ?? Infinity) &&
        value.every((item) => !target.items || allows(target.items, item, resolve))
      );
    case 'object': {
      if (!isPlainObject(value)) return false;
      const properties = target.properties ?? {};
      return (
        (target.required ?? []).every((name) => value[name] !== undefined) &&
        Object.entries(value).every(([name, item]) => properties[name] !== undefined && allows(properties[name], item, resolve))
      );
    }
    default:
      return true;
  }
}

/** A text that fits the schema's length limits. */
function textWithin(schema: Schema, seed: string): string {
  const text = seed.padEnd(schema.minLength ?? 0, 'x');
  return schema.maxLength === undefined ? text : text.slice(0, schema.maxLength);
}

/**
 * A valid value for a schema: the first enum value or choice, the example, a text within the limits,
 * a number within range. `realValue(name)` gives what a real request has in a property or parameter
 * of that name (the id of a real record for vatRateId or tagIds, a language the agency has), so
 * that only the hostile value in a request can fail.
 */
export function validValue(schema: Schema, name: string, resolve: ResolveSchema, realValue: (name: string) => unknown): unknown {
  const target = resolve(schema);
  const real = realValue(name);
  if (real !== undefined && target.type !== 'array' && allows(target, real, resolve)) return real;
  const choices = target.oneOf ?? target.anyOf;
  if (choices) return validValue(choices[0], name, resolve, realValue);
  if (target.enum) return target.enum[0];
  if (target.example !== undefined && allows(target, target.example, resolve)) return target.example;
  switch (target.type) {
    case 'string': {
      if (target.format === 'uuid') return randomUUID();
      if (target.format === 'date') return '2031-03-01';
      if (target.format === 'date-time') return '2031-03-01T10:00:00';
      if (target.format === 'email') return 'fuzz@example.com';
      if (target.format === 'uri') return 'https://example.com';
      const candidates = ['fuzz', 'fuzz-value', '10.00', 'abc'].map((seed) => textWithin(target, seed));
      return candidates.find((candidate) => allows(target, candidate, resolve)) ?? candidates[0];
    }
    case 'integer':
    case 'number': {
      const low = target.minimum ?? 0;
      return low <= 1 && (target.maximum ?? Infinity) >= 1 ? 1 : low;
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = target.items ?? { type: 'string' };
      return Array.from({ length: Math.max(1, target.minItems ?? 0) }, () => validValue(items, name, resolve, realValue));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(target.properties ?? {}).map(([property, propertySchema]) => [
          property,
          validValue(propertySchema, property, resolve, realValue),
        ]),
      );
    default:
      return 'fuzz';
  }
}

/** One field of a body, nested fields and array items included: where it is and what it must be. */
export interface BodyField {
  /** keys from the body's root; a number is an array index */
  path: (string | number)[];
  schema: Schema;
}

export function bodyFields(schema: Schema, resolve: ResolveSchema, path: (string | number)[] = []): BodyField[] {
  const target = resolve(schema);
  const fields: BodyField[] = path.length ? [{ path, schema: target }] : [];
  if (target.type === 'object' || target.properties) {
    for (const [name, propertySchema] of Object.entries(target.properties ?? {})) {
      fields.push(...bodyFields(propertySchema, resolve, [...path, name]));
    }
  } else if (target.type === 'array' && target.items) {
    fields.push(...bodyFields(target.items, resolve, [...path, 0]));
  }
  return fields;
}

/** A copy of `body` with the value at `path` replaced (an array on the way gets that one item). */
export function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(body) ? body : [];
    return [withValueAt(items[head], rest, value)];
  }
  const object = isPlainObject(body) ? body : {};
  return { ...object, [head]: withValueAt(object[head], rest, value) };
}

export const fieldName = (path: (string | number)[]) => path.join('.');

/**
 * Whether a query parameter's schema allows a text: a query holds only text, and a number in it is
 * written in digits ("20"), so 42 and "42" are the same there.
 */
export function allowsQueryText(schema: Schema, text: string, resolve: ResolveSchema): boolean {
  const target = resolve(schema);
  if (target.type === 'integer' || target.type === 'number') return /^\d+$/.test(text) && allows(target, Number(text), resolve);
  return allows(target, text, resolve);
}

/** What the server reads from a path parameter sent in place of `value`. */
export function pathText(value: unknown): string {
  if (value === DEEP_NESTING) return deepJsonText();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A path parameter's text, percent-encoded: lone surrogates cannot be written in UTF-8, so they go as
 * the bytes a careless encoder makes of them (CESU-8), which a server must refuse to decode.
 */
export function encodePathSegment(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(text[index]);
    }
  }
  return encoded;
}
