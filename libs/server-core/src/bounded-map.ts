/**
 * A Map of at most `limit` entries, for what a process remembers to save a round trip (recent answers,
 * never the only copy of anything): adding a new key to a full map starts it over, so a burst of
 * distinct keys never grows it without bound.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
