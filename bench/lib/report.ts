import type { PostgresResults } from "../postgres";
import { cpuPerRequestUs, type LoadFigures } from "./load";
import { scalePagesMarkdown, type ScalePagesResults } from "../scale-pages";
import type { ApiResults } from "../api";
import type { CatalogueResults } from "../catalogue";
import { feedsMarkdown, type FeedsResults } from "../scale-feeds";
import { csvImportMarkdown, type CsvImportResults } from "../csv-import";
import { inventorySyncMarkdown, type InventorySyncResults } from "../inventory-sync";
import type { InboxResults } from "../inbox";
import type { PhotosResults } from "../photos";
import type { PhotosLoadResults } from "../photos-load";
import type { LeadsResults } from "../leads";
import { rentalsMarkdown, type RentalsResults } from "../rentals";
import { rentalJournalMarkdown, type RentalJournalResults } from "../rental-journal";
import { editLoadMarkdown, type EditLoadResults } from "../edit-load";
import { crawlRssMarkdown, type CrawlRssResults } from "../crawl-rss";
import type { SitesResults } from "../sites";
import type { WidgetsResults } from "../widgets";
import { scaleInventoryMarkdown, type ScaleInventoryResults } from "../scale-inventory";
import { scaleLeadsMarkdown, type ScaleLeadsResults } from "../scale-leads";
import type { Machine } from "./machine";
import { table } from "./markdown-table";

/** Everything one run measured, as written to bench/results/latest.json. */
export interface BenchResults {
  mode: "full" | "smoke";
  machine: Machine;
  /** The commit measured as "ours-baseline", when the run had --baseline. */
  baseline: string | null;
  api?: ApiResults;
  leads?: LeadsResults;
  widgets?: WidgetsResults;
  catalogue?: CatalogueResults;
  inbox?: InboxResults;
  photos?: PhotosResults;
  photosLoad?: PhotosLoadResults;
  postgres?: PostgresResults;
  scaleInventory?: ScaleInventoryResults;
  sites?: SitesResults;
  scalePages?: ScalePagesResults;
  scaleLeads?: ScaleLeadsResults;
  feeds?: FeedsResults;
  rentals?: RentalsResults;
  rentalJournal?: RentalJournalResults;
  csvImport?: CsvImportResults;
  editLoad?: EditLoadResults;
  crawlRss?: CrawlRssResults;
  inventorySync?: InventorySyncResults;
}

/** A load run's row: throughput, latency, the server's CPU (in all and per request) and the load generator's. */
const loadRow = (name: string, f: LoadFigures) => [name, f.rps, f.p50Ms, f.p99Ms, f.serverCpuPercent, cpuPerRequestUs(f), f.loadCpuPercent];

const times = (n: number | null | undefined) => (n === null || n === undefined ? null : `${n}×`);
const kB = (bytes: number | undefined) => (bytes === undefined ? null : (bytes / 1000).toFixed(1));
const ENDPOINT_PATH = { list: "GET /api/vehicles", one: "GET /api/vehicles/:id" } as const;

