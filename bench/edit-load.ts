/**
 * Part `edit-load`: what an edit costs, over HTTP, against our built server
 * (dist/server/main.js with dist/site) in its own process, one shape after another: 1 site × 35 units (the baseline of
 * the CPU ratio), 1 × 3,500, 45 × 35 and 45 × 3,500. In each:
 * - visitors at an open-loop rate (45 a second; each request due at its own time, timed from then: bench/lib/open-loop.ts),
 *   spread at random over every site's `/`, `/inventory`, the edited unit's page, another unit's page and the partner
 *   inventory's page of `/api/vehicles`, as a browser asks (`Accept-Encoding: gzip, deflate, br`); first quiet, then
 *   while one price save a second lands through the staff API (GET with its ETag, then PATCH of the price with If-Match, as the console's form saves one field);
 * - after each save, every site's `/inventory`, the unit's page and the Merchant feed (when it lists the unit) polled,
 *   one loop per page, until they show the new price: the time until the last site shows it, in all and by page;
 * - the server's CPU (/proc/<pid>/stat) of one edit with no visitors (the save, the polls and every site's other pages
 *   asked once, less the same requests unchanged), and its ratio to the baseline shape's; and over the save phase,
 *   less the quiet phase's rate and the polls' own cost, per edit;
 * - a sync-like batch: 50 price changes as fast as the API takes them (4 PATCHes in flight), then every site's pages asked
 *   once changed, and the server's CPU for all of it.
 * Every answer must be a 2xx, or the part fails. The load generator's own CPU and lag are reported beside the figures.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import os from "node:os";
import path from "node:path";
import { SITES_FILE } from "../api/store/site-store";
import { CATALOGUE_FILE } from "../api/store/catalogue-files";
import { formatUsd } from "../domain/money";
import { bigCatalogue } from "../domain/testing/big-catalogue";
import type { Vehicle } from "../domain/vehicle";
import { addBenchOwner, StaffClient } from "./catalogue";
import { benchSites, hostOf } from "./lib/bench-sites";
import { cleanEnv, startOurServer, type ChildServer } from "./lib/child-server";
import { median, percentile, ratio, round } from "./lib/load";
import { IDLE_SOCKET_MS, OpenLoopVisitors, REQUEST_TIMEOUT_MS, type Target, type VisitFigures } from "./lib/open-loop";
import { ROOT } from "./lib/server-build";

/**
 * bigCatalogue's `units` units, each with an uploaded photo of its own (the hash its number) before the model's
 * drawings, as a group's units have: the listing feeds carry only units with a photo (domain/feed-listing.ts), and the
 * pages show it. No photo file exists: nothing here asks for one.
 */
export function catalogueWithPhotos(units: number): Vehicle[] {
  return bigCatalogue(units).map((v, i) => ({ ...v, images: [`/photos/${(i + 1).toString(16).padStart(20, "0")}-1600x1200.jpg`, ...v.images] }));
}

export interface EditLoadShape {
  sites: number;
  units: number;
}

export interface EditLoadOptions {
  /** The shapes in order; the first is the baseline of the CPU ratio (1 × 35 in the full run). */
  shapes: readonly EditLoadShape[];
  /** Visitors' requests per second, over every site. */
  rate: number;
  quietSeconds: number;
  /** Saves, one a second. */
  saves: number;
  /** Price changes of the sync-like batch. */
  batch: number;
  /** Edits whose CPU is measured with no visitors (the per-edit ratio's). */
  cpuEdits: number;
}

