/**
 * npm run bench:lighthouse -- [--runs 3] [--pages /,/contact] [--presets mobile,desktop] [--site cape-may] [--units 3500] [--out dir]
 *
 * Lighthouse 12 (Node 20 cannot run 13) in Debian's Chromium, mobile and
 * desktop presets, the median of N runs per page (Lighthouse's own
 * computeMedianRun), against the built site served by `node dist/server/main.js`
 * on a loopback port. Run `npm run build` first. Writes lighthouse.{json,md}
 * and each median run's full report (reports/<preset><page>.json, to open in
 * the Lighthouse viewer) to --out, by default bench/results; docs/benchmarks.md
 * quotes the full default run, so point partial runs elsewhere. --site runs
 * the pages of another site of the same deployment (one of
 * tests/fixtures/example-sites.json, stored beside the first before the
 * start), asked for by its `<id>.localhost` name (Lighthouse 100 on
 * each site). --units serves a catalogue of that many units (domain/testing/big-catalogue.ts, the scale test's) in
 * place of the seed (Lighthouse 100 on /inventory at 35 and at 3,500 units).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { randomBytes } from "node:crypto";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium";
import { openAccountStore } from "../api/store/account-store";
import { phoneJpeg } from "../api/testing/phone-photo";
import { freePort, killAllChildren, startChildServer } from "./lib/child-server";
import { describeMachine } from "./lib/machine";
import { table } from "./lib/markdown-table";
import { ROOT } from "./lib/server-build";
import { benchHost, benchSites } from "./lib/bench-sites";
import { SITES_FILE } from "../api/store/site-store";
import { bigCatalogue } from "../domain/testing/big-catalogue";

/** A vehicle whose main image is an uploaded phone photo, uploaded through the staff API before the runs. */
const PHOTO_VEHICLE = "evolution-classic-2-plus";
/** One page of each kind the issue names. */
const DEFAULT_PAGES = [
  "/",
  "/inventory",
  "/vehicle/denago-ev-city",
  `/vehicle/${PHOTO_VEHICLE}`,
  "/lewes-golf-carts",
  "/policies/return-policy",
  "/eco-impact",
  "/contact",
  "/rentals",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** A run that errors (no FCP, a crashed tab) is retried this many times before the page is given up. */
const MAX_ATTEMPTS_PER_RUN = 3;
/** Lighthouse drives Chromium itself: headless, with the flags the browser tests use. */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

type Preset = "mobile" | "desktop";
interface PageResult {
  page: string;
  preset: Preset;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  runs: number;
  /** Each run's TBT, in the order run: how far runs of one build differ. */
  tbtRunsMs: number[];
  /** Audits that kept a category under 100, so a shortfall names its cause. */
  shortfalls: string[];
}

/**
 * Ask the server once for the page and every image it names (`src` and each `srcset` candidate), unmeasured: the
 * runs then meet a warm server, whose first answers (a page rendered into memory, a share image drawn by sharp)
 * would otherwise share this 2-core machine with the browser in the first run alone.
 */
async function warmUp(origin: string, page: string): Promise<void> {
  const html = await (await fetch(`${origin}${page}`)).text();
  const urls = new Set<string>();
  for (const [, attr, value] of html.matchAll(/\s(src|srcset|srcSet)="([^"]+)"/g)) {
    for (const candidate of attr === "src" ? [value!] : value!.split(",").map((c) => c.trim().split(/\s+/)[0]!)) {
      if (candidate.startsWith("/")) urls.add(candidate.replaceAll("&amp;", "&"));
    }
  }
  await Promise.all([...urls].map(async (u) => (await fetch(`${origin}${u}`)).arrayBuffer()));
}