/** The run as markdown: one section per part, ratios first. */
export function toMarkdown(r: BenchResults): string {
  const m = r.machine;
  const out: string[] = [
    `# Benchmark run (${r.mode})`,
    "",
    `${m.date} · commit ${m.commit}${m.dirty ? " + uncommitted changes" : ""}${r.baseline ? ` · baseline ${r.baseline}` : ""} · ${m.nproc} CPUs (${m.cpuModel}) · ${m.memoryGiB} GiB · Node ${m.node} · ${m.platform} · load average ${m.loadAverage} at start`,
  ];
  if (r.api) {
    const a = r.api;
    out.push(
      "",
      `## API: ${a.connections} connections, ${a.durationSeconds} s per run, ${a.rounds} round(s)`,
      "",
      "Ratios: the median over rounds of our req/s over the peer's in the same round. Second table: each server's median round; server CPU in % of one core (near 100: the server is the limit; well under: the load generator is).",
      "",
    );
    out.push(
      table(
        ["Endpoint", "×json-server", "×bare", r.baseline ? "×baseline" : "", "our p99 ms", "goals met"].filter(Boolean),
        (["list", "one"] as const).map((e) => {
          const v = a.verdicts[e];
          return [
            ENDPOINT_PATH[e],
            times(v.timesJsonServer),
            times(v.timesBare),
            ...(r.baseline ? [times(v.timesBaseline)] : []),
            v.p99Ms,
            v.goalsMet ? "yes" : "no",
          ];
        }),
      ),
      "",
      table(
        ["Endpoint", "Server", "req/s", "p50 ms", "p99 ms", "Server CPU %", "Encoding", "Errors"],
        a.cases.map((c) => [
          ENDPOINT_PATH[c.endpoint],
          c.server,
          c.median.rps,
          c.median.p50Ms,
          c.median.p99Ms,
          c.median.serverCpuPercent,
          c.encoding,
          c.median.errors + c.median.non2xx,
        ]),
      ),
    );
  }
  if (r.leads) {
    const l = r.leads;
    out.push("", `## Leads: POST /api/contact, ${l.connections} connections, ${l.durationSeconds} s per run`, "");
    out.push(
      table(
        ["Server", "Stored before", "leads/s", "p50 ms", "p99 ms", "Server CPU %", "Start-up ms", "Restart ms", "Added on disk"],
        l.cases.map((c) => [
          c.server,
          c.stored.toLocaleString("en-US"),
          c.figures.rps,
          c.figures.p50Ms,
          c.figures.p99Ms,
          c.figures.serverCpuPercent,
          c.startupMs,
          c.restartMs,
          c.added,
        ]),
      ),
      "",
      `Rate at the largest size over the rate with none stored: ${Object.entries(l.flatness)
        .map(([s, f]) => `${s} ${times(f)}`)
        .join(", ")}.`,
    );
  }
  if (r.widgets) {
    const w = r.widgets;
    out.push("", "## Widgets: kB, gzip (zlib default level, as served)", "");
    out.push(
      table(
        ["Script", "preact/compat", "react-dom", "react ÷ preact", "From", "Note"],
        [
          ...w.scripts.map((s) => [s.script, kB(s.preact?.gzipBytes), kB(s.react?.gzipBytes), times(s.reactTimesPreact), s.preactFrom, s.error ?? ""]),
          [
            "floor: r2wc + one trivial component",
            kB(w.floor.preact.gzipBytes),
            kB(w.floor.react.gzipBytes),
            times(w.floor.reactTimesPreact),
            "bench build",
            "",
          ],
        ],
      ),
    );
  }
  if (r.catalogue) {
    const c = r.catalogue;
    out.push("", `## Catalogue writes: a price change through the staff API, ${c.writes} writes one after another`, "");
    out.push(
      `From a write's 2xx until all of ${c.pages.join(", ")} serve the new price: median ${c.propagation.medianMs} ms, p95 ${c.propagation.p95Ms} ms, max ${c.propagation.maxMs} ms (goal: p95 under 1,000 ms).`,
      "",
      table(
        ["GET /api/vehicles", "req/s", "p50 ms", "p99 ms", "Server CPU %", "Errors"],
        [
          ["quiet", c.reads.quiet.rps, c.reads.quiet.p50Ms, c.reads.quiet.p99Ms, c.reads.quiet.serverCpuPercent, c.reads.quiet.errors + c.reads.quiet.non2xx],
          [
            `during ${c.reads.writesDuring} writes`,
            c.reads.duringWrites.rps,
            c.reads.duringWrites.p50Ms,
            c.reads.duringWrites.p99Ms,
            c.reads.duringWrites.serverCpuPercent,
            c.reads.duringWrites.errors + c.reads.duringWrites.non2xx,
          ],
        ],
      ),
      "",
      `Reads during writes over quiet reads: ${times(c.reads.ratio)} (goal: at least 0.8×).`,
    );
  }
  if (r.inbox) {
    const b = r.inbox;
    out.push(
      "",
      `## Leads inbox: GET /api/staff/leads with ${b.stored.toLocaleString("en-US")} stored leads, one connection, ${b.durationSeconds} s per case`,
      "",
    );
    out.push(
      table(
        ["Request", "p50 ms", "p99 ms", "req/s", "Server CPU %", "Errors"],
        b.cases.map((c) => [
          `${c.name}: \`${c.path}\``,
          c.figures.p50Ms,
          c.figures.p99Ms,
          c.figures.rps,
          c.figures.serverCpuPercent,
          c.figures.errors + c.figures.non2xx,
        ]),
      ),
      "",
      "Goal: the first page under 200 ms.",
    );
  }
  if (r.photosLoad) {
    const p = r.photosLoad;
    out.push(
      "",
      `## GET / while ${p.uploads} photo uploads are kept in flight, ${p.connections} connections, ${p.durationSeconds} s each (load average ${p.loadAverage.join(", ")})`,
      "",
      table(
        ["PHOTO_ENCODING", "quiet req/s", "quiet p99 ms", "during req/s", "during p99 ms", "photos done", "throughput ×", "p99 ×"],
        p.cases.map((c) => [
          c.encoding,
          c.quiet.rps,
          c.quiet.p99Ms,
          c.duringUploads.rps,
          c.duringUploads.p99Ms,
          c.photosDone,
          c.throughputRatio ?? "–",
          c.p99Ratio ?? "–",
        ]),
      ),
      "",
      "Goal: during uploads ≥ 0.8× the quiet throughput and a p99 ≤ 3× the quiet one.",
    );
  }
  if (r.photos) {
    const p = r.photos;
    out.push("", `## Photos: one 12 MP phone JPEG (${kB(p.inputBytes)} kB) through the upload pipeline, ${p.rounds} round(s)`, "");
    out.push(
      `Median ${p.medianMs} ms, max ${p.maxMs} ms (goal: under 3,000 ms); CPU time per photo (all threads) ${p.medianCpuMs} ms.`,
      "",
      table(
        ["File served", "kB"],
        p.files.map((f) => [f.name, kB(f.bytes)]),
      ),
    );
  }
  if (r.postgres) {
    const g = r.postgres;
    out.push("", "## PostgreSQL beside lowdb", "");
    if (g.unavailable) out.push(`Not measured: ${g.unavailable}.`);
    else {
      const row = (what: string, f: { rps: number; p99Ms: number; serverCpuPercent: number | null } | undefined) => [
        what,
        f?.rps,
        f?.p99Ms,
        f?.serverCpuPercent,
      ];
      out.push(
        table(
          ["Case", "req/s", "p99 ms", "server CPU %"],
          [
            row("GET /api/vehicles, lowdb", g.vehicles?.lowdb),
            row("GET /api/vehicles, PostgreSQL", g.vehicles?.postgres),
            row("POST /api/contact, lowdb", g.leads?.lowdb),
            row("POST /api/contact, PostgreSQL, one server", g.leads?.postgresOne),
            ...(g.leads?.postgresTwo.each ?? []).map((f, i) => row(`POST /api/contact, PostgreSQL, two servers: server ${i + 1}`, f)),
            ["POST /api/contact, PostgreSQL, two servers together", g.leads?.postgresTwo.rps, null, null],
          ],
        ),
        "",
        g.propagation
          ? `A catalogue change through one server (staff PUT) served by the other's GET /api/vehicles/:id: median ${g.propagation.medianMs} ms, p95 ${g.propagation.p95Ms} ms, max ${g.propagation.maxMs} ms over ${g.propagation.changes} changes (goal: under 1,000 ms).`
          : "",
      );
    }
  }
  if (r.scaleInventory) out.push(...scaleInventoryMarkdown(r.scaleInventory, table));
  if (r.sites) {
    const s = r.sites;
    const t = s.throughput;
    out.push("", `## ${s.sites} sites from one deployment beside one site`, "");
    out.push(
      `Memory after a full GC (one server process each): once started, and once each site's \`/\` and \`/inventory\` were asked for.`,
      "",
      table(
        ["Server", "Sites asked", "RSS MB started", "RSS MB warmed", "Heap MB started", "Heap MB warmed"],
        s.memory.map((m) => [m.name, `${m.sitesWarmed} of ${m.sitesServed}`, m.started.rssMB, m.warmed.rssMB, m.started.heapUsedMB, m.warmed.heapUsedMB]),
      ),
      "",
      `\`GET /\` as a browser asks it (gzip, br), ${t.connections} connections, ${t.durationSeconds} s per run, median of ${t.rounds} round(s), the servers taking turns:`,
      "",
      table(
        ["Case", "req/s", "p50 ms", "p99 ms", "Server CPU %", "Server CPU µs a request", "Load generator CPU %"],
        [
          loadRow("1-site server, its one host", t.one),
          loadRow(`${s.sites}-site server, each connection asking the ${s.sites} hosts in turn`, t.spread),
          loadRow(`${s.sites}-site server, one host`, t.manyOneHost),
        ],
      ),
      "",
      "When the load generator is near 100 % of its core, it is the limit and req/s measures it more than the server; the server's CPU per request does not depend on it.",
      "",
      `${s.sites} hosts over one site: ${times(t.ratio)} (goal: at least 0.9×); each round's: ${t.roundRatios.map(times).join(", ")}. The server's CPU per request: ${cpuPerRequestUs(t.spread)} µs over ${s.sites} hosts, ${cpuPerRequestUs(t.one)} µs on the 1-site server.`,
      "",
      `A price edit (staff PATCH) until \`/inventory\` of all ${s.sites} sites shows it, over ${s.propagation.changes} edits: p50 ${s.propagation.allSites.p50Ms} ms, p95 ${s.propagation.allSites.p95Ms} ms, max ${s.propagation.allSites.maxMs} ms (goal: p95 at most 1,000 ms); each site on its own: p50 ${s.propagation.eachSite.p50Ms} ms, p95 ${s.propagation.eachSite.p95Ms} ms. On the 1-site server: p50 ${s.propagation.oneSite.p50Ms} ms, p95 ${s.propagation.oneSite.p95Ms} ms.`,
      "",
      `Server CPU time of one price edit, ms, the mean of ${s.editCpu.edits} edits (the /proc clock ticks in 10 ms):`,
      "",
      table(
        ["Sites", "Sites asked", "Edit alone", "Edit + asked pages up to date", "Those reads, nothing changed"],
        s.editCpu.cases.map((c) => [c.name, c.sitesAsked, c.editMs, c.editAndPagesMs, c.readsMs]),
      ),
    );
  }
  if (r.scalePages) out.push("", scalePagesMarkdown(r.scalePages));
  if (r.scaleLeads) {
    out.push(
      "",
      "## Leads by the million",
      "",
      "Goals: /api/health within 2,000 ms of launch; RSS ≤ 300 MB at 1M; count and search ≤ 50 ms at 1M; posts at 1M ≥ 0.8× the smallest size; GET / p99 during an export ≤ 2× quiet.",
      "",
      scaleLeadsMarkdown(r.scaleLeads),
    );
  }
  if (r.feeds) out.push(...feedsMarkdown(r.feeds));
  if (r.rentals) out.push("", rentalsMarkdown(r.rentals, table));
  if (r.rentalJournal) out.push("", rentalJournalMarkdown(r.rentalJournal, table));
  if (r.csvImport) out.push(...csvImportMarkdown(r.csvImport));
  if (r.editLoad) out.push(...editLoadMarkdown(r.editLoad, table));
  if (r.crawlRss) out.push(...crawlRssMarkdown(r.crawlRss, table));
  if (r.inventorySync) out.push(...inventorySyncMarkdown(r.inventorySync));
  return `${out.join("\n")}\n`;
}