interface Percentiles {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface EditLoadCase extends EditLoadShape {
  /** The unit saved each second (the first of the first site's /inventory, so every site's first page shows it). */
  edited: string;
  quiet: VisitFigures;
  duringSaves: VisitFigures;
  edits: number;
  /** Saves that began later than their second because the one before had not been answered yet. */
  lateSaves: number;
  /** Median ms of a save (GET and PATCH) from the staff client. */
  saveMedianMs: number;
  /** From each save's 2xx until the last site's /inventory, unit page and (when it lists the unit) Merchant feed showed it. */
  toEverySite: Percentiles;
  /** The same, each kind of page on its own: every site's /inventory, every site's unit page, every site's feed. */
  toEvery: { inventory: Percentiles; page: Percentiles; feed: Percentiles | null };
  /** Between two polls of one site's page (the resolution of the figures above), ms. */
  pollIntervalMs: number;
  cpu: {
    /** Server CPU over the quiet phase, % of one core. */
    quietPercent: number;
    /** Over the save phase, % of one core. */
    savesPercent: number;
    /** One poll of an unchanged /inventory or unit page, ms of server CPU (subtracted, as are the feed's). */
    pollMs: number;
    /** Polls during the save phase. */
    polls: number;
    /** Server CPU of one edit, the readers' renders included: the save phase less the quiet rate and the polls, per edit. */
    perEditMs: number;
    /** Edits measured with no visitors. */
    quietEdits: number;
    /** Server CPU of one edit with no visitors: the save and every site's pages that show the unit asked once changed, less the same reads unchanged. */
    quietPerEditMs: number;
    /** Those reads (every site's /, partner page and feed once) with nothing changed, ms of server CPU. */
    quietReadsMs: number;
    /** quietPerEditMs over the baseline shape's (goal ≤ 3). */
    perEditRatio: number | null;
  };
  /** This process's CPU (the visitors, the saver and the pollers), % of one core: near 100, it was the limit (a shared core is too). */
  generatorCpuPercent: { quiet: number; duringSaves: number };
  /** How far the visitors' scheduler fell behind its own clock at worst, ms. */
  generatorMaxLagMs: number;
  batch: {
    changes: number;
    /** From the first PATCH until the last answered. */
    apiMs: number;
    /** From the last PATCH's 2xx until every site's /inventory, unit page and feed showed it. */
    toEverySiteMs: number;
    /** Server CPU from the first PATCH until every site's pages had been asked once changed, less the visitors' rate, the polls and those reads unchanged. */
    cpuMs: number;
  };
  rssMB: { started: number | null; after: number | null };
  pageCache: CacheFigures | null;
}

export interface EditLoadResults {
  rate: number;
  quietSeconds: number;
  saves: number;
  loadAverage: number[];
  cases: EditLoadCase[];
}

interface CacheFigures {
  entries: number;
  bytes: number;
  limitBytes: number;
}

/** The issue's goals, at 45 sites × 3,500 units. */
export const EDIT_LOAD_GOALS = { p99Ms: 100, over1s: 0, toEverySiteP95Ms: 1_000, perEditRatio: 3, batchCpuMs: 2_000 } as const;

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };
const MERCHANT_FEED = "/feeds/google-merchant.xml";
/** What the Merchant feed says of a price (host-site/server/feeds/google-merchant.ts: "12995.00 USD"). */
const feedPrice = (price: number) => `${price}.00 USD`;
/** The partner inventory's path (a page of 24, as widgets/inventory asks it). */
const PARTNER_PAGE = "/api/vehicles?page=1&pageSize=24";
/** Pages besides /inventory and the unit's page that show the unit's price, asked on every site after an edit. */
const READ_AFTER_EDIT = ["/", PARTNER_PAGE, MERCHANT_FEED] as const;
const READ_CALIBRATION_ROUNDS = 3;
const vehiclePage = (id: string) => `/vehicle/${encodeURIComponent(id)}`;
/** Prices no unit of bigCatalogue has (its highest is under 19,000), one per change. */
const FIRST_PRICE = 41_117;
const POLL_MS = 20;
/** A card's link on the served `/inventory` (host-site/components/PagedInventory.tsx). */
const INVENTORY_CARD_LINK = /href="\/vehicles\/([^"?#]+)"/;
/** A save not shown everywhere by then fails the part. Long: at 45 × 3,500 the saves outrun the server, which catches up after. */
const GIVE_UP_MS = 180_000;
/** The batch's PATCHes in flight at once, as a sync job would send them. */
const BATCH_PARALLEL = 4;
/** Polls of unchanged pages to cost one poll (the /proc clock ticks in 10 ms). */
const CALIBRATION_POLLS = 300;

