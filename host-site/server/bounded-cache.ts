/**
 * A map that keeps at most `limit` entries, forgetting the least recently
 * used: for answers keyed by a query string, which a crawler could otherwise
 * vary without end.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value under `key`, made by `make` (and kept) when there is none. */
  get(key: K, make: () => V): V {
    const found = this.#entries.get(key);
    if (found !== undefined) {
      // Most recent last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      return found;
    }
    const made = make();
    this.#entries.set(key, made);
    if (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
    return made;
  }

  clear(): void {
    this.#entries.clear();
  }
}
