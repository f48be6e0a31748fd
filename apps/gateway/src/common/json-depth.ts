import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import { MAX_INPUT_DEPTH } from '@quotebook/server-core';

export const MALFORMED_JSON = 'Malformed JSON in request body';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, read from its UTF-8 bytes without
 * parsing: brackets and braces count outside strings only. Every byte of a multi-byte UTF-8
 * character is 0x80 or above, so none of them is mistaken for one of these marks.
 */
export function jsonNestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (inString) {
      if (byte === BACKSLASH) index += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/** The charset a request's Content-Type names, lower-cased; none named is UTF-8, JSON's own encoding. */
function charsetOf(contentType: string | undefined): string {
  const named = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  return named ? named.toLowerCase() : 'utf-8';
}

/**
 * A JSON request body, checked before JSON.parse: a body nested deeper than any request needs is a
 * 400 before a parser, transformer or validator can recurse into it; JSON is exchanged as UTF-8
 * (RFC 8259), the only encoding this check can read byte by byte. As before the HTTP layer changed:
 * an empty body is `{}`, and the body must be an object or an array.
 */
export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  if (!/^utf-?8$/.test(charsetOf(contentType))) throw new UnsupportedMediaTypeException('JSON request bodies must be UTF-8');
  const text = body.toString('utf8');
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
  if (first !== '{' && first !== '[') throw new BadRequestException(MALFORMED_JSON);
  if (jsonNestsDeeperThan(body, MAX_INPUT_DEPTH)) {
    throw new BadRequestException(`JSON nested too deeply: at most ${MAX_INPUT_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(MALFORMED_JSON);
  }
}
