import { afterAll } from "vitest";
import { startTestPostgres } from "./postgres";

export type Engine = "lowdb" | "postgres";

/** The PostgreSQL cluster of one test file, for tests that run on both engines. */
export interface SuitePostgres {
  /** Why this machine cannot run the PostgreSQL tests (they are skipped, and a warning says so); null when it can. */
  unavailable: string | null;
  /** A new, empty database on the cluster; its URL. */
  createDatabase(): Promise<string>;
  /** What puts a test server on `engine`: nothing for lowdb, a new database's DATABASE_URL for PostgreSQL. */
  engineEnv(engine: Engine): Promise<Record<string, string>>;
}

/**
 * Start the file's cluster (call it at the top of a test file) and stop it after the file's last test. Its afterAll
 * is registered before the file's own, and Vitest runs them last first, so the file's servers close before it stops.
 */
export async function postgresForSuite(): Promise<SuitePostgres> {
  const cluster = await startTestPostgres();
  afterAll(async () => {
    if ("stop" in cluster) await cluster.stop();
  });
  if ("unavailable" in cluster) {
    console.warn(`[test] PostgreSQL tests skipped: ${cluster.unavailable}`);
    const refuse = () => Promise.reject(new Error(`PostgreSQL is unavailable: ${cluster.unavailable}`));
    return { unavailable: cluster.unavailable, createDatabase: refuse, engineEnv: async (engine) => (engine === "lowdb" ? {} : refuse()) };
  }
  return {
    unavailable: null,
    createDatabase: () => cluster.createDatabase(),
    engineEnv: async (engine): Promise<Record<string, string>> => (engine === "lowdb" ? {} : { DATABASE_URL: await cluster.createDatabase() }),
  };
}
