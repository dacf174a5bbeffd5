import type { PreparedBody } from "../../api/prepared/prepared-body";
import type { CacheReport } from "../../api/routes/health";
import { fingerprint } from "../../domain/fingerprint";
import type { Catalogue } from "../../domain/catalogue";
import { BoundedCache } from "./bounded-cache";

/** One read a page made of the catalogue: a method and its arguments, or a property (no arguments). */
interface Read {
  name: string;
  args?: unknown[];
}

/** An answer kept with what it was made from, so a change that leaves its inputs alone keeps its bytes. */
interface Kept {
  /** The version of its site's catalogue view it was last found current for. */
  version: number;
  /** The fingerprint of its inputs (domain/fingerprint.ts). */
  print: string;
  answer: { body: PreparedBody };
  /** For a page made from the catalogue: the reads it made, asked again of a later catalogue to check it (tracked). */
  reads?: Read[];
}

/** What `read` gives on `catalogue`, as its fingerprint reads it: the whole list stands for itself by its content key. */
function readOn(catalogue: Catalogue, { name, args }: Read): unknown {
  if (name === "vehicles") return catalogue.contentKey;
  const member = (catalogue as unknown as Record<string, unknown>)[name];
  return args && typeof member === "function" ? (member as (...a: unknown[]) => unknown).apply(catalogue, args) : member;
}

/** `catalogue`, recording in `reads` every method called and property read on it. */
function recording(catalogue: Catalogue, reads: Read[]): Catalogue {
  return new Proxy(catalogue, {
    get(target, name) {
      const member: unknown = Reflect.get(target, name, target);
      if (typeof name !== "string") return member;
      if (typeof member !== "function") {
        reads.push({ name });
        return member;
      }
      return (...args: unknown[]) => {
        reads.push({ name, args });
        return (member as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export type { CacheReport };

/** The default bound (PAGE_CACHE_MB's default), for tools and tests that do not set one. */
export const DEFAULT_PAGE_CACHE_BYTES = 128 * 1024 * 1024;

/** What a kept answer's key and record cost beside its bytes. */
const ENTRY_OVERHEAD = 256;

/**
 * Every site's rendered answers (pages, feeds, query variants) in one cache bounded in bytes, the least recently used
 * forgotten first. An answer is kept with the fingerprint of what it was made from: after a change to the catalogue,
 * the next request works out its inputs again (cheap: the catalogue's derivations are shared by every site showing the
 * same carts) and renders only when they differ, so an edit costs the pages it alters, not sites × pages.
 */
export class PageCache {
  readonly #kept: BoundedCache<string, Kept>;

  constructor(limitBytes = DEFAULT_PAGE_CACHE_BYTES) {
    this.#kept = new BoundedCache(limitBytes, (k) => k.answer.body.held + ENTRY_OVERHEAD);
  }

  /**
   * The answer under `key` for `version`: kept, or kept again when `inputs()` has the fingerprint it was made from, or
   * made by `make` from those inputs and kept.
   */
  answer<I, A extends { body: PreparedBody }>(key: string, version: number, inputs: () => I, make: (inputs: I) => A): A {
    const kept = this.#kept.get(key);
    if (kept && kept.version === version) return kept.answer as A;
    const given = inputs();
    const print = fingerprint(given);
    if (kept && kept.print === print) {
      kept.version = version;
      return kept.answer as A;
    }
    const answer = make(given);
    this.#kept.set(key, { version, print, answer });
    return answer;
  }

  /**
   * The answer under `key` for `version`, made by `make` from `catalogue` (and the caller's own fixed inputs: its site
   * and query). The reads `make` made of the catalogue are recorded; when the answer is older than `version`, the same
   * reads are asked of the current catalogue (cheap: its derivations are shared by every site), and the answer is
   * made again only when what they give differs.
   */
  tracked<A extends { body: PreparedBody }>(key: string, version: number, catalogue: Catalogue, make: (catalogue: Catalogue) => A): A {
    const kept = this.#kept.get(key);
    if (kept && kept.version === version) return kept.answer as A;
    if (kept?.reads && fingerprint(kept.reads.map((r) => readOn(catalogue, r))) === kept.print) {
      kept.version = version;
      return kept.answer as A;
    }
    const reads: Read[] = [];
    const answer = make(recording(catalogue, reads));
    this.#kept.set(key, { version, print: fingerprint(reads.map((r) => readOn(catalogue, r))), answer, reads });
    return answer;
  }

  /** Forget every answer whose key starts with `prefix` (a site's, when it changes or goes). */
  forget(prefix: string): void {
    this.#kept.deleteWhere((key) => key.startsWith(prefix));
  }

  report(): CacheReport {
    return { entries: this.#kept.size, bytes: this.#kept.bytes, limitBytes: this.#kept.limit };
  }
}
