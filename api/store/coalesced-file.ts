import type { Low } from "lowdb";

const ignore = () => {};

/**
 * A lowdb file always written whole (temp file, fsync and rename: durable-file.ts)
 * whose saves coalesce: a save made while a write is in flight shares the
 * next write, so a burst costs one serialisation per write rather than one
 * per change. Every store's file is one of these (the lead segments too).
 */
export class CoalescedFile<T> {
  /** Bumped by every recorded change. */
  #version = 0;
  /** The version the file on disk is known to hold. */
  #landed = 0;
  #current: { promise: Promise<void>; version: number } | null = null;
  #next: Promise<void> | null = null;
  #pending: () => readonly Promise<unknown>[] = () => [];

  constructor(
    readonly db: Low<T>,
    /** False when the file on disk does not hold `db.data` yet (it is written at the next flush). */
    onDisk = true,
  ) {
    if (!onDisk) this.#version = 1;
  }

  get data(): T {
    return this.db.data;
  }

  /** Whether the file holds every change recorded so far. */
  get durable(): boolean {
    return this.#landed >= this.#version;
  }

  /**
   * Every write of this file first waits for the writes `pending` names at that moment (the archives a segment's old
   * leads went to), and again for any it names after a wait: the file is serialised in the same turn as the check that
   * found none, so nothing moved out of it meanwhile (a segment rolled during the wait) can be missing from both files.
   */
  writeAfter(pending: () => readonly Promise<unknown>[]): void {
    this.#pending = pending;
  }

  /** Record a change to `data`; resolves once the file holds it. */
  save(): Promise<void> {
    this.#version++;
    return this.flush();
  }

  /** Resolves once the file holds every change recorded so far, writing (again, after a failure) if it must. */
  flush(): Promise<void> {
    if (this.durable) return Promise.resolve();
    if (this.#next) return this.#next;
    if (!this.#current) return this.#start();
    if (this.#current.version >= this.#version) return this.#current.promise;
    // The write in flight may have serialised before this change: one more write follows it.
    this.#next = this.#current.promise.then(ignore, ignore).then(() => {
      this.#next = null;
      return this.#start();
    });
    return this.#next;
  }

  #start(): Promise<void> {
    const version = this.#version;
    const promise = (async () => {
      for (let waits = this.#pending(); waits.length > 0; waits = this.#pending()) await Promise.all(waits);
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
