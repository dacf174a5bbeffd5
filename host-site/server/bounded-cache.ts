/**
 * A map that holds at most `limit` bytes of values, as `weigh` counts them, forgetting the least recently used first:
 * for rendered answers, which a crawler walking every page of every site could otherwise keep without end. A value's
 * weight is counted again each time it is used (a body's compressed forms are added as they are made).
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  readonly #weigh: (value: V) => number;
  #bytes = 0;

  constructor(
    readonly limit: number,
    weigh: (value: V) => number,
  ) {
    this.#weigh = weigh;
  }

  /** How many values are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** How many bytes the kept values weigh. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The value under `key`, now the most recently used, or undefined. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recent last: a Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const bytes = this.#weigh(entry.value);
    if (bytes !== entry.bytes) {
      this.#bytes += bytes - entry.bytes;
      entry.bytes = bytes;
      this.#trim(key);
    }
    return entry.value;
  }

  /** Keep `value` under `key` (most recently used), forgetting the least recently used until the rest fit. */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.#weigh(value);
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#trim(key);
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Forget every value whose key `test` accepts. */
  deleteWhere(test: (key: K) => boolean): void {
    for (const key of [...this.#entries.keys()]) if (test(key)) this.delete(key);
  }

  /** Forget the least recently used values until the rest fit; the one just used (`keep`) goes last, if it alone is too heavy. */
  #trim(keep: K): void {
    for (const [key] of this.#entries) {
      if (this.#bytes <= this.limit) return;
      if (key !== keep) this.delete(key);
    }
    if (this.#bytes > this.limit) this.delete(keep);
  }
}
