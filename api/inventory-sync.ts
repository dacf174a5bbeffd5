/**
 * Inventory sources at work: a run fetches (or is handed) a file, plans it on the catalogue as committed
 * (domain/inventory-sync.ts) and applies it in one batch write with its history, or holds it; the schedule runs
 * each pull source when it is due and picks up each drop folder's finished files. docs/decisions/0066.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, rename, stat, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { FeedError, readFeed, type Feed } from "../domain/inventory-feed";
import { nextRunAt, type InventorySource, type RunCounts, type SourceRun } from "../domain/inventory-source";
import { photoListsOf, planSync, sourceAccount, type SyncContext, type SyncPlan } from "../domain/inventory-sync";
import type { Site } from "../domain/site";
import type { Vehicle } from "../domain/vehicle";
import { historyFirst, vehicleEntry } from "./routes/staff/audited";
import type { AuditStore } from "./store/audit-store";
import type { InventorySourceStore } from "./store/inventory-source-store";
import type { SiteStore } from "./store/site-store";
import type { StaffStores } from "./store/staff-stores";
import type { Config } from "./config";
import { smtpTransport } from "./mail/smtp-transport";
import { planBatch, type VehicleStore } from "./store/vehicle-store";
import { readLimited, syncPhotos } from "./inventory-photos";
import { offLoop } from "./off-loop";
import type { PhotoStore } from "./store/photo-store";

/** The folder under DATA_DIR a drop source's files are written into, one sub-folder per source. */
export const DROP_FOLDER = "inventory-drop";
export const PROCESSED_FOLDER = "processed";
/** The owners are mailed when a source has failed this many runs in a row. */
export const FAILURES_MAILED = 3;
const SKIPPED_KEPT = 200;

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}
export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024 };

/** A message for the owners of a source (held runs, failures); the server sends it by mail when mail is on. */
export type OwnerNotice = (source: InventorySource, subject: string, text: string) => Promise<void>;

export interface InventorySyncDeps {
  store: InventorySourceStore;
  vehicles: VehicleStore;
  audit: AuditStore;
  sites: Pick<SiteStore, "list">;
  dataDir: string;
  /** Where photos named by address are stored; without it, the file's photo column is not read. */
  photos?: PhotoStore;
  notify?: OwnerNotice;
  limits?: FetchLimits;
  /** How often the schedule looks for due sources and finished drop files. */
  pollMs: number;
  now?: () => number;
}

/** Why a fetch or a file gave no feed: the run fails, and nothing changes. */
class RunFailure extends Error {}
/** The catalogue changed between the plan and the write: planned again. */
class StalePlan extends Error {}

const zeroCounts = (): RunCounts => ({ created: 0, changed: 0, sold: 0, unchanged: 0, skipped: 0, missing: 0 });
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** What a run is planned with: the sites, the lot names a DMS may write for each, and today. */
export function syncContext(list: readonly Site[], now = Date.now()): SyncContext {
  const lots = new Map<string, string>();
  // A DMS names a lot by our site id, the site's name or its city ("Lewes").
  for (const s of list) for (const name of [s.id, s.name, s.address.city]) lots.set(name.toLowerCase(), s.id);
  return { siteIds: list.map((s) => s.id), lots, today: new Date(now).toISOString().slice(0, 10) };
}