/* eslint-disable @typescript-eslint/no-explicit-any */
function summarise(page: string, preset: Preset, lhr: any, runs: any[]): PageResult {
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    page,
    preset,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageResult["scores"],
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    bytes: audit("total-byte-weight"),
    runs: runs.length,
    tbtRunsMs: runs.map((run) => Math.round(Number(run.audits["total-blocking-time"]?.numericValue ?? NaN))),
    shortfalls: CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref: any) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref: any) => `${c}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    ),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      pages: { type: "string" },
      presets: { type: "string", default: "mobile,desktop" },
      out: { type: "string" },
      site: { type: "string" },
      units: { type: "string" },
    },
  });
  const runs = Number(values.runs);
  const pages = values.pages?.split(",") ?? DEFAULT_PAGES;
  const presets = values.presets.split(",").map((p) => {
    if (p !== "mobile" && p !== "desktop") throw new Error(`--presets: "${p}" is neither mobile nor desktop`);
    return p;
  });
  const out = path.resolve(ROOT, values.out ?? "bench/results");
  await rm(path.join(out, "reports"), { recursive: true, force: true });
  await mkdir(path.join(out, "reports"), { recursive: true });
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), `gc-lighthouse-${port}`);
  if (values.units) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: bigCatalogue(Number(values.units)) }));
  }
  if (values.site) {
    // The first site and the example sites, each of these on its *.localhost name too.
    const sites = benchSites(3);
    if (!sites.some((s) => s.id === values.site)) throw new Error(`--site: "${values.site}" is none of ${sites.map((s) => s.id).join(", ")}`);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, SITES_FILE), `${JSON.stringify({ sites }, null, 2)}\n`);
  }
  const server = await startChildServer({
    name: "site",
    command: process.execPath,
    args: [path.join(ROOT, "dist/server/main.js")],
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(await freePort()), DATA_DIR: dataDir, HOST: "127.0.0.1" },
    port,
    readyPath: "/api/health",
  });
  const results: PageResult[] = [];
  try {
    if (pages.includes(`/vehicle/${PHOTO_VEHICLE}`)) await uploadPhoto(server.url, dataDir);
    for (const preset of presets) {
      for (const page of pages) {
        const lhrs = [];
        await warmUp(values.site ? server.url.replace("127.0.0.1", benchHost(values.site)) : server.url, page);
        for (let attempt = 0; lhrs.length < runs && attempt < runs * MAX_ATTEMPTS_PER_RUN; attempt++) {
          // A fresh browser per run, so no run warms another's cache.
          const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
          try {
            const flags = { port: chrome.port, output: "json" as const, logLevel: "error" as const, onlyCategories: [...CATEGORIES] };
            const origin = values.site ? server.url.replace("127.0.0.1", benchHost(values.site)) : server.url;
            const result = await lighthouse(`${origin}${page}`, flags, preset === "desktop" ? desktopConfig : undefined);
            const lhr = result?.lhr;
            if (lhr && !lhr.runtimeError && lhr.audits["first-contentful-paint"]?.numericValue !== undefined) lhrs.push(lhr);
            else console.warn(`[lighthouse] ${preset} ${page}: run failed (${lhr?.runtimeError?.message ?? "no FCP"}), retrying`);
          } finally {
            chrome.kill();
          }
        }
        if (lhrs.length === 0) throw new Error(`${preset} ${page}: no successful run`);
        const median = computeMedianRun(lhrs);
        const summary = summarise(page, preset, median, lhrs);
        await writeFile(path.join(out, "reports", `${preset}${page.replaceAll("/", "_")}.json`), JSON.stringify(median));
        results.push(summary);
        console.log(
          `[lighthouse] ${preset} ${page}: ${CATEGORIES.map((c) => summary.scores[c]).join("/")} LCP ${summary.lcpMs} ms, TBT ${summary.tbtMs} ms (runs: ${summary.tbtRunsMs.join(", ")}), CLS ${summary.cls}, ${Math.round(summary.bytes / 1000)} kB${summary.shortfalls.length ? `; short: ${summary.shortfalls.join(", ")}` : ""}`,
        );
      }
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const machine = describeMachine();
  const md = [
    `# Lighthouse ${runs > 1 ? `(median of ${runs} runs)` : ""}${values.site ? ` of the site ${values.site}` : ""}${values.units ? ` with ${values.units} units` : ""}`,
    "",
    `${machine.date} · commit ${machine.commit}${machine.dirty ? " + uncommitted changes" : ""} · ${machine.nproc} CPUs (${machine.cpuModel}) · Node ${machine.node} · Lighthouse 12 · Debian Chromium`,
    "",
    table(
      ["Preset", "Page", "Perf", "A11y", "Best pr.", "SEO", "LCP (ms)", "TBT (ms)", "TBT of each run", "CLS", "kB transferred"],
      results.map((r) => [
        r.preset,
        r.page,
        r.scores.performance,
        r.scores.accessibility,
        r.scores["best-practices"],
        r.scores.seo,
        r.lcpMs,
        r.tbtMs,
        r.tbtRunsMs.join(", "),
        r.cls,
        (r.bytes / 1000).toFixed(1),
      ]),
    ),
    "",
    "Audits that kept a category under 100 (median run):",
    "",
    ...results.filter((r) => r.shortfalls.length).map((r) => `- ${r.preset} ${r.page}: ${r.shortfalls.join("; ")}`),
    "",
  ].join("\n");
  await writeFile(path.join(out, "lighthouse.json"), `${JSON.stringify({ machine, runs, results }, null, 2)}\n`);
  await writeFile(path.join(out, "lighthouse.md"), md);
  console.log(`\n${md}`);
}

/**
 * Give PHOTO_VEHICLE a 12 MP phone photo (4032×3024, EXIF orientation 3, GPS)
 * as its main image, as staff would: an account made in the data folder, a
 * sign-in, and POST /api/staff/vehicles/:id/photos.
 */
async function uploadPhoto(site: string, dataDir: string): Promise<void> {
  const account = { email: "lighthouse@example.test", password: randomBytes(12).toString("base64url") };
  await openAccountStore(dataDir).add({ ...account, role: "sales" });
  const signIn = await fetch(`${site}/api/staff/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
  if (signIn.status !== 200) throw new Error(`sign-in for the photo upload answered ${signIn.status}`);
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(await phoneJpeg({ orientation: 3 }))], { type: "image/jpeg" }), "IMG_0001.jpg");
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const res = await fetch(`${site}/api/staff/vehicles/${PHOTO_VEHICLE}/photos`, { method: "POST", headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`the photo upload answered ${res.status}: ${await res.text()}`);
  console.log(`[lighthouse] /vehicle/${PHOTO_VEHICLE}: main image ${((await res.json()) as { images: string[] }).images[0]}`);
}

main()
  .catch((err: unknown) => {
    console.error("[lighthouse] failed:", err);
    process.exitCode = 1;
  })
  .finally(killAllChildren);
