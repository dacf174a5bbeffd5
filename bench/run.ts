/**
 * npm run bench -- [--smoke] [--only api,leads,widgets,catalogue,inbox,photos,photos-load,postgres,feeds,scale-pages,scale-inventory,scale-leads,sites,rentals,rental-journal,csv-import,inventory-sync,edit-load,crawl-rss|scale] [--baseline <git ref>]
 *
 * `--only scale` runs the parts of the scale test (SCALE_PARTS): pages beside a bare server, the paged
 * inventory at 35 / 350 / 3,500 units, leads at 1k / 100k / 1M, and 45 sites beside one.
 *
 * Measures the API, the lead store, the widget scripts beside their peers,
 * how fast a catalogue write reaches every page, the staff leads inbox, and
 * how long one uploaded phone photo takes to process, and PostgreSQL beside
 * lowdb (reads, lead posts with one and two servers, propagation between them)
 * (docs/benchmarks.md), one deployment serving 45 sites beside one site, and rental availability and reservation
 * posts with 1,000 reservations on the calendar beside POST /api/contact. Every server runs in its own process on 127.0.0.1;
 * load comes from autocannon in this one. A full run writes
 * bench/results/latest.json and latest.md; --smoke (npm test) runs each case
 * for about a second and checks only that each produced numbers. Smoke and
 * partial (--only) runs write their results under .tmp/bench/ instead. --baseline builds the server of another commit
 * and measures it in the same run, for before/after figures.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchApi } from "./api";
import { benchCatalogue } from "./catalogue";
import { benchInbox } from "./inbox";
import { benchScaleLeads } from "./scale-leads";
import { benchLeads } from "./leads";
import { benchPhotos } from "./photos";
import { benchPhotosLoad } from "./photos-load";
import { benchPostgres } from "./postgres";
import { benchSitesPart } from "./sites";
import { benchScalePages } from "./scale-pages";
import { benchFeeds } from "./scale-feeds";
import { benchCsvImport } from "./csv-import";
import { benchWidgets } from "./widgets";
import { benchScaleInventory } from "./scale-inventory";
import { benchRentals } from "./rentals";
import { benchRentalJournal } from "./rental-journal";
import { benchEditLoad } from "./edit-load";
import { benchCrawlRss } from "./crawl-rss";
import { benchInventorySync, inventorySyncMissing } from "./inventory-sync";
import { killAllChildren } from "./lib/child-server";
import { describeMachine } from "./lib/machine";
import { toMarkdown, type BenchResults } from "./lib/report";
import { writeScaleTables } from "./lib/scale-doc";
import { BENCH_TMP, buildServer, describeRef, ROOT } from "./lib/server-build";

const PARTS = [
  "api",
  "leads",
  "widgets",
  "catalogue",
  "inbox",
  "photos",
  "photos-load",
  "postgres",
  "feeds",
  "scale-pages",
  "scale-inventory",
  "scale-leads",
  "sites",
  "rentals",
  "rental-journal",
  "csv-import",
  "edit-load",
  "crawl-rss",
  "inventory-sync",
] as const;
/** What `--only scale` stands for. */
const SCALE_PARTS = ["scale-pages", "scale-inventory", "scale-leads", "sites"] as const;
type Part = (typeof PARTS)[number];

