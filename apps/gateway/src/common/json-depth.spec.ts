import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonNestsDeeperThan, refuseDeepJson } from './json-depth';

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

describe(refuseDeepJson.name, () => {
  const request = {} as IncomingMessage;
  const response = {} as ServerResponse;

  it('lets 32 levels through and refuses 33 with a 400', () => {
    expect(() => refuseDeepJson(request, response, bytes(arrays(32)), 'utf-8')).not.toThrow();
    expect(() => refuseDeepJson(request, response, bytes(arrays(33)), 'utf-8')).toThrow(BadRequestException);
    expect(() => refuseDeepJson(request, response, bytes(arrays(33)), 'utf-8')).toThrow('JSON nested too deeply: at most 32 levels');
  });

  it('refuses JSON in another encoding than UTF-8 with a 415', () => {
    expect(() => refuseDeepJson(request, response, Buffer.from('{}', 'utf16le'), 'utf-16le')).toThrow(UnsupportedMediaTypeException);
  });
});
