import { inlineParameters, sqlLiteral } from './sql-literals';

describe(sqlLiteral.name, () => {
  it.each([
    ['null', null, 'NULL'],
    ['undefined', undefined, 'NULL'],
    ['a number', 12.5, "'12.5'"],
    ['a boolean', true, "'true'"],
    ['a quote', "l'isola", "'l''isola'"],
    ['a backslash', 'a\\b', " E'a\\\\b'"],
    ['an array', ['a', "b'c", null], `'{"a","b''c",NULL}'`],
    ['an object (JSON)', { it: 'Gita' }, `'{"it":"Gita"}'`],
    ['a buffer (bytea hex)', Buffer.from([0xab, 0x01]), "'\\xab01'"],
  ])('writes %s as pg would send it', (_label, value, literal) => {
    expect(sqlLiteral(value)).toBe(literal);
  });

  it('refuses a NUL with the code PostgreSQL gives it as a parameter', () => {
    expect(() => sqlLiteral('a\u0000b')).toThrow(expect.objectContaining({ code: '22021' }));
    expect(() => sqlLiteral(['a', ['\u0000']])).toThrow(expect.objectContaining({ code: '22021' }));
    // JSON writes it as an escape, which is text like any other
    expect(sqlLiteral({ nul: '\u0000' })).toBe(` E'{"nul":"\\\\u0000"}'`);
  });
});

describe(inlineParameters.name, () => {
  it('replaces each $n by its value, $10 included', () => {
    const values = Array.from({ length: 10 }, (_, index) => index + 1);
    expect(inlineParameters('SELECT $1, $2::int, $10 FROM t WHERE a = ANY($3)', values)).toBe("SELECT '1', '2'::int, '10' FROM t WHERE a = ANY('3')");
  });

  it('leaves string literals, quoted identifiers, comments and dollar-quoted bodies alone', () => {
    const text = `SELECT '$1 it''s', E'\\' $1', "col$1", $$ $1 $$, $body$ $1 $body$ -- $1\n/* $1 */, $1`;
    expect(inlineParameters(text, ['x'])).toBe(`SELECT '$1 it''s', E'\\' $1', "col$1", $$ $1 $$, $body$ $1 $body$ -- $1\n/* $1 */, 'x'`);
  });

  it('does not take a $ inside a name for a parameter', () => {
    expect(inlineParameters('SELECT a$1, $1', ['v'])).toBe("SELECT a$1, 'v'");
  });

  it('refuses a parameter without a value, and unterminated text', () => {
    expect(() => inlineParameters('SELECT $2', ['only one'])).toThrow('$2 has no value');
    expect(() => inlineParameters("SELECT 'open", [])).toThrow('Unterminated');
  });

  it('inlines a statement sent again with other values as it did the first time, and still refuses a missing one', () => {
    const text = `SELECT $1 AS a, '$2' AS quoted, $2 AS b -- $1\nFROM t WHERE c = $1`;
    expect(inlineParameters(text, ['x', 1])).toBe(`SELECT 'x' AS a, '$2' AS quoted, '1' AS b -- $1\nFROM t WHERE c = 'x'`);
    expect(inlineParameters(text, ["y'", null])).toBe(`SELECT 'y''' AS a, '$2' AS quoted, NULL AS b -- $1\nFROM t WHERE c = 'y'''`);
    expect(() => inlineParameters(text, ['only one'])).toThrow('$2 has no value');
    expect(inlineParameters('SELECT 1', [])).toBe('SELECT 1');
  });

  it('inlines a text too long to be remembered as it does a short one', () => {
    const long = `SELECT $1${' '.repeat(9000)}, $2`;
    expect(inlineParameters(long, ['a', 'b'])).toBe(`SELECT 'a'${' '.repeat(9000)}, 'b'`);
    expect(inlineParameters(long, ['c', 'd'])).toBe(`SELECT 'c'${' '.repeat(9000)}, 'd'`);
  });
});
