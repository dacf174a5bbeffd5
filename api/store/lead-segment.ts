import type { Low } from "lowdb";
import type { Lead } from "../../domain/lead";

export interface LeadsFile {
  leads: Lead[];
}

const ignore = () => {};

/**
 * One lowdb file of leads, always written whole (temp file, fsync and
 * rename). Saves made while a write is in flight share the next write, so a
 * burst costs one serialisation per write rather than one per lead.
 */
export class LeadSegment {
  /** Bumped by every recorded change. */
  #version = 0;
  /** The version the file on disk is known to hold. */
  #landed = 0;
  #current: { promise: Promise<void>; version: number } | null = null;
  #next: Promise<void> | null = null;
  #before: () => Promise<unknown> = () => Promise.resolve();

  constructor(
    readonly db: Low<LeadsFile>,
    /** True when the file on disk already holds `db.data`. */
    onDisk: boolean,
  ) {
    if (!onDisk) this.#version = 1;
  }

  get leads(): Lead[] {
    return this.db.data.leads;
  }

  /** Whether the file holds every change recorded so far. */
  get durable(): boolean {
    return this.#landed >= this.#version;
  }

  /** Every write of this file first waits for `before` (e.g. archives its old leads went to). */
  writeAfter(before: () => Promise<unknown>): void {
    this.#before = before;
  }

  /** Record a change to `leads`; resolves once the file holds it. */
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
      await this.#before();
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
