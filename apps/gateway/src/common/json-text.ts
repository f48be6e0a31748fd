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