/** A GET as `host`, with no Accept-Encoding (the text is searched); the body, or a loud failure on a non-2xx. */
function getText(agent: Agent, url: string, host: string, headers: Record<string, string> = {}): Promise<string> {
  const port = new URL(url).port;
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { ...headers, host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) reject(new Error(`[bench] edit-load: GET ${url} on ${host} answered ${status}`));
        else resolve(Buffer.concat(chunks).toString("latin1"));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * A conditional GET as `host` (If-None-Match `etag`, when there is one), as a browser revalidates: the page's text and
 * ETag on a 200, text null on a 304 (unchanged). A poll of an unchanged page then costs the server its ETag check,
 * and this process no body: at 45 × 3,500 the feeds' bodies would otherwise be the load.
 */
function getChanged(agent: Agent, url: string, host: string, etag: string | undefined): Promise<{ body: Buffer | null; etag: string | undefined }> {
  const port = new URL(url).port;
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { host: `${host}:${port}`, ...(etag ? { "if-none-match": etag } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const status = res.statusCode ?? 0;
        const tag = typeof res.headers.etag === "string" ? res.headers.etag : undefined;
        if (status === 304) resolve({ body: null, etag });
        else if (status < 200 || status >= 300) reject(new Error(`[bench] edit-load: GET ${url} on ${host} answered ${status}`));
        else resolve({ body: Buffer.concat(chunks), etag: tag });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

interface Shape {
  server: ChildServer;
  sites: string[];
  staff: StaffClient;
  agent: Agent;
  ids: string[];
  stop(): Promise<void>;
}

async function startShape(shape: EditLoadShape): Promise<Shape> {
  const main = path.join(ROOT, "dist/server/main.js");
  if (!existsSync(main) || !existsSync(path.join(ROOT, "dist/site")))
    throw new Error("[bench] edit-load: run `npm run build` first (it measures the built site)");
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-edit-load-"));
  const sites = benchSites(shape.sites);
  const vehicles = catalogueWithPhotos(shape.units);
  await writeFile(path.join(dataDir, SITES_FILE), `${JSON.stringify({ sites }, null, 2)}\n`);
  await writeFile(path.join(dataDir, CATALOGUE_FILE), JSON.stringify({ vehicles }));
  addBenchOwner(cleanEnv({ DATA_DIR: dataDir }));
  const server = await startOurServer({ name: `edit-load ${shape.sites}×${shape.units}`, main, dataDir });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: IDLE_SOCKET_MS });
    return {
      server,
      sites: sites.map(hostOf),
      staff: await StaffClient.signIn(server),
      agent,
      ids: vehicles.map((v) => v.id),
      async stop() {
        agent.destroy();
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

async function pageCache(server: ChildServer): Promise<CacheFigures | null> {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { caches?: { pages?: CacheFigures } };
  return health.caches?.pages ?? null;
}

const percentiles = (values: number[]): Percentiles => ({
  p50Ms: round(median(values), 1),
  p95Ms: round(percentile(values, 95), 1),
  maxMs: round(Math.max(...values), 1),
});

/** Server CPU seconds now; a loud failure where /proc is missing. */
function cpuOf(server: ChildServer): number {
  const s = server.cpuSeconds();
  if (s === null) throw new Error("[bench] edit-load: the server's CPU time is unknown (no /proc)");
  return s;
}

type Kind = "inventory" | "page" | "feed";

/** One save followed to every site: when each (site, kind of page) first showed it, ms after the save's 2xx. */
interface Followed {
  price: number;
  since: number;
  seen: Map<string, number>;
  done: () => void;
}

/**
 * Every site's /inventory, the edited unit's page and (when it lists the unit) the Merchant feed, each polled by one
 * loop of its own while a save is not yet shown there, however many saves are pending: a page that shows price p (or
 * a later one) shows every save up to p, since the prices only go up. Polls are counted by kind, for the CPU figures.
 */
class Follower {
  readonly polls: Record<Kind, number> = { inventory: 0, page: 0, feed: 0 };
  readonly #pending: Followed[] = [];
  /** Every price saved on the edited unit, highest last. */
  readonly #issued: number[] = [];
  #running = true;
  #failure: Error | undefined;
  /** Wakes the idle loops: at the next follow() or stop(). */
  #wake!: Promise<void>;
  #signal!: () => void;
  readonly #loops: Promise<void>[];
  readonly #keys: string[];

  /** Each (site, kind)'s last ETag and the price its page showed then. */
  readonly #last = new Map<string, { etag: string | undefined; shown: number }>();

  constructor(
    private readonly get: (host: string, path: string, etag: string | undefined) => Promise<{ body: Buffer | null; etag: string | undefined }>,
    private readonly hosts: readonly string[],
    private readonly paths: Record<Kind, string | null>,
    /** Between two polls of one page. */
    private readonly intervalMs: Record<Kind, number>,
    private readonly name: string,
  ) {
    this.#arm();
    const kinds = (Object.keys(paths) as Kind[]).filter((k) => paths[k] !== null);
    this.#keys = hosts.flatMap((host) => kinds.map((kind) => `${host} ${kind}`));
    this.#loops = hosts.flatMap((host) => kinds.map((kind) => this.#loop(host, kind)));
  }

  /** Follow the save of `price` (its 2xx came at `since`); resolves with the ms until each kind of page showed it on every site. */
  follow(price: number, since: number): Promise<Record<Kind, number | null> & { all: number }> {
    this.#issued.push(price);
    const signal = this.#signal;
    this.#arm();
    signal();
    return new Promise((resolve, reject) => {
      const f: Followed = {
        price,
        since,
        seen: new Map(),
        done: () => {
          if (this.#failure) return reject(this.#failure);
          const last = (kind: Kind) => {
            const t = [...f.seen].filter(([k]) => k.endsWith(` ${kind}`)).map(([, ms]) => ms);
            return t.length ? Math.max(...t) : null;
          };
          resolve({ inventory: last("inventory"), page: last("page"), feed: last("feed"), all: Math.max(...f.seen.values()) });
        },
      };
      this.#pending.push(f);
    });
  }

  #arm(): void {
    this.#wake = new Promise((resolve) => (this.#signal = resolve));
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#signal();
    await Promise.all(this.#loops);
  }

  /**
   * The highest saved price from `lowest` up that `body` shows, or 0: prices below the lowest still awaited here
   * do not matter, and each one looked for is a scan of the body (the feed's is MBs at 3,500 units), on the Buffer.
   */
  #shown(body: Buffer, kind: Kind, lowest: number): number {
    for (let i = this.#issued.length - 1; i >= 0 && this.#issued[i]! >= lowest; i--) {
      const p = this.#issued[i]!;
      if (body.includes(kind === "feed" ? feedPrice(p) : formatUsd(p))) return p;
    }
    return 0;
  }

  async #loop(host: string, kind: Kind): Promise<void> {
    const key = `${host} ${kind}`;
    while (this.#running) {
      const waiting = this.#pending.filter((f) => !f.seen.has(key));
      if (!waiting.length) {
        await this.#wake;
        continue;
      }
      const last = this.#last.get(key);
      const answer = await this.get(host, this.paths[kind]!, last?.etag);
      this.polls[kind]++;
      const now = performance.now();
      const lowest = Math.min(...waiting.map((f) => f.price));
      const shown = answer.body === null ? (last?.shown ?? 0) : this.#shown(answer.body, kind, lowest);
      this.#last.set(key, { etag: answer.etag, shown });
      for (const f of waiting) {
        if (f.price <= shown) f.seen.set(key, now - f.since);
        else if (now - f.since > GIVE_UP_MS) {
          this.#failure ??= new Error(`[bench] edit-load ${this.name}: ${host}${this.paths[kind]} did not show ${formatUsd(f.price)} within ${GIVE_UP_MS} ms`);
          f.seen.set(key, Number.NaN);
        }
      }
      for (const f of [...this.#pending]) {
        if (this.#keys.every((k) => f.seen.has(k))) {
          this.#pending.splice(this.#pending.indexOf(f), 1);
          f.done();
        }
      }
      await sleep(this.intervalMs[kind]);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measureShape(shape: EditLoadShape, o: EditLoadOptions, log: (line: string) => void, prices: () => number): Promise<EditLoadCase> {
  const s = await startShape(shape);
  const { server, agent } = s;
  const name = `${shape.sites} × ${shape.units.toLocaleString("en-US")}`;
  try {
    const rssStarted = server.rssMB();
    // The edited unit: the first card of the first site's /inventory (its cards link `/vehicles/<id>`, the id
    // URI-encoded), which every site's first page must show too. The default sort ("featured") does not depend on the
    // price, so the unit stays on that page whatever it costs.
    const firstInventory = await getText(agent, `${server.url}/inventory`, s.sites[0]!);
    const link = INVENTORY_CARD_LINK.exec(firstInventory)?.[1];
    if (!link) throw new Error('[bench] edit-load: the first site\'s /inventory links no vehicle (no href="/vehicles/…")');
    const edited = decodeURIComponent(link);
    const inventories = await Promise.all(s.sites.map((host) => getText(agent, `${server.url}/inventory`, host)));
    const missing = s.sites.filter((_, i) => !inventories[i]!.includes(`href="/vehicles/${link}"`));
    if (missing.length) throw new Error(`[bench] edit-load: /inventory of ${missing.join(", ")} does not show ${edited}`);
    // The feed lists only units with photos: it is followed when it lists this one.
    const { price: startPrice } = JSON.parse(await getText(agent, `${server.url}/api/vehicles/${encodeURIComponent(edited)}`, s.sites[0]!)) as {
      price: number;
    };
    const feedListsIt = (await getText(agent, server.url + MERCHANT_FEED, s.sites[0]!)).includes(feedPrice(startPrice));

    const others = s.ids.filter((id) => id !== edited);
    const targets: Target[] = s.sites.flatMap((host) => [
      { host, kind: "/", path: "/" },
      { host, kind: "/inventory", path: "/inventory" },
      { host, kind: "edited unit's page", path: vehiclePage(edited) },
      { host, kind: "another unit's page", path: () => vehiclePage(others[Math.floor(Math.random() * others.length)]!) },
      { host, kind: "partner inventory page", path: PARTNER_PAGE },
    ]);
    // Every site's pages once, as a site in use has them.
    for (const host of s.sites)
      for (const p of ["/", "/inventory", vehiclePage(edited), PARTNER_PAGE, MERCHANT_FEED]) await getText(agent, server.url + p, host, BROWSER_HEADERS);

    const paths: Record<Kind, string | null> = { inventory: "/inventory", page: vehiclePage(edited), feed: feedListsIt ? MERCHANT_FEED : null };
    // One loop per page of every site: at 45 sites each page is polled less often, so that the polls stay a small
    // share of the server's work (the resolution of the figures is this interval).
    const pagePollMs = Math.max(POLL_MS, 3 * s.sites.length);
    const intervalMs: Record<Kind, number> = { inventory: pagePollMs, page: pagePollMs, feed: pagePollMs };
    const get = (host: string, p: string, etag: string | undefined) => getChanged(agent, server.url + p, host, etag);

    // What a poll of an unchanged page costs the server (no visitors yet), by kind: a revalidation answered 304.
    const pollMs: Record<Kind, number> = { inventory: 0, page: 0, feed: 0 };
    for (const kind of Object.keys(paths) as Kind[]) {
      const p = paths[kind];
      if (p === null) continue;
      const etags = await Promise.all(s.sites.map(async (host) => (await get(host, p, undefined)).etag));
      const n = Math.ceil(CALIBRATION_POLLS / s.sites.length);
      const before = cpuOf(server);
      for (let i = 0; i < n; i++) await Promise.all(s.sites.map((host, k) => get(host, p, etags[k])));
      pollMs[kind] = ((cpuOf(server) - before) * 1000) / (n * s.sites.length);
    }
    const pollCpuMs = (polls: Record<Kind, number>) => (Object.keys(polls) as Kind[]).reduce((sum, k) => sum + polls[k] * pollMs[k], 0);

    const follower = new Follower(get, s.sites, paths, intervalMs, name);
    const save = (id: string, price: number) => s.staff.editPrice(id, price);
    const pollsSince = (start: Record<Kind, number>) => ({
      inventory: follower.polls.inventory - start.inventory,
      page: follower.polls.page - start.page,
      feed: follower.polls.feed - start.feed,
    });
    try {
      // Unmeasured saves first: the first few of a fresh process run code not yet compiled.
      for (let i = 0; i < 3; i++) {
        const p = prices();
        await follower.follow(p, await save(edited, p));
      }

      // The CPU of one edit with no visitors: the save, every site's /inventory and unit page (and feed) polled until
      // they show it, then every site's other pages that show the unit asked once (the readers' renders), less the
      // polls and those reads with nothing changed. The per-edit ratio between shapes is this figure's.
      const readsOnce = async () => {
        for (const host of s.sites) for (const p of READ_AFTER_EDIT) await getText(agent, server.url + p, host, BROWSER_HEADERS);
      };
      let c0 = cpuOf(server);
      for (let i = 0; i < READ_CALIBRATION_ROUNDS; i++) await readsOnce();
      const readsMs = ((cpuOf(server) - c0) * 1000) / READ_CALIBRATION_ROUNDS;
      let polls0 = { ...follower.polls };
      c0 = cpuOf(server);
      for (let i = 0; i < o.cpuEdits; i++) {
        const p = prices();
        await follower.follow(p, await save(edited, p));
        await readsOnce();
      }
      const quietEditMs = ((cpuOf(server) - c0) * 1000 - pollCpuMs(pollsSince(polls0)) - o.cpuEdits * readsMs) / o.cpuEdits;

      const visitors = new OpenLoopVisitors(server.url, targets, o.rate, BROWSER_HEADERS);
      // Quiet.
      let cpu0 = cpuOf(server);
      let own = process.cpuUsage();
      let t0 = performance.now();
      visitors.start("quiet");
      await sleep(o.quietSeconds * 1000);
      const quietSeconds = (performance.now() - t0) / 1000;
      const quietRate = (cpuOf(server) - cpu0) / quietSeconds;
      const ownQuiet = process.cpuUsage(own);

      // One save a second, each followed to every site.
      visitors.phase("saves");
      cpu0 = cpuOf(server);
      own = process.cpuUsage();
      t0 = performance.now();
      polls0 = { ...follower.polls };
      const followed: Awaited<ReturnType<Follower["follow"]>>[] = [];
      const saveMs: number[] = [];
      const following: Promise<void>[] = [];
      let lateSaves = 0;
      for (let i = 0; i < o.saves; i++) {
        const wait = t0 + i * 1000 - performance.now();
        if (wait > 0) await sleep(wait);
        else if (i) lateSaves++;
        const price = prices();
        const asked = performance.now();
        const at = await save(edited, price);
        saveMs.push(at - asked);
        following.push(follower.follow(price, at).then((t) => void followed.push(t)));
      }
      await Promise.all(following);
      const savesSeconds = (performance.now() - t0) / 1000;
      const savesCpu = cpuOf(server) - cpu0;
      const ownSaves = process.cpuUsage(own);
      const savePolls = pollsSince(polls0);
      const perEditMs = ((savesCpu - quietRate * savesSeconds) * 1000 - pollCpuMs(savePolls)) / o.saves;

      // The sync-like batch: `o.batch` units (the edited one last), 4 in flight, then every site's pages once.
      visitors.phase("batch");
      const batchIds = Array.from({ length: o.batch - 1 }, (_, i) => others[i % others.length]!);
      cpu0 = cpuOf(server);
      t0 = performance.now();
      polls0 = { ...follower.polls };
      let next = 0;
      await Promise.all(
        Array.from({ length: BATCH_PARALLEL }, async () => {
          while (next < batchIds.length) await save(batchIds[next++]!, prices());
        }),
      );
      const lastPrice = prices();
      const lastAt = await save(edited, lastPrice);
      const apiMs = performance.now() - t0;
      const batchToEverySite = (await follower.follow(lastPrice, lastAt)).all;
      await readsOnce();
      const batchSeconds = (performance.now() - t0) / 1000;
      const batchCpuMs = (cpuOf(server) - cpu0 - quietRate * batchSeconds) * 1000 - pollCpuMs(pollsSince(polls0)) - readsMs;
      await visitors.stop();

      const percent = (used: NodeJS.CpuUsage, seconds: number) => round((used.user + used.system) / 1e4 / seconds, 1);
      const of = (kind: Kind) => followed.map((t) => t[kind]).filter((n): n is number => n !== null);
      const c: EditLoadCase = {
        ...shape,
        edited,
        quiet: visitors.figures("quiet"),
        duringSaves: visitors.figures("saves"),
        edits: o.saves,
        lateSaves,
        saveMedianMs: round(median(saveMs), 1),
        toEverySite: percentiles(followed.map((t) => t.all)),
        toEvery: { inventory: percentiles(of("inventory")), page: percentiles(of("page")), feed: feedListsIt ? percentiles(of("feed")) : null },
        pollIntervalMs: intervalMs.inventory,
        cpu: {
          quietPercent: round(quietRate * 100, 1),
          savesPercent: round((savesCpu / savesSeconds) * 100, 1),
          pollMs: round((pollMs.inventory + pollMs.page) / 2, 2),
          polls: savePolls.inventory + savePolls.page + savePolls.feed,
          perEditMs: round(perEditMs, 1),
          quietEdits: o.cpuEdits,
          quietPerEditMs: round(quietEditMs, 1),
          quietReadsMs: round(readsMs, 1),
          perEditRatio: null,
        },
        generatorCpuPercent: { quiet: percent(ownQuiet, quietSeconds), duringSaves: percent(ownSaves, savesSeconds) },
        generatorMaxLagMs: round(visitors.maxLagMs, 1),
        batch: { changes: o.batch, apiMs: round(apiMs), toEverySiteMs: round(batchToEverySite, 1), cpuMs: round(batchCpuMs) },
        rssMB: { started: rssStarted, after: server.rssMB() },
        pageCache: await pageCache(server),
      };
      visitors.figures("batch");
      log(
        `edit-load ${name}: quiet p99 ${c.quiet.p99Ms} ms; during saves p95/p99/max ${c.duringSaves.p95Ms}/${c.duringSaves.p99Ms}/${c.duringSaves.maxMs} ms, ${c.duringSaves.over1s} of ${c.duringSaves.requests} over 1 s; every site after p50 ${c.toEverySite.p50Ms} ms, p95 ${c.toEverySite.p95Ms} ms, max ${c.toEverySite.maxMs} ms; CPU per edit ${c.cpu.perEditMs} ms; batch of ${o.batch}: ${c.batch.cpuMs} ms CPU; generator ${c.generatorCpuPercent.duringSaves}% CPU; RSS ${c.rssMB.started} → ${c.rssMB.after} MB`,
      );
      return c;
    } finally {
      await follower.stop();
    }
  } finally {
    await s.stop();
  }
}

export async function benchEditLoad(o: EditLoadOptions, log: (line: string) => void): Promise<EditLoadResults> {
  let price = FIRST_PRICE;
  const prices = () => price++;
  const cases: EditLoadCase[] = [];
  for (const shape of o.shapes) cases.push(await measureShape(shape, o, log, prices));
  const base = cases[0]!.cpu.quietPerEditMs;
  for (const c of cases) c.cpu.perEditRatio = ratio(c.cpu.quietPerEditMs, base);
  return { rate: o.rate, quietSeconds: o.quietSeconds, saves: o.saves, loadAverage: os.loadavg().map((n) => round(n, 2)), cases };
}

const verdict = (met: boolean) => (met ? "met" : "not met");

/** The part's section of the report. */
export function editLoadMarkdown(r: EditLoadResults, table: (header: string[], rows: (string | number | null | undefined)[][]) => string): string[] {
  const base = r.cases[0]!;
  const shape = (c: EditLoadShape) => `${c.sites} × ${c.units.toLocaleString("en-US")}`;
  const pct = (p: Percentiles | null) => (p ? `${p.p50Ms} / ${p.p95Ms} / ${p.maxMs}` : "not listed");
  const goal = r.cases.at(-1)!;
  const g = EDIT_LOAD_GOALS;
  return [
    "",
    `## An edit costs what it changes: ${r.rate} visitors a second, one price save a second`,
    "",
    `Open-loop visitors (each request due at its own time and timed from then, so a stall shows instead of thinning the load) over every site's \`/\`, \`/inventory\`, the edited unit's page, another unit's page and the partner inventory page (\`${PARTNER_PAGE}\`), as a browser asks (gzip, br): ${r.quietSeconds} s quiet, then ${r.saves} price saves of the first unit of \`/inventory\`, one a second, through the staff API (GET, then PATCH of the price with If-Match). A request unanswered after ${REQUEST_TIMEOUT_MS / 1000} s is given up and counts at that time (so the percentiles are then lower bounds). "Every site": from a save's 2xx until the last site's \`/inventory\`, the unit's page and the Merchant feed (when it lists the unit) show it; each site's pages are revalidated (If-None-Match) every "poll" ms, the resolution of these figures. Load average ${r.loadAverage.join(" / ")} at the end.`,
    "",
    table(
      [
        "Sites × units",
        "quiet p99 ms",
        "saves p95 / p99 / max ms",
        "over 1 s",
        "slowest",
        "save ms",
        "poll ms",
        "every site p50 / p95 / max ms",
        "generator CPU % / lag ms",
      ],
      r.cases.map((c) => [
        shape(c),
        c.quiet.p99Ms,
        `${c.duringSaves.p95Ms} / ${c.duringSaves.p99Ms} / ${c.duringSaves.maxMs}`,
        `${c.duringSaves.over1s} of ${c.duringSaves.requests}${c.duringSaves.timedOut ? ` (${c.duringSaves.timedOut} unanswered in ${REQUEST_TIMEOUT_MS / 1000} s)` : ""}`,
        c.duringSaves.slowest,
        c.saveMedianMs,
        c.pollIntervalMs,
        pct(c.toEverySite),
        `${c.generatorCpuPercent.duringSaves} / ${c.generatorMaxLagMs}`,
      ]),
    ),
    "",
    "Each kind of page on its own, from a save's 2xx until every site's showed it, p50 / p95 / max ms:",
    "",
    table(
      ["Sites × units", "/inventory", "unit's page", "Merchant feed"],
      r.cases.map((c) => [shape(c), pct(c.toEvery.inventory), pct(c.toEvery.page), pct(c.toEvery.feed)]),
    ),
    "",
    `Server CPU (/proc, the clock ticks in 10 ms). "Quiet": ${base.cpu.quietEdits} edits with no visitors, each the save, the polls until every site shows it and every site's \`/\`, partner page and feed asked once, less those polls and reads with nothing changed (× is against ${shape(base)}). "Under load": the save phase's CPU less the quiet phase's rate and the polls, per edit (noisier). The batch: ${base.batch.changes} price changes, ${BATCH_PARALLEL} in flight, then every site's pages once, less the visitors' rate, the polls and the unchanged reads.`,
    "",
    table(
      [
        "Sites × units",
        "per edit, quiet ms",
        `× ${shape(base)}`,
        "per edit, under load ms",
        "server CPU % quiet / saves",
        "batch CPU ms",
        "batch to every site ms",
        "RSS MB",
        "page cache MB",
      ],
      r.cases.map((c) => [
        shape(c),
        c.cpu.quietPerEditMs,
        c.cpu.perEditRatio === null ? null : `${c.cpu.perEditRatio}×`,
        c.cpu.perEditMs,
        `${c.cpu.quietPercent} / ${c.cpu.savesPercent}`,
        c.batch.cpuMs,
        c.batch.toEverySiteMs,
        `${c.rssMB.started} → ${c.rssMB.after}`,
        c.pageCache ? `${(c.pageCache.bytes / 1e6).toFixed(1)} of ${(c.pageCache.limitBytes / 1e6).toFixed(0)}` : null,
      ]),
    ),
    "",
    `Goals at ${shape(goal)}:`,
    "",
    table(
      ["Goal", "measured", ""],
      [
        [`visitors' p99 during saves ≤ ${g.p99Ms} ms`, `${goal.duringSaves.p99Ms} ms`, verdict(goal.duringSaves.p99Ms <= g.p99Ms)],
        ["no answer over 1 s", goal.duringSaves.over1s, verdict(goal.duringSaves.over1s <= g.over1s)],
        [`every site within ${g.toEverySiteP95Ms} ms (p95)`, `${goal.toEverySite.p95Ms} ms`, verdict(goal.toEverySite.p95Ms <= g.toEverySiteP95Ms)],
        [
          `CPU per edit ≤ ${g.perEditRatio}× ${shape(base)}`,
          `${goal.cpu.quietPerEditMs} ms, ${goal.cpu.perEditRatio ?? "–"}×`,
          verdict(goal.cpu.perEditRatio !== null && goal.cpu.perEditRatio <= g.perEditRatio),
        ],
        [`a batch of ${goal.batch.changes} ≤ ${g.batchCpuMs} ms CPU`, `${goal.batch.cpuMs} ms`, verdict(goal.batch.cpuMs <= g.batchCpuMs)],
      ],
    ),
  ];
}
