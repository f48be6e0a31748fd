import { escapeLiteral } from 'pg';
import { BoundedMap } from './bounded-map';

// pg's own conversion of a parameter to its text form (untyped module)
const { prepareValue } = require('pg/lib/utils') as { prepareValue: (value: unknown) => unknown };

/**
 * A parameter as an SQL literal, converted exactly as pg converts it for the extended protocol
 * (dates, arrays, JSON, buffers), then quoted. An untyped literal takes its type from where it
 * stands, as a parameter does.
 */
export function sqlLiteral(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  const text = String(prepared);
  if (text.includes('\u0000')) throw new NulInTextError();
  return escapeLiteral(text);
}

/**
 * What PostgreSQL answers for a parameter whose text holds a NUL (SQLSTATE 22021). Inlined, the NUL
 * would instead cut the simple-protocol message (a C string): the server refuses the whole message as
 * malformed (08P01), failing every statement sent with it, so the literal is refused here with the
 * server's own code.
 */
class NulInTextError extends Error {
  readonly code = '22021';
  constructor() {
    super('invalid byte sequence for encoding "UTF8": 0x00');
    this.name = NulInTextError.name;
  }
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const startsIdentifier = (char: string | undefined) => char !== undefined && /[A-Za-z_\u0080-\uffff]/.test(char);

/** Where the quoted text that opens at `start` with `quote` ends (after its closing quote). */
function endOfQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let index = start + 1;
  while (index < text.length) {
    const char = text[index];
    if (backslashEscapes && char === '\\') index += 2;
    else if (char === quote && text[index + 1] === quote) index += 2;
    else if (char === quote) return index + 1;
    else index += 1;
  }
  throw new Error('Unterminated quoted text in SQL');
}

/**
 * `text` with its parameters `$1`, `$2`, … replaced by `values` as literals, so that the statement can
 * travel in a simple-protocol message together with others. String literals, quoted identifiers,
 * dollar-quoted bodies and comments are left alone. A parameter without a value is an error.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string {
  const { texts, positions } = slotsOf(text);
  let out = texts[0];
  for (let slot = 0; slot < positions.length; slot += 1) {
    const position = positions[slot];
    if (position < 1 || position > values.length) throw new Error(`SQL parameter $${position} has no value`);
    out += sqlLiteral(values[position - 1]) + texts[slot + 1];
  }
  return out;
}

/** A statement cut at its parameters: `texts[0]`, then parameter `positions[i]` (from 1) and `texts[i + 1]`, for each i. */
interface StatementSlots {
  texts: string[];
  positions: number[];
}

/** Statements cut so far: a service sends the same few texts again and again, each with other values. */
const slotsOfStatements = new BoundedMap<string, StatementSlots>(500);
/** A longer text (a statement built for its values) is cut on each call rather than remembered. */
const LONGEST_TEXT_KEPT = 8192;

function slotsOf(text: string): StatementSlots {
  let slots = slotsOfStatements.get(text);
  if (slots === undefined) {
    slots = cutAtParameters(text);
    if (text.length <= LONGEST_TEXT_KEPT) slotsOfStatements.set(text, slots);
  }
  return slots;
}

/** `text` cut at its parameters (see StatementSlots); fails on text left open (a quote, a comment). */
function cutAtParameters(text: string): StatementSlots {
  const texts: string[] = [];
  const positions: number[] = [];
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    const next = text[index + 1];
    if (char === "'") {
      const escaped = index > 0 && /[eE]/.test(text[index - 1] ?? '') && !startsIdentifier(text[index - 2]) && !isDigit(text[index - 2]);
      index = endOfQuoted(text, index, "'", escaped);
    } else if (char === '"') {
      index = endOfQuoted(text, index, '"', false);
    } else if (char === '-' && next === '-') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end + 1;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', index + 2);
      if (end === -1) throw new Error('Unterminated comment in SQL');
      index = end + 2;
    } else if (char === '$' && isDigit(next) && !startsIdentifier(text[index - 1]) && !isDigit(text[index - 1])) {
      let end = index + 1;
      while (isDigit(text[end])) end += 1;
      texts.push(text.slice(copied, index));
      positions.push(Number(text.slice(index + 1, end)));
      copied = end;
      index = end;
    } else if (char === '$' && (next === '$' || startsIdentifier(next)) && !startsIdentifier(text[index - 1]) && !isDigit(text[index - 1])) {
      const tagEnd = text.indexOf('$', index + 1);
      const tag = tagEnd === -1 ? '' : text.slice(index, tagEnd + 1);
      if (!/^\$[A-Za-z_\u0080-\uffff0-9]*\$$/.test(tag)) {
        index += 1;
        continue;
      }
      const close = text.indexOf(tag, tagEnd + 1);
      if (close === -1) throw new Error('Unterminated dollar-quoted text in SQL');
      index = close + tag.length;
    } else {
      index += 1;
    }
  }
  texts.push(text.slice(copied));
  return { texts, positions };
}
