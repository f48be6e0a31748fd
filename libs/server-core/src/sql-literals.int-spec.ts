import fc from 'fast-check';
import { Client, type FieldDef } from 'pg';
import { inlineParameters } from './sql-literals';

/**
 * The inlined statement must mean to PostgreSQL exactly what the parameterized one means: the read path
 * sends tenant reads as inlined text in one simple-protocol message, so a value that changed a result,
 * or broke out of its literal, would change what a tenant reads. Each case runs both ways against the
 * real server and compares the raw text of every column, its type, or the error's SQLSTATE. It is also
 * what fails when pg changes the conversion (`prepareValue`, an internal) that sqlLiteral borrows.
 */
const SERVER_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Set to replay a failure: fast-check prints the seed (and path) of the case that failed. */
const SEED = process.env['FAST_CHECK_SEED'] === undefined ? undefined : Number(process.env['FAST_CHECK_SEED']);
const RUNS = 300;

/** Every column as the text the server sent, so that nothing is compared after a parser rounded it. */
const rawText = { getTypeParser: () => (text: string) => text };

type Outcome = { rows: unknown[][]; types: number[] } | { error: string | undefined };

const outcomeOf = (result: { rows: unknown[][]; fields: FieldDef[] }): Outcome => ({ rows: result.rows, types: result.fields.map((field) => field.dataTypeID) });
const failureOf = (error: unknown): Outcome => ({ error: (error as { code?: string }).code ?? String(error) });

