import { allows, allowsQueryText, bodyFields, bodyText, DEEP_NESTING, encodePathSegment, type Schema, validValue, withValueAt } from './schema-values';

const schemas: Record<string, Schema> = {
  Tag: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      targetType: { type: 'string', enum: ['product', 'customer'] },
      description: { type: 'string', nullable: true, maxLength: 500 },
      tagIds: { type: 'array', maxItems: 2, items: { type: 'string', format: 'uuid' } },
      hours: { type: 'integer', minimum: 0, maximum: 23 },
      password: { oneOf: [{ type: 'string', minLength: 6, maxLength: 200 }, { type: 'string', enum: [''] }] },
    },
    required: ['name', 'targetType'],
  },
};
const resolve = (schema: Schema) => (schema.$ref ? schemas[schema.$ref.split('/').pop() ?? ''] : schema);
const tag = { $ref: '#/components/schemas/Tag' };
const property = (name: string) => schemas['Tag'].properties?.[name] ?? {};

describe(allows.name, () => {
  it.each([
    ['name', 'Mare', true],
    ['name', '', false],
    ['name', 'x'.repeat(101), false],
    ['name', 'Ma\u0000re', false],
    ['name', 'Ma\ud800re', false],
    ['name', null, false],
    ['description', null, true],
    ['targetType', 'Product', false],
    ['hours', 23, true],
    ['hours', 1e308, false],
    ['hours', '5', false],
    ['hours', true, false],
    ['tagIds', ['1c20c4db-db68-497c-aa7e-b5d71cfaf9e2'], true],
    ['tagIds', ['x'], false],
    ['password', '', true],
    ['password', '123', false],
    ['name', DEEP_NESTING, false],
  ])('%s = %j → %p', (name, value, expected) => {
    expect(allows(property(name), value, resolve)).toBe(expected);
  });

  it('refuses unknown and missing properties of an object', () => {
    expect(allows(tag, { name: 'Mare', targetType: 'product' }, resolve)).toBe(true);
    expect(allows(tag, { name: 'Mare' }, resolve)).toBe(false);
    expect(allows(tag, { name: 'Mare', targetType: 'product', extra: 1 }, resolve)).toBe(false);
  });
});

describe(validValue.name, () => {
  it('builds a body the schema allows, with real ids where it knows them', () => {
    const body = validValue(tag, '', resolve, (name) => (name === 'tagIds' ? '1c20c4db-db68-497c-aa7e-b5d71cfaf9e2' : undefined));
    expect(allows(tag, body, resolve)).toBe(true);
    expect(body).toMatchObject({ targetType: 'product', tagIds: ['1c20c4db-db68-497c-aa7e-b5d71cfaf9e2'], hours: 1 });
  });
});

describe('hostile requests', () => {
  it('lists every field, array items included', () => {
    expect(bodyFields(tag, resolve).map((field) => field.path.join('.'))).toEqual([
      'name', 'targetType', 'description', 'tagIds', 'tagIds.0', 'hours', 'password',
    ]);
  });

  it('replaces one value, deep inside arrays too', () => {
    expect(withValueAt({ name: 'Mare', tagIds: ['a', 'b'] }, ['tagIds', 0], null)).toEqual({ name: 'Mare', tagIds: [null] });
  });

  it('writes 5,000 levels of nesting into the body text', () => {
    const text = bodyText({ name: DEEP_NESTING });
    expect(text.startsWith('{"name":[[[[')).toBe(true);
    expect(text.length).toBe('{"name":}'.length + 10_000);
  });

  it('sends a lone surrogate in a path as bytes no UTF-8 decoder accepts, and pairs as UTF-8', () => {
    expect(encodePathSegment('ab\ud800')).toBe('ab%ED%A0%80');
    expect(encodePathSegment('🏛')).toBe(encodeURIComponent('🏛'));
    expect(encodePathSegment('a b\u0000')).toBe('a%20b%00');
  });
});

describe(allowsQueryText.name, () => {
  it.each([
    [{ type: 'integer', minimum: 1, maximum: 1000 }, '20', true],
    [{ type: 'integer', minimum: 1, maximum: 1000 }, '0', false],
    [{ type: 'integer', minimum: 0, maximum: 10 }, '-1', false],
    [{ type: 'integer', minimum: 1, maximum: 1000 }, 'true', false],
    [{ type: 'integer', minimum: 1, maximum: 1000 }, '', false],
    [{ type: 'string', maxLength: 200 }, '42', true],
    [{ type: 'string', maxLength: 200 }, 'fu\u0000zz', false],
    [{ type: 'string', format: 'date' }, '2030-07-15', true],
    [{ type: 'string', enum: ['pending'] }, '', false],
  ] as const)('%j takes %j: %s', (schema, text, expected) => {
    expect(allowsQueryText(schema as Schema, text, resolve)).toBe(expected);
  });
});

describe(`${validValue.name} of a date-time`, () => {
  it('is a wall-clock date-time the schema allows', () => {
    const schema: Schema = { type: 'string', format: 'date-time', nullable: true };
    expect(allows(schema, validValue(schema, 'serviceStartTime', resolve, () => undefined), resolve)).toBe(true);
  });
});