export interface InventorySync {
  /** Run a source now; undefined when it is running elsewhere (another server, or already here). */
  run(id: string, trigger: SourceRun["trigger"], file?: Buffer): Promise<SourceRun | undefined>;
  /** An owner applies a held run (its file, planned again on the catalogue as it is now, without the safety stop) or discards it. */
  resolve(runId: string, action: "applied" | "discarded", by: string): Promise<SourceRun | undefined>;
  /** The source that keeps a unit, if any (the console's edits of its owned fields are refused). */
  keeperOf(vehicleId: string): InventorySource | undefined;
  /** Read the sources again (after an owner's save), for keeperOf. */
  refresh(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function inventorySync(deps: InventorySyncDeps): InventorySync {
  const { store, vehicles, audit, sites, dataDir, photos, notify, limits = DEFAULT_FETCH_LIMITS, now = Date.now } = deps;
  const { audited } = historyFirst(audit);
  let keepers = new Map<string, InventorySource>();
  const keep = (sources: readonly InventorySource[]) => {
    const next = new Map<string, InventorySource>();
    for (const s of sources) for (const id of Object.keys(s.memory.units)) next.set(id, s);
    keepers = next;
  };
  const refresh = async () => keep(await store.list());

  const context = () => syncContext(sites.list(), now());

  async function fetchFile(source: InventorySource): Promise<{ bytes: Buffer; etag?: string; lastModified?: string } | "not-modified"> {
    const headers: Record<string, string> = { accept: "text/csv, application/json;q=0.9, */*;q=0.5" };
    if (source.memory.etag) headers["if-none-match"] = source.memory.etag;
    if (source.memory.lastModified) headers["if-modified-since"] = source.memory.lastModified;
    if (source.auth.type === "basic") headers.authorization = `Basic ${Buffer.from(`${source.auth.username}:${source.auth.password}`).toString("base64")}`;
    if (source.auth.type === "bearer") headers.authorization = `Bearer ${source.auth.token}`;
    let res: Response;
    const signal = AbortSignal.timeout(limits.timeoutMs);
    try {
      res = await fetch(source.url!, { headers, signal, redirect: "follow" });
    } catch (err) {
      throw new RunFailure(
        signal.aborted
          ? `${source.url} did not answer within ${limits.timeoutMs / 1000} s: nothing was read`
          : `${source.url} could not be reached (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message})`,
      );
    }
    if (res.status === 304) return "not-modified";
    if (!res.ok) {
      await res.body?.cancel();
      throw new RunFailure(
        res.status === 401 || res.status === 403
          ? `${source.url} refused the source's credentials (HTTP ${res.status}): check its user name, password or token`
          : `${source.url} answered HTTP ${res.status} ${res.statusText}: nothing was read`,
      );
    }
    const length = Number(res.headers.get("content-length") ?? 0);
    if (length > limits.maxBytes) {
      await res.body?.cancel();
      throw new RunFailure(`The file is ${megabytes(length)}, larger than ${megabytes(limits.maxBytes)}, the most a source may send: nothing was read`);
    }
    try {
      return {
        bytes: await readLimited(
          res,
          limits.maxBytes,
          () => new RunFailure(`The file is larger than ${megabytes(limits.maxBytes)}, the most a source may send: nothing was read`),
        ),
        etag: res.headers.get("etag") ?? undefined,
        lastModified: res.headers.get("last-modified") ?? undefined,
      };
    } catch (err) {
      if (err instanceof RunFailure) throw err;
      throw new RunFailure(
        signal.aborted
          ? `${source.url} did not send the whole file within ${limits.timeoutMs / 1000} s`
          : `The file's transfer broke off: ${(err as Error).message}`,
      );
    }
  }

  /** Plan on the catalogue as it is, write the history, then commit the batch if the plan still holds on the catalogue as committed. */
  async function apply(source: InventorySource, feed: Feed, force: boolean): Promise<SyncPlan> {
    const email = sourceAccount(source).email;
    for (let attempt = 0; ; attempt++) {
      const plannedOn = vehicles.all();
      const first = await offLoop("planSync", feed, source, plannedOn, context(), force);
      if (first.hold) return first;
      const batch = planBatch(plannedOn, first.creates, first.updates);
      if (!batch.changes.length) return first;
      const key = (changes: readonly { vehicle: Vehicle }[]) => changes.map((c) => vehicles.etag(c.vehicle)).join();
      const at = new Date(now()).toISOString();
      const entries = batch.changes.map((c) => vehicleEntry(email, c.action, c.action === "update" ? c.previous : {}, c.vehicle, at));
      try {
        await audited(entries, () =>
          vehicles.commitBatch((committed) => {
            // Nothing landed since the plan was made (the store answers the same catalogue): it holds as it is.
            if (committed === plannedOn) return batch;
            const again = planSync(feed, source, committed, context(), force);
            const planned = planBatch(committed, again.creates, again.updates);
            if (again.hold || key(planned.changes) !== key(batch.changes)) throw new StalePlan();
            return planned;
          }),
        );
        return first;
      } catch (err) {
        if (!(err instanceof StalePlan) || attempt >= 2) throw err;
      }
    }
  }

  /** After an applied plan: the photos its file names, fetched onto their units; the run reports those it could not fetch. */
  async function withPhotos(source: InventorySource, feed: Feed, run: SourceRun): Promise<Partial<InventorySource["memory"]>> {
    const lists = photos ? photoListsOf(feed, source, vehicles.all()) : [];
    if (!photos || !lists.length) return {};
    const email = sourceAccount(source).email;
    const save = (previous: Vehicle, next: Vehicle) =>
      audited(vehicleEntry(email, "update", previous, next, new Date(now()).toISOString()), () => vehicles.replace(next.id, next, vehicles.etag(previous)));
    const done = await syncPhotos(source, lists, { photos, vehicles, save });
    if (done.problems.length) run.photoProblems = done.problems.slice(0, SKIPPED_KEPT);
    run.photosAdded = done.added;
    return { photos: done.memory };
  }

  async function finish(source: InventorySource, run: SourceRun, memory: Partial<InventorySource["memory"]>) {
    const latest = (await store.get(source.id)) ?? source;
    const failures = run.outcome === "failed" ? latest.memory.failures + 1 : 0;
    const next = { ...latest, memory: { ...latest.memory, ...memory, failures, lastRunAt: run.startedAt } };
    await store.putRun(run);
    await store.put(next);
    await refresh();
    if (run.outcome === "held")
      await notify?.(next, `Inventory sync held: ${source.name}`, `${run.message}\n\nOpen the console's Inventory sources page to apply or discard it.`);
    if (run.outcome === "failed" && failures === FAILURES_MAILED)
      await notify?.(
        next,
        `Inventory sync failing: ${source.name}`,
        `The last ${FAILURES_MAILED} runs of "${source.name}" failed. The last one: ${run.message}`,
      );
    return run;
  }

  async function runOnce(source: InventorySource, trigger: SourceRun["trigger"], given?: Buffer): Promise<SourceRun> {
    const started = now();
    const run: SourceRun = {
      id: randomUUID(),
      source: source.id,
      trigger,
      startedAt: new Date(started).toISOString(),
      ms: 0,
      bytes: 0,
      outcome: "failed",
      counts: zeroCounts(),
      skipped: [],
    };
    const done = (memory: Partial<InventorySource["memory"]> = {}) => finish(source, { ...run, ms: now() - started }, memory);
    let file: Awaited<ReturnType<typeof fetchFile>>;
    try {
      file = given ? { bytes: given } : await fetchFile(source);
    } catch (err) {
      if (!(err instanceof RunFailure)) throw err;
      run.message = err.message;
      return done();
    }
    if (file === "not-modified") {
      Object.assign(run, { outcome: "unchanged", message: "The file was not modified since the last run (HTTP 304): nothing to do" });
      return done();
    }
    run.bytes = file.bytes.length;
    run.hash = createHash("sha256").update(file.bytes).digest("hex");
    const validators = { etag: file.etag, lastModified: file.lastModified };
    if (run.hash === source.memory.hash && !source.memory.held) {
      Object.assign(run, { outcome: "unchanged", message: "The file is the same as at the last run: nothing to do" });
      return done(validators);
    }
    let feed: Feed;
    try {
      feed = readFeed(file.bytes, source.format);
    } catch (err) {
      if (!(err instanceof FeedError)) throw err;
      Object.assign(run, { outcome: "held", message: `${err.message}. Nothing was changed.` });
      return done({ held: { run: run.id, file: file.bytes.toString("base64") } });
    }
    const plan = await apply(source, feed, false);
    run.counts = plan.counts;
    run.skipped = plan.skipped.slice(0, SKIPPED_KEPT);
    if (plan.hold) {
      Object.assign(run, { outcome: "held", message: plan.hold });
      return done({ held: { run: run.id, file: file.bytes.toString("base64") } });
    }
    run.outcome = "applied";
    const photoMemory = await withPhotos(source, feed, run);
    return done({ ...validators, hash: run.hash, units: plan.memory, held: undefined, ...photoMemory });
  }

  const sync: InventorySync = {
    async run(id, trigger, file) {
      const outcome = await store.exclusive(id, async () => {
        const source = await store.get(id);
        if (!source) return undefined;
        // Under the lock, the schedule asks again: another server may have run it while this one waited.
        if (trigger === "schedule" && (nextRunAt(source, now()) ?? "") > new Date(now()).toISOString()) return undefined;
        return runOnce(source, trigger, file);
      });
      return outcome?.value;
    },

    async resolve(runId, action, by) {
      const found = await store.run(runId);
      if (!found || found.outcome !== "held" || found.resolution) return undefined;
      const outcome = await store.exclusive(found.source, async () => {
        const source = await store.get(found.source);
        if (!source || source.memory.held?.run !== runId) return undefined;
        const resolution = { by, at: new Date(now()).toISOString(), action };
        if (action === "discarded") {
          await store.putRun({ ...found, resolution });
          await store.put({ ...source, memory: { ...source.memory, held: undefined } });
          return { ...found, resolution };
        }
        const bytes = Buffer.from(source.memory.held.file, "base64");
        let feed: Feed;
        try {
          feed = readFeed(bytes, source.format);
        } catch (err) {
          if (!(err instanceof FeedError)) throw err;
          throw new FeedError(`This run's file cannot be applied: ${err.message}. Discard it.`, err.stop);
        }
        const plan = await apply(source, feed, true);
        await store.putRun({ ...found, resolution });
        const applied: SourceRun = {
          ...found,
          id: randomUUID(),
          trigger: "apply",
          startedAt: resolution.at,
          outcome: "applied",
          counts: plan.counts,
          skipped: plan.skipped.slice(0, SKIPPED_KEPT),
          message: `The held run of ${new Date(found.startedAt).toUTCString()}, applied by ${by}`,
          resolution: undefined,
        };
        const photoMemory = await withPhotos(source, feed, applied);
        return finish(source, applied, { units: plan.memory, hash: found.hash, held: undefined, ...photoMemory });
      });
      return outcome?.value;
    },

    keeperOf: (vehicleId) => keepers.get(vehicleId),
    refresh,
    start() {
      void refresh();
      timer ??= setInterval(() => void tick(), deps.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking;
    },
  };

  // The schedule: due pull sources, and drop folders' finished files (a file whose size held still since the last
  // look, or one with its `.done` marker beside it), each imported once and moved to processed/.
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> = Promise.resolve();
  const sizes = new Map<string, number>();
  const tick = () =>
    (ticking = ticking.then(async () => {
      try {
        const sources = await store.list();
        // Another server's runs and an owner's saves there: what this one refuses follows them at each look.
        keep(sources);
        for (const source of sources) {
          // Not before its owner has confirmed the mapping proposed from the first file: "Sync now" runs it until then.
          if (!source.enabled || (source.kind === "pull" && !source.mapping)) continue;
          if (source.kind === "pull" && (nextRunAt(source, now()) ?? "z") <= new Date(now()).toISOString()) await sync.run(source.id, "schedule");
          if (source.kind === "folder") await pickUp(source);
        }
      } catch (err) {
        console.error("[inventory-sync] the schedule's run failed:", err);
      }
    }));

  async function pickUp(source: InventorySource) {
    const folder = path.join(dataDir, DROP_FOLDER, source.id);
    await mkdir(path.join(folder, PROCESSED_FOLDER), { recursive: true });
    const names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile() && !e.name.startsWith(".")).map((e) => e.name);
    for (const name of names.filter((n) => !n.endsWith(".done")).sort()) {
      const file = path.join(folder, name);
      const { size } = await stat(file);
      const marked = names.includes(`${name}.done`);
      const still = sizes.get(file) === size;
      sizes.set(file, size);
      if (!marked && !still) continue;
      const bytes = await readFile(file);
      const run = await sync.run(source.id, "folder", bytes);
      if (!run) continue;
      sizes.delete(file);
      await rename(file, path.join(folder, PROCESSED_FOLDER, `${run.startedAt.replace(/[:.]/g, "-")}-${name}`));
      if (marked) await rm(`${file}.done`, { force: true });
    }
  }

  return sync;
}

/**
 * The inventory sources of a server: the sync over `stores`, its schedule started, and the owners told of held and
 * failing runs by mail when mail is on (else in the log).
 */
export function openInventory(
  stores: { inventorySources: InventorySourceStore; vehicles: VehicleStore; sites: SiteStore; staff: Pick<StaffStores, "audit" | "accounts"> },
  config: Pick<Config, "dataDir" | "mail" | "inventoryPollMs">,
  photos?: PhotoStore,
): { store: InventorySourceStore; sync: InventorySync } {
  const send = config.mail ? smtpTransport(config.mail) : undefined;
  const notify: OwnerNotice = async (source, subject, text) => {
    const owners = (await stores.staff.accounts.list()).filter((a) => a.role === "owner" && (!a.sites || !source.site || a.sites.includes(source.site)));
    if (!send || !config.mail || !owners.length) return void console.log(`[inventory-sync] ${subject}: ${text}`);
    await send({ from: config.mail.from, to: owners.map((a) => a.email), subject, text }).catch((err: unknown) =>
      console.error(`[inventory-sync] the owners could not be mailed "${subject}":`, err),
    );
  };
  const sync = inventorySync({
    store: stores.inventorySources,
    vehicles: stores.vehicles,
    audit: stores.staff.audit,
    sites: stores.sites,
    dataDir: config.dataDir,
    photos,
    notify,
    pollMs: config.inventoryPollMs,
  });
  sync.start();
  return { store: stores.inventorySources, sync };
}
