import { rm } from "node:fs/promises";
import { openStores, type Stores } from "../store/open-stores";
import { startTestPostgres, type TestPostgres } from "./postgres";
import { tempDataDir } from "./test-server";

/** How a test opens the stores: the clock, the start-up lead origins, PUBLIC_ORIGIN (seeded among the first site's domains). */
export interface OpenOptions {
  now?: () => number;
  leadOrigins?: string[];
  publicOrigin?: string;
}

/**
 * The storage engines a store contract test runs against: lowdb always, and
 * PostgreSQL on a throw-away cluster when one can be started (else the reason
 * it cannot, which the tests print as they skip).
 */
export interface EngineUnderTest {
  name: "lowdb" | "postgres";
  /** Why this engine's tests are skipped, or null. */
  unavailable: string | null;
  /** A new place to store data (an empty folder or database), opened by `open`. */
  fresh(): Promise<string>;
  /** Open the stores over a place `fresh` gave, as a server would (again for a restart, or twice for two instances). */
  open(place: string, options?: OpenOptions): Promise<Stores>;
}

export interface Engines {
  engines: EngineUnderTest[];
  postgres: TestPostgres | null;
  /** Close every store opened, remove every folder, stop the cluster. */
  stop(): Promise<void>;
}

export async function storeEngines(): Promise<Engines> {
  const started = await startTestPostgres();
  const postgres = "url" in started ? started : null;
  const unavailable = "unavailable" in started ? started.unavailable : null;
  if (unavailable) console.warn(`[test] PostgreSQL tests skipped: ${unavailable}`);
  const opened: Stores[] = [];
  const dirs: string[] = [];
  const open = async (place: string, engine: "lowdb" | "postgres", options: OpenOptions = {}) => {
    const stores = await openStores({
      dataDir: engine === "lowdb" ? place : "/nonexistent",
      databaseUrl: engine === "postgres" ? place : null,
      leadOrigins: options.leadOrigins ?? [],
      publicOrigin: options.publicOrigin,
      now: options.now,
    });
    opened.push(stores);
    return stores;
  };
  return {
    postgres,
    engines: [
      {
        name: "lowdb",
        unavailable: null,
        fresh: async () => {
          const d = await tempDataDir();
          dirs.push(d);
          return d;
        },
        open: (place, options) => open(place, "lowdb", options),
      },
      {
        name: "postgres",
        unavailable,
        fresh: () => postgres!.createDatabase(),
        open: (place, options) => open(place, "postgres", options),
      },
    ],
    async stop() {
      for (const s of opened.splice(0)) await s.close().catch(() => {});
      for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
      await postgres?.stop();
    },
  };
}