/** Durations and sizes: the full run a person starts, and the smoke run CI starts. */
const SETTINGS = {
  full: {
    api: { connections: 50, durationSeconds: 3, warmupSeconds: 2, rounds: 5 },
    leads: { sizes: [0, 10_000, 100_000], connections: 10, durationSeconds: 10 },
    widgets: { maxReactBuilds: Number.POSITIVE_INFINITY },
    catalogue: { writes: 100, readSeconds: 5, connections: 50, writeEveryMs: 100 },
    inbox: { stored: 100_000, durationSeconds: 5 },
    photos: { rounds: 5 },
    "photos-load": { connections: 10, durationSeconds: 10, uploads: 4 },
    postgres: { connections: 10, durationSeconds: 5, changes: 50 },
    "scale-inventory": { sizes: [35, 350, 3_500], connections: 10, durationSeconds: 5 },
    sites: { sites: 45, connections: 10, durationSeconds: 3, warmupSeconds: 2, rounds: 5, changes: 20, cpuEdits: 20 },
    "scale-pages": { connections: [10, 50, 200], durationSeconds: 3, rounds: 3, sizes: [35, 3_500], saves: 40, savesUnderHealth: 20 },
    "scale-leads": { sizes: [1_000, 100_000, 1_000_000], engines: ["lowdb", "postgres"], durationSeconds: 5, samples: 11 },
    feeds: { units: 3_500, rounds: 5 },
    rentals: { calendar: 1_000, connections: 10, durationSeconds: 5 },
    "rental-journal": { calendar: 2_000, connections: 10, durationSeconds: 5 },
    "csv-import": { sizes: [35, 3_500], rounds: 3 },
    "edit-load": {
      shapes: [
        { sites: 1, units: 35 },
        { sites: 1, units: 3_500 },
        { sites: 45, units: 35 },
        { sites: 45, units: 3_500 },
      ],
      rate: 45,
      quietSeconds: 5,
      saves: 20,
      batch: 50,
      cpuEdits: 10,
    },
    "crawl-rss": { sites: 45, units: 3_500, connections: 4, every: 10_000 },
    "inventory-sync": {
      catalogueUnits: 3_500,
      feedUnits: 2_000,
      priceChanges: 50,
      unchangedRuns: 10,
      unchangedSeconds: 3,
      priceRuns: 3,
      healthPerSecond: 20,
      quietSeconds: 3,
    },
  },
  smoke: {
    api: { connections: 50, durationSeconds: 1, warmupSeconds: 1, rounds: 1 },
    leads: { sizes: [0, 200], connections: 10, durationSeconds: 1 },
    widgets: { maxReactBuilds: 1 },
    catalogue: { writes: 5, readSeconds: 1, connections: 50, writeEveryMs: 100 },
    inbox: { stored: 200, durationSeconds: 1 },
    photos: { rounds: 1 },
    "photos-load": { connections: 10, durationSeconds: 1, uploads: 4 },
    postgres: { connections: 10, durationSeconds: 1, changes: 3 },
    "scale-inventory": { sizes: [35, 350], connections: 10, durationSeconds: 1 },
    sites: { sites: 45, connections: 10, durationSeconds: 1, warmupSeconds: 0, rounds: 1, changes: 2, cpuEdits: 2 },
    "scale-pages": { connections: [10], durationSeconds: 0.5, rounds: 1, sizes: [35, 70], saves: 2, savesUnderHealth: 2 },
    "scale-leads": { sizes: [1_000], engines: ["lowdb", "postgres"], durationSeconds: 1, samples: 3 },
    feeds: { units: 200, rounds: 1 },
    rentals: { calendar: 1_000, connections: 10, durationSeconds: 1 },
    "rental-journal": { calendar: 200, connections: 10, durationSeconds: 1 },
    "csv-import": { sizes: [5, 50], rounds: 1 },
    "edit-load": {
      shapes: [
        { sites: 1, units: 35 },
        { sites: 3, units: 70 },
      ],
      rate: 20,
      quietSeconds: 1,
      saves: 2,
      batch: 5,
      cpuEdits: 2,
    },
    "crawl-rss": { sites: 3, units: 70, connections: 4, every: 50 },
    "inventory-sync": {
      catalogueUnits: 350,
      feedUnits: 200,
      priceChanges: 5,
      unchangedRuns: 2,
      unchangedSeconds: 1,
      priceRuns: 1,
      healthPerSecond: 20,
      quietSeconds: 1,
    },
  },
} as const;