describe('inlineParameters against PostgreSQL', () => {
  const client = new Client({ connectionString: SERVER_URL });

  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** The statement with its values sent apart (extended protocol). */
  const parameterized = (text: string, values: unknown[]): Promise<Outcome> =>
    client.query({ text, values, rowMode: 'array', types: rawText }).then(outcomeOf, failureOf);

  /**
   * The statement inlined and sent as the read path sends it: between other statements of one
   * simple-protocol message, which must still answer one result per statement.
   */
  const inlined = async (text: string, values: unknown[]): Promise<Outcome> => {
    let statement: string;
    try {
      statement = inlineParameters(text, values);
    } catch (error) {
      return failureOf(error);
    }
    const message = ['SELECT 1 AS before', statement, 'SELECT 2 AS after'].join('\n;\n');
    try {
      const results = (await client.query({ text: message, rowMode: 'array', types: rawText })) as unknown as { rows: unknown[][]; fields: FieldDef[] }[];
      expect(results).toHaveLength(3);
      return outcomeOf(results[1]);
    } catch (error) {
      return failureOf(error);
    }
  };

  const sameBothWays = async (text: string, values: unknown[]) => {
    const expected = await parameterized(text, values);
    expect(await inlined(text, values)).toEqual(expected);
    return expected;
  };

  const check = <T>(property: fc.IAsyncProperty<T>) => fc.assert(property, { numRuns: RUNS, seed: SEED });

  /** Pieces that mean something to SQL's lexer, to be mixed into arbitrary text. */
  const sqlPiece = fc.constantFrom("'", "''", '\\', "\\'", '"', '$1', '$2', '$$', '$tag$', '$1$', 'E\'', '--', '\n', '/*', '*/', ';', '\r', '\t', 'U&\'', '\\x00', ' ');
  const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
  /** Any UTF-16 code unit (lone surrogates included), any code point of any plane, and SQL's pieces. */
  const textPiece = fc.oneof(
    sqlPiece,
    fc.string({ unit: 'binary', maxLength: 6 }),
    fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 6 }),
    loneSurrogate,
  );
  const text = fc.array(textPiece, { maxLength: 12 }).map((pieces) => pieces.join(''));
  const textWithoutNul = text.map((value) => value.replaceAll('\u0000', ''));

  it('inlines any text, in every plane and with SQL syntax inside, as the parameter it was', async () => {
    await check(
      fc.asyncProperty(textWithoutNul, async (value) => {
        await sameBothWays('SELECT $1::text AS v', [value]);
        await sameBothWays('SELECT $1 AS v', [value]);
        await sameBothWays('SELECT length($1::text) AS n, $1::varchar = $1::text AS same', [value]);
      }),
    );
  });

  it('answers text with a NUL as PostgreSQL does (22021), before anything is sent', async () => {
    await check(
      fc.asyncProperty(fc.tuple(textWithoutNul, textWithoutNul), async ([before, after]) => {
        const value = `${before}\u0000${after}`;
        expect(await sameBothWays('SELECT $1::text AS v', [value])).toEqual({ error: '22021' });
        // also inside an array's element
        expect(await sameBothWays('SELECT $1::text[] AS v', [[before, value]])).toEqual({ error: '22021' });
      }),
    );
  });

  it('refuses a NUL itself: inlined, it would cut the message and fail the statements sent with it', async () => {
    expect(await sameBothWays('SELECT $1::text AS v', ['a\u0000b'])).toEqual({ error: '22021' });
    expect(() => inlineParameters('SELECT $1::text AS v', [['ok', '\u0000']])).toThrow(expect.objectContaining({ code: '22021' }));
    // what the literal would have done: the whole message refused as malformed, its other statements too
    await expect(client.query("SELECT 1 AS before\n;\nSELECT 'a\u0000b'::text AS v")).rejects.toMatchObject({ code: '08P01' });
    await expect(client.query('SELECT 1 AS still_usable')).resolves.toMatchObject({ rowCount: 1 });
  });

  it('inlines numbers (negative, fractional, NaN, ±Infinity, -0, bigint) with the type the statement gives them', async () => {
    const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 0.1, 1e21, 5e-324), fc.bigInt());
    await check(
      fc.asyncProperty(number, async (value) => {
        for (const type of ['text', 'float8', 'float4', 'numeric', 'int', 'bigint']) await sameBothWays(`SELECT $1::${type} AS v`, [value]);
        await sameBothWays('SELECT $1 + 1 AS v', [value]);
      }),
    );
  });

  it('inlines booleans and null', async () => {
    await check(
      fc.asyncProperty(fc.constantFrom(true, false, null, undefined), async (value) => {
        for (const type of ['boolean', 'text', 'int', 'jsonb', 'text[]']) await sameBothWays(`SELECT $1::${type} AS v, $1::${type} IS NULL AS missing`, [value]);
      }),
    );
  });

  it('inlines dates as the same instant (valid or not)', async () => {
    await check(
      fc.asyncProperty(fc.oneof(fc.date(), fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01') })), async (value) => {
        for (const type of ['timestamptz', 'timestamp', 'date', 'text']) await sameBothWays(`SELECT $1::${type} AS v`, [value]);
      }),
    );
  });

  it('inlines arrays, nested and of text or numbers', async () => {
    const element = fc.oneof(textWithoutNul, fc.integer(), fc.double(), fc.constant(null));
    const row = (length: number) => fc.array(fc.oneof(fc.integer(), fc.constant(null)), { minLength: length, maxLength: length });
    const array = fc.oneof(
      fc.array(element, { maxLength: 6 }),
      fc.array(textWithoutNul, { maxLength: 6 }),
      fc.integer({ min: 1, max: 4 }).chain((length) => fc.array(row(length), { minLength: 1, maxLength: 4 })),
      fc.array(fc.array(element, { maxLength: 3 }), { maxLength: 3 }),
    );
    await check(
      fc.asyncProperty(array, async (value) => {
        for (const type of ['text[]', 'float8[]', 'int[]', 'text']) await sameBothWays(`SELECT $1::${type} AS v`, [value]);
        await sameBothWays('SELECT cardinality($1::text[]) AS n', [value]);
      }),
    );
  });

  it('inlines JSON objects as the same document', async () => {
    await check(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }), async (value) => {
        for (const type of ['jsonb', 'json', 'text']) await sameBothWays(`SELECT $1::${type} AS v`, [value]);
      }),
    );
  });

  it('inlines many values into a statement with literals, names and comments that look like parameters', async () => {
    const values = fc.tuple(
      textWithoutNul,
      fc.oneof(fc.integer(), fc.double()),
      fc.boolean(),
      fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }),
      fc.array(textWithoutNul, { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      fc.constant(null),
      textWithoutNul,
      fc.integer(),
      textWithoutNul,
    );
    const statement = [
      `SELECT $1::text AS a, '$2 it''s' AS literal, E'\\' $3' AS escaped, $2::float8 /* $3 */ AS b -- $4`,
      `, $3::boolean AS "c$4", $$ $5 $$ AS dollars, $tag$ $6 '$7 $tag$ AS tagged, $4::timestamptz AS d`,
      `, $5::text[] AS e, $6::jsonb AS f, $7::int AS g, $8::text || $10 AS h, $9::int + $2::float8 AS i, $10::text AS j, $1::text = $8 AS k`,
    ].join('\n');
    await check(
      fc.asyncProperty(values, async (tuple) => {
        expect(await sameBothWays(statement, [...tuple])).toHaveProperty('rows');
      }),
    );
  });
});
