import type { Low } from "lowdb";

const ignore = () => {};

/**
 * A lowdb file written whole (steno's temp file and rename) whose saves
 * coalesce: a save made while a write is in flight shares the next write. The
 * same scheme as the lead segments (lead-segment.ts), for any data shape.
 */
export class CoalescedFile<T> {
  #version = 0;
  #landed = 0;
  #current: { promise: Promise<void>; version: number } | null = null;
  #next: Promise<void> | null = null;

  constructor(readonly db: Low<T>) {}

  get data(): T {
    return this.db.data;
  }

  /** Record a change to `data`; resolves once the file holds it. */
  save(): Promise<void> {
    this.#version++;
    return this.flush();
  }

  /** Resolves once the file holds every change recorded so far, writing (again, after a failure) if it must. */
  flush(): Promise<void> {
    if (this.#landed >= this.#version) return Promise.resolve();
    if (this.#next) return this.#next;
    if (!this.#current) return this.#start();
    if (this.#current.version >= this.#version) return this.#current.promise;
    this.#next = this.#current.promise.then(ignore, ignore).then(() => {
      this.#next = null;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<void> {
    const version = this.#version;
    const promise = (async () => {
      await this.db.write();
      this.#landed = Math.max(this.#landed, version);
    })();
    const current = { promise, version };
    this.#current = current;
    void promise.then(ignore, ignore).then(() => {
      if (this.#current === current) this.#current = null;
    });
    return promise;
  }
}