const USAGE = `Usage: npm run bench -- [--smoke] [--only ${PARTS.join(",")}|scale] [--baseline <git ref>]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { smoke: { type: "boolean", default: false }, only: { type: "string" }, baseline: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const asked = values.only?.split(",").map((p) => p.trim()) ?? [...PARTS];
  const parts = [...new Set(asked.flatMap((p) => (p === "scale" ? [...SCALE_PARTS] : [p])))] as Part[];
  const unknown = parts.filter((p) => !PARTS.includes(p));
  if (unknown.length) throw new Error(`Unknown part(s) ${unknown.join(", ")}\n${USAGE}`);
  const mode = values.smoke ? "smoke" : "full";
  const settings = SETTINGS[mode];
  const log = (line: string) => console.log(`[bench] ${line}`);
  const started = Date.now();

  const results: BenchResults = { mode, machine: describeMachine(), baseline: values.baseline ? describeRef(values.baseline) : null };
  log(`${mode} run of ${parts.join(", ")} on ${results.machine.nproc} CPUs (${results.machine.cpuModel}), Node ${results.machine.node}`);

  let ourMain = "";
  let baselineMain: string | undefined;
  if (["api", "leads", "inbox", "photos-load", "postgres", "scale-leads", "rentals", "rental-journal"].some((p) => parts.includes(p as Part))) {
    ourMain = await buildServer("current");
    if (values.baseline) baselineMain = await buildServer("baseline", values.baseline);
  }
  if (parts.includes("inventory-sync") && !ourMain) ourMain = await buildServer("current");
  if (parts.includes("api")) results.api = await benchApi({ ...settings.api, ourMain, baselineMain }, log);
  if (parts.includes("leads")) results.leads = await benchLeads({ ...settings.leads, sizes: [...settings.leads.sizes], ourMain, baselineMain }, log);
  if (parts.includes("widgets")) results.widgets = await benchWidgets(settings.widgets, log);
  if (parts.includes("catalogue")) results.catalogue = await benchCatalogue(settings.catalogue, log);
  if (parts.includes("inbox")) results.inbox = await benchInbox({ ...settings.inbox, ourMain }, log);
  if (parts.includes("photos")) results.photos = await benchPhotos(settings.photos, log);
  if (parts.includes("photos-load")) results.photosLoad = await benchPhotosLoad({ ...settings["photos-load"], ourMain }, log);
  if (parts.includes("postgres")) results.postgres = await benchPostgres({ ...settings.postgres, ourMain }, log);
  if (parts.includes("scale-inventory")) results.scaleInventory = await benchScaleInventory(settings["scale-inventory"], log);
  if (parts.includes("sites")) results.sites = await benchSitesPart(settings.sites, log);
  if (parts.includes("scale-pages")) results.scalePages = await benchScalePages(settings["scale-pages"], log);
  if (parts.includes("scale-leads")) {
    const s = settings["scale-leads"];
    results.scaleLeads = await benchScaleLeads({ ...s, sizes: [...s.sizes], engines: [...s.engines], ourMain }, log);
  }
  if (parts.includes("feeds")) results.feeds = await benchFeeds(settings.feeds, log);
  if (parts.includes("rentals")) results.rentals = await benchRentals({ ...settings.rentals, ourMain }, log);
  if (parts.includes("rental-journal")) results.rentalJournal = await benchRentalJournal({ ...settings["rental-journal"], ourMain }, log);
  if (parts.includes("csv-import")) results.csvImport = await benchCsvImport(settings["csv-import"], log);
  if (parts.includes("edit-load")) results.editLoad = await benchEditLoad(settings["edit-load"], log);
  if (parts.includes("crawl-rss")) results.crawlRss = await benchCrawlRss(settings["crawl-rss"], log);
  if (parts.includes("inventory-sync")) results.inventorySync = await benchInventorySync({ ...settings["inventory-sync"], ourMain }, log);

  const markdown = toMarkdown(results);
  console.log(`\n${markdown}`);
  // Only a full run of every part replaces the committed results.
  const complete = mode === "full" && PARTS.every((p) => parts.includes(p));
  const outDir = complete ? path.join(ROOT, "bench/results") : path.join(BENCH_TMP, `results-${mode}`);
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(outDir, "latest.md"), markdown);
  log(`results in ${path.relative(process.cwd(), outDir) || "."}/latest.{json,md} after ${Math.round((Date.now() - started) / 1000)} s`);
  // A full run of the scale test writes its tables into docs/benchmarks-scale.md, between the scale markers.
  if (mode === "full" && SCALE_PARTS.every((p) => parts.includes(p))) {
    const scale: BenchResults = { mode, machine: results.machine, baseline: null };
    for (const key of ["scalePages", "scaleInventory", "scaleLeads", "sites"] as const) Object.assign(scale, { [key]: results[key] });
    await writeScaleTables(path.join(ROOT, "docs/benchmarks-scale.md"), toMarkdown(scale));
    log("the scale tables are in docs/benchmarks-scale.md");
  }
  if (mode === "smoke") assertNumbers(results);
}

/** The smoke run's only check: every case produced numbers. Timings are never asserted. */
function assertNumbers(r: BenchResults): void {
  const missing: string[] = [];
  const positive = (what: string, n: number | null | undefined) => {
    if (!(typeof n === "number" && Number.isFinite(n) && n > 0)) missing.push(what);
  };
  for (const c of r.api?.cases ?? []) positive(`api ${c.endpoint} ${c.server} req/s`, c.median.rps);
  for (const c of r.leads?.cases ?? []) positive(`leads ${c.server} @${c.stored} 201s`, c.figures.ok);
  if (r.widgets) {
    positive("widgets floor preact", r.widgets.floor.preact.gzipBytes);
    positive("widgets floor react", r.widgets.floor.react.gzipBytes);
    for (const s of r.widgets.scripts) if (s.preactFrom !== "missing") positive(`widgets ${s.script}${s.error ? ` (${s.error})` : ""}`, s.preact?.gzipBytes);
  }
  if (r.catalogue) {
    positive("catalogue propagation", r.catalogue.propagation.maxMs);
    positive("catalogue reads quiet", r.catalogue.reads.quiet.rps);
    positive("catalogue reads during writes", r.catalogue.reads.duringWrites.rps);
  }
  for (const c of r.inbox?.cases ?? []) positive(`inbox ${c.name} 2xx`, c.figures.ok);
  for (const c of r.scaleLeads?.cases ?? []) positive(`scale-leads ${c.engine} ${c.stored} posts/s`, c.postsPerSecond);
  if (r.photos) positive("photos one 12 MP photo", r.photos.medianMs);
  for (const c of r.photosLoad?.cases ?? []) positive(`photos-load ${c.encoding} GET / during uploads`, c.duringUploads.rps);
  // PostgreSQL is measured where a cluster can start; elsewhere the report says why.
  if (r.postgres && !r.postgres.unavailable) {
    positive("postgres GET /api/vehicles", r.postgres.vehicles?.postgres.rps);
    positive("postgres lead posts, one server", r.postgres.leads?.postgresOne.ok);
    positive("postgres lead posts, two servers", r.postgres.leads?.postgresTwo.rps);
    positive("postgres propagation", r.postgres.propagation?.maxMs);
  }
  for (const c of r.scaleInventory?.cases ?? []) positive(`scale-inventory ${c.units} units req/s`, c.load.rps);
  if (r.sites) {
    positive("sites memory", r.sites.memory[0]?.warmed.rssMB);
    positive("sites GET / on 1 site", r.sites.throughput.one.rps);
    positive(`sites GET / over ${r.sites.sites} hosts`, r.sites.throughput.spread.rps);
    positive("sites propagation", r.sites.propagation.allSites.maxMs);
    // One edit's CPU time can round to 0 ms over a smoke run's 2 edits (the clock ticks in 10 ms): a number is enough.
    for (const c of r.sites.editCpu.cases) if (![c.editMs, c.editAndPagesMs, c.readsMs].every(Number.isFinite)) missing.push(`sites edit CPU (${c.name})`);
  }
  for (const t of r.scalePages?.throughput ?? []) positive(`scale-pages ${t.path} @${t.connections} ours`, t.ours.rps);
  for (const c of r.scalePages?.saves ?? []) positive(`scale-pages ${c.engine} save @${c.units}`, c.saveMedianMs);
  for (const c of r.feeds?.cases ?? []) positive(`feeds ${c.feed}`, c.bytes);
  for (const c of r.rentals?.cases ?? []) {
    positive(`rentals ${c.engine} calendar`, c.stored);
    positive(`rentals ${c.engine} availability req/s`, c.availability.rps);
    positive(`rentals ${c.engine} reservation 201s`, c.reservations.ok);
    positive(`rentals ${c.engine} POST /api/contact req/s`, c.contact.rps);
  }
  for (const c of r.csvImport?.cases ?? []) {
    positive(`csv-import ${c.engine} preview of ${c.rows}`, c.previewMedianMs);
    positive(`csv-import ${c.engine} import of ${c.rows}`, c.importMedianMs);
  }
  for (const c of r.editLoad?.cases ?? []) {
    const shape = `edit-load ${c.sites}×${c.units}`;
    positive(`${shape} visitors quiet`, c.quiet.requests);
    positive(`${shape} visitors during saves`, c.duringSaves.requests);
    positive(`${shape} every site`, c.toEverySite.maxMs);
    // An edit's CPU can round to 0 or below over a smoke run's 2 edits (the clock ticks in 10 ms): a number is enough.
    if (![c.cpu.perEditMs, c.cpu.quietPerEditMs, c.batch.cpuMs].every(Number.isFinite)) missing.push(`${shape} CPU per edit`);
  }
  if (r.crawlRss) {
    positive("crawl-rss pages", r.crawlRss.pages);
    positive("crawl-rss RSS after", r.crawlRss.rssMB.after);
    positive("crawl-rss page cache bytes", r.crawlRss.pageCache?.bytes);
  }
  if (r.inventorySync) missing.push(...inventorySyncMissing(r.inventorySync));
  if (missing.length) throw new Error(`Smoke run: no numbers for ${missing.join("; ")}`);
  console.log("[bench] smoke: every case produced numbers");
}

main()
  .catch((err: unknown) => {
    console.error(`[bench] ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  })
  .finally(killAllChildren);
