/**
 * An answer that is JSON already (the items of list pages as the services wrote them, UTF-8): the HTTP
 * adapter sends its bytes as they are, as application/json, instead of serializing it. The JSON is the
 * concatenation of `parts` (pages joined without copying them). `T` is what the JSON holds, so a route
 * still declares what it answers.
 */
export class JsonText<T> {
  /** never set: ties the JSON to the type it holds */
  declare readonly holds?: T;

  readonly byteLength: number;

  constructor(readonly parts: readonly Buffer[]) {
    this.byteLength = parts.reduce((sum, part) => sum + part.length, 0);
  }

  /** The JSON as text (for tests and logs; the answer itself is never decoded). */
  get text(): string {
    return Buffer.concat(this.parts).toString('utf8');
  }
}

/**
 * A JSON object of `fields` (written as JSON.stringify writes them) followed by `texts`, fields whose
 * values are JSON already (passed on as they are): `{"from":…,"to":…,"entries":[…]}` with the entries
 * never decoded. `fields` must hold at least one field the answer's type names.
 */
export function jsonObject<T>(fields: Partial<Record<keyof T, unknown>>, texts: Partial<Record<keyof T, JsonText<unknown>>>): JsonText<T> {
  const head = JSON.stringify(fields);
  const parts: Buffer[] = [Buffer.from(head.slice(0, -1), 'utf8')];
  let first = head === '{}';
  for (const [name, text] of Object.entries(texts) as Array<[string, JsonText<unknown>]>) {
    parts.push(Buffer.from(`${first ? '' : ','}${JSON.stringify(name)}:`, 'utf8'), ...text.parts);
    first = false;
  }
  parts.push(Buffer.from('}', 'utf8'));
  return new JsonText<T>(parts);
}
