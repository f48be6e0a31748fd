import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { jsonNestsDeeperThan, MALFORMED_JSON, parseJsonBody } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const arrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe(jsonNestsDeeperThan.name, () => {
  it('counts arrays and objects together', () => {
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 4)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 3)).toBe(true);
  });

  it('reads depth, not how many containers there are', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify(Array(1000).fill({ a: [1] }))), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: '[[[[{{{{ "[[[[" \\ [[[[' })), 1)).toBe(false);
  });

  it('is not misled by multi-byte characters', () => {
    expect(jsonNestsDeeperThan(bytes(JSON.stringify({ text: 'città 🏛️ 中文 [' })), 1)).toBe(false);
  });

  it('finds 5,000 levels', () => {
    expect(jsonNestsDeeperThan(bytes(`{"a":${arrays(5000)}}`), 32)).toBe(true);
  });
});

describe(parseJsonBody.name, () => {
  const json = 'application/json';

  it('lets 32 levels through and refuses 33 with a 400', () => {
    expect(parseJsonBody(bytes(arrays(32)), json)).toBeInstanceOf(Array);
    expect(() => parseJsonBody(bytes(arrays(33)), json)).toThrow(BadRequestException);
    expect(() => parseJsonBody(bytes(arrays(33)), json)).toThrow('JSON nested too deeply: at most 32 levels');
  });

  it('refuses JSON in another encoding than UTF-8 with a 415', () => {
    expect(() => parseJsonBody(Buffer.from('{}', 'utf16le'), 'application/json; charset=utf-16le')).toThrow(UnsupportedMediaTypeException);
    expect(parseJsonBody(Buffer.from('{"a":1}'), 'application/json; charset=UTF-8')).toEqual({ a: 1 });
  });

  it('reads an empty body as {}, and refuses malformed JSON or a bare value with a 400', () => {
    expect(parseJsonBody(Buffer.from(' \n'), json)).toEqual({});
    expect(() => parseJsonBody(Buffer.from('{"a":'), json)).toThrow(MALFORMED_JSON);
    expect(() => parseJsonBody(Buffer.from('"text"'), json)).toThrow(MALFORMED_JSON);
  });
});
