/**
 * The inventory CSV import at scale: the time the server takes to preview a file of `sizes` new carts
 * and to import it once confirmed (one all-or-none write and an audit entry per cart), through the real staff API
 * over HTTP, on lowdb and, where a cluster can start, PostgreSQL. The smaller size is the peer the larger is
 * compared with, in the same run; medians over `rounds` files, each of new stock numbers.
 */
import { performance } from "node:perf_hooks";
import { inventoryCsv } from "../domain/inventory-csv";
import { sheetUnits } from "../domain/testing/inventory-sheet";
import { startTestPostgres, type TestPostgres } from "../api/testing/postgres";
import { signIn } from "../api/testing/staff-client";
import { startTestServer, type TestServer } from "../api/testing/test-server";
import { table } from "./lib/markdown-table";

export interface CsvImportSettings {
  sizes: readonly number[];
  rounds: number;
}

export interface CsvImportCase {
  engine: "lowdb" | "postgres";
  rows: number;
  bytes: number;
  previewMedianMs: number;
  importMedianMs: number;
}

export interface CsvImportResults {
  sizes: readonly number[];
  rounds: number;
  cases: CsvImportCase[];
  /** Why PostgreSQL was not measured, or null. */
  postgresUnavailable: string | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t: number) => Math.round(t * 10) / 10;
const ACCOUNT = { email: "bench@example.com", password: "bench's password 1234" };

async function timeImports(s: TestServer, engine: CsvImportCase["engine"], { sizes, rounds }: CsvImportSettings, log: (line: string) => void) {
  await s.staff.accounts.add({ ...ACCOUNT, role: "owner" });
  const cookie = await signIn(s, ACCOUNT.email, ACCOUNT.password);
  const post = (path: string, csv: string, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/api/staff/inventory-csv/${path}`, {
      method: "POST",
      headers: { "content-type": "text/csv", origin: s.origin, cookie, ...headers },
      body: csv,
    });
  const cases: CsvImportCase[] = [];
  for (const rows of sizes) {
    const previews: number[] = [];
    const imports: number[] = [];
    let bytes = 0;
    for (let round = 0; round < rounds; round++) {
      const csv = inventoryCsv(sheetUnits(rows, { prefix: `B${rows}R${round}` }));
      bytes = Buffer.byteLength(csv);
      let t = performance.now();
      const preview = await post("preview", csv);
      const { tag, counts } = (await preview.json()) as { tag: string; counts: { create: number } };
      previews.push(performance.now() - t);
      if (preview.status !== 200 || counts.create !== rows) throw new Error(`csv-import: the preview of ${rows} rows answered ${preview.status}`);
      t = performance.now();
      const done = await post("import", csv, { "if-match": tag });
      await done.arrayBuffer();
      imports.push(performance.now() - t);
      if (done.status !== 200) throw new Error(`csv-import: the import of ${rows} rows answered ${done.status}`);
    }
    const c = { engine, rows, bytes, previewMedianMs: ms(median(previews)), importMedianMs: ms(median(imports)) };
    log(`csv-import: ${engine}, ${rows} rows (${Math.round(bytes / 1024)} kB): preview ${c.previewMedianMs} ms, import ${c.importMedianMs} ms`);
    cases.push(c);
  }
  return cases;
}

export async function benchCsvImport(settings: CsvImportSettings, log: (line: string) => void): Promise<CsvImportResults> {
  const cases: CsvImportCase[] = [];
  const lowdb = await startTestServer();
  try {
    cases.push(...(await timeImports(lowdb, "lowdb", settings, log)));
  } finally {
    await lowdb.close();
  }
  const started = await startTestPostgres();
  const cluster: TestPostgres | null = "url" in started ? started : null;
  if (cluster) {
    const pg = await startTestServer({ DATABASE_URL: await cluster.createDatabase() });
    try {
      cases.push(...(await timeImports(pg, "postgres", settings, log)));
    } finally {
      await pg.close();
      await cluster.stop();
    }
  } else log(`csv-import: PostgreSQL not measured: ${"unavailable" in started ? started.unavailable : ""}`);
  return { ...settings, cases, postgresUnavailable: "unavailable" in started ? started.unavailable : null };
}

/** The report's section: each size's times, and the largest against the smallest of the same engine. */
export function csvImportMarkdown(r: CsvImportResults): string[] {
  const smallest = (engine: string) => r.cases.find((c) => c.engine === engine && c.rows === Math.min(...r.sizes))!;
  return [
    "",
    `## Inventory CSV import: files of ${r.sizes.join(" and ")} new carts, median of ${r.rounds}`,
    "",
    "Through the staff API over HTTP: the preview (read, check every row, plan), then the import once confirmed (planned again on the committed catalogue, one all-or-none write, an audit entry per cart).",
    ...(r.postgresUnavailable ? ["", `PostgreSQL was not measured: ${r.postgresUnavailable}.`] : []),
    "",
    table(
      ["Engine", "Rows", "File (kB)", "Preview (ms)", "Import (ms)", "Preview / smallest", "Import / smallest"],
      r.cases.map((c) => [
        c.engine,
        c.rows,
        Math.round(c.bytes / 1024),
        c.previewMedianMs,
        c.importMedianMs,
        `${(c.previewMedianMs / smallest(c.engine).previewMedianMs).toFixed(1)}×`,
        `${(c.importMedianMs / smallest(c.engine).importMedianMs).toFixed(1)}×`,
      ]),
    ),
  ];
}
