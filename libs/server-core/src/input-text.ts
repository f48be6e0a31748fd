/**
 * How deep request JSON may nest. No request of the API needs more than a few levels; a limit far
 * below what exhausts a recursive walk keeps every parser, transformer and validator safe.
 */
export const MAX_INPUT_DEPTH = 32;

/** The most problems one answer lists: enough to name the fields, never a message as large as the input. */
const MAX_PROBLEMS = 20;

/**
 * Text that is not text: U+0000 (PostgreSQL cannot store it) and a UTF-16 surrogate without its pair
 * (it encodes no character, and UTF-8 encoders, e-mail and database drivers choke on it).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const INVALID_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isInvalidText(text: string): boolean {
  return INVALID_TEXT.test(text);
}

/**
 * One message per problem found in a request value, each naming where it is: a string with invalid
 * characters ("titles.en contains invalid characters"), a property name with them, or nesting deeper
 * than MAX_INPUT_DEPTH. `name` is the value's own name, "" for a body whose properties name themselves.
 */
export function inputProblems(value: unknown, name = ''): string[] {
  const problems: string[] = [];
  collectProblems(value, name, 1, problems);
  return problems;
}

function collectProblems(value: unknown, path: string, level: number, problems: string[]): void {
  if (problems.length >= MAX_PROBLEMS) return;
  const where = path || 'the request';
  if (typeof value === 'string') {
    if (isInvalidText(value)) problems.push(`${where} contains invalid characters`);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (level > MAX_INPUT_DEPTH) {
    problems.push(`${where} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isInvalidText(key)) {
      problems.push(`${where} has a property name with invalid characters`);
      continue;
    }
    collectProblems(item, path ? `${path}.${key}` : key, level + 1, problems);
    if (problems.length >= MAX_PROBLEMS) return;
  }
}
