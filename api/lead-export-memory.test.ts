/**
 * The staff CSV export streams, in bounded memory. 100,000 leads in
 * PostgreSQL go out, gzip and plain, from a server whose V8 heap (64 MB) has
 * room for a batch of them, not for all of them at once: holding every lead,
 * or the CSV as one text, runs it out of memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPgLeads } from "../bench/lib/lead-fixtures";
import { openStores } from "./store/open-stores";
import { startTestPostgres, type TestPostgres } from "./testing/postgres";
import { signIn } from "./testing/staff-client";
import { PROCESS_ORIGIN, startServerProcess, type ServerProcess } from "./testing/server-process";
import { tempDataDir } from "./testing/test-server";
import { LEAD_CSV_HEADER } from "../domain/leads-csv";

const STORED = 100_000;
const HEAP_MB = 64;

const started = await startTestPostgres();
const postgres: TestPostgres | null = "url" in started ? started : null;
let server: ServerProcess | undefined;
let url: string;
let cookie: string;

beforeAll(async () => {
  if (!postgres) return;
  const databaseUrl = await postgres.createDatabase();
  // Opened once to migrate it and add the account, then filled as the store writes leads.
  const stores = await openStores({ dataDir: "/nonexistent", databaseUrl, leadOrigins: [] });
  await stores.staff.accounts.add({ email: "sales@example.com", role: "sales", password: "sales password 1" });
  await stores.close();
  await insertPgLeads(databaseUrl, STORED);
  server = startServerProcess(await tempDataDir(), {
    PUBLIC_ORIGIN: PROCESS_ORIGIN,
    DATABASE_URL: databaseUrl,
    NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
  });
  url = await server.url;
  cookie = await signIn({ url, origin: PROCESS_ORIGIN } as Parameters<typeof signIn>[0], "sales@example.com", "sales password 1");
}, 120_000);

afterAll(async () => {
  server?.child.kill();
  await server?.exited;
  await postgres?.stop();
});

/** The rows of a CSV answer (its line ends: no fixture message has a line break), counted as it arrives, so the test holds no more of it than the server does. */
async function countRows(res: Response): Promise<{ rows: number; first: string }> {
  const decoder = new TextDecoder();
  let rows = 0;
  let first = "";
  for await (const chunk of res.body! as unknown as AsyncIterable<Uint8Array>) {
    const text = decoder.decode(chunk, { stream: true });
    if (!first) first = text.slice(0, text.indexOf("\r\n"));
    rows += text.split("\n").length - 1;
  }
  return { rows, first };
}

describe.runIf(postgres)(`the CSV export of ${STORED.toLocaleString("en")} leads, from a ${HEAP_MB} MB heap`, () => {
  it.each([
    ["gzip", "gzip"],
    ["identity", null],
  ])(
    "answers every lead (Accept-Encoding: %s) and the server goes on answering",
    async (accept, encoding) => {
      const res = await fetch(`${url}/api/staff/leads.csv`, { headers: { cookie, "accept-encoding": accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const { rows, first } = await countRows(res);
      expect(`${first}\r\n`).toBe(LEAD_CSV_HEADER);
      expect(rows).toBe(STORED + 1);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    },
    120_000,
  );
});
