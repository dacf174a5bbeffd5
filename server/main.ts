import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "../api/config";
import { createAppServer, limitedServer } from "../api/app";
import { closeServer, Drain } from "../api/drain";
import { CorruptDataFileError, MissingDataFileError } from "../api/store/json-file";
import { openStores, type Stores } from "../api/store/open-stores";
import { redactUrl } from "../api/store/pg/database";
import { PhotoStore } from "../api/store/photo-store";
import { setPhotoEncoding } from "../api/photos/sharp";
import { createSiteRouter, siteErrorHandler } from "../host-site/server/site-router";
import { createDemoApp } from "../demo/server";
import { DEFAULT_BACKOFF, LeadOutbox } from "../api/mail/lead-outbox";
import { smtpSender } from "../api/mail/smtp-sender";
import { widgetReleases } from "../api/widget-releases";
import { openRentalDesk } from "../api/routes/rentals-desk";
import { openInventory, type InventorySync } from "../api/inventory-sync";
import type { RentalOutbox } from "../api/mail/rental-outbox";
import { TestDriveOutbox, withTestDriveConfirmations } from "../api/mail/test-drive-outbox";
import { smtpVisitorSender } from "../api/mail/visitor-sender";

/** The repository root: this file runs from dist/server/ once built (tsup.config.ts). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<void> {
  const config = loadConfig();
  // Production unless told otherwise (config's default), also for Express and every library that reads NODE_ENV.
  process.env.NODE_ENV = config.env;
  const drain = new Drain();
  const servers: Server[] = [];
  /** What has a write to flush on the way out, once open. */
  const opened: {
    stores?: Stores;
    outbox?: LeadOutbox | null;
    rentalOutbox?: RentalOutbox | null;
    confirmations?: TestDriveOutbox | null;
    inventory?: InventorySync;
  } = {};

  /**
   * An orderly stop: requests in flight finish (up to SHUTDOWN_TIMEOUT_MS)
   * while new ones get 503, then the servers close, the outbox records the
   * mail it is sending, and every file holds every change made; exit 0. A
   * lead answered 201 was on disk before its answer, so nothing acknowledged
   * can be lost, whatever happens here. Later signals change nothing (SIGKILL
   * stops at once). Listened for from the start, so that a signal during
   * start-up is an orderly stop too.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    // A terminal's Ctrl-C or a service manager signals the whole process group, and npm passes the signal on too.
    if (stopping) return console.log(`[server] ${signal}: already stopping`);
    stopping = true;
    console.log(`[server] ${signal}: draining: ${drain.inFlight} request(s) in flight; new ones get 503 (waiting up to ${config.shutdownTimeoutMs} ms)`);
    const finished = await drain.drain(config.shutdownTimeoutMs);
    if (!finished) console.warn(`[server] ${drain.inFlight} request(s) still in flight after ${config.shutdownTimeoutMs} ms: closing their connections`);
    await Promise.all(servers.map(closeServer));
    try {
      await opened.outbox?.stop();
      await opened.rentalOutbox?.stop();
      await opened.confirmations?.stop();
      await opened.inventory?.stop();
      await opened.stores?.leads.flush();
      await opened.stores?.close();
    } catch (err) {
      console.error("[server] stopped, but a pending write failed:", err);
      process.exit(1);
    }
    console.log("[server] stopped: every write is on disk");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  const stores = await openStores(config);
  opened.stores = stores;
  const { vehicles, leads, staff } = stores;
  // The lead archives are read while the server already listens (lowdb): a corrupt one stops it as a corrupt file at start-up does, untouched.
  void leads.ready.then(
    () => console.log("[leads] every stored lead is read"),
    (err: unknown) => {
      console.error(`[server] ${err instanceof CorruptDataFileError ? err.message : `could not read the stored leads: ${String(err)}`}`);
      process.exit(1);
    },
  );
  // Photo files live in PHOTOS_DIR (DATA_DIR/photos by default): with several instances, a folder they all share.
  setPhotoEncoding(config.photoEncoding);
  const photos = new PhotoStore(config.photosDir, { originals: config.photoOriginals });
  // One server alone (lowdb) may sweep at start-up; with PostgreSQL another instance may be mid-upload into the shared folder.
  const swept = stores.engine === "lowdb" ? await photos.sweep(vehicles.all().flatMap((v) => v.images)) : { removed: [] };
  if (swept.removed.length) console.log(`[photos] removed ${swept.removed.length} file(s) of interrupted uploads or of photos no vehicle shows`);
  const outbox = config.mail ? new LeadOutbox(leads, smtpSender(config.mail, stores.sites), { ...DEFAULT_BACKOFF, baseMs: config.mail.retryBaseMs }) : null;
  opened.outbox = outbox;
  if (outbox) {
    const mail = config.mail!;
    // Not awaited: finding the pending leads may read every lead file (lowdb), which the server does not wait for before it listens.
    void outbox.start().then(
      (pending) => console.log(`[mail] lead mail is on: to ${mail.to} from ${mail.from}; ${pending} pending lead(s) queued`),
      (err: unknown) => console.error("[mail] could not read the pending leads:", err),
    );
  } else {
    console.log("[mail] lead mail is OFF (set SMTP_URL, LEAD_TO and LEAD_FROM): leads are stored and marked not-sent; export them with `npm run leads`");
  }

  // Visitors' test-drive confirmations: owed from the booking's own write, so none is lost either.
  const confirmations = config.mail
    ? new TestDriveOutbox(leads, stores.sites, smtpVisitorSender(config.mail), { ...DEFAULT_BACKOFF, baseMs: config.mail.retryBaseMs })
    : null;
  opened.confirmations = confirmations;
  void confirmations?.start().then(
    (pending) => pending && console.log(`[mail] ${pending} pending test-drive confirmation(s) queued`),
    (err: unknown) => console.error("[mail] could not read the pending test-drive confirmations:", err),
  );

  // Renters' mails go through the same mail settings; each is stored with its reservation, so none is lost.
  const rentals = openRentalDesk(stores.rentals, stores.sites, config.mail, {
    publicOrigin: config.publicOrigin,
    unconfirmedLimit: config.rentalUnconfirmedLimit,
  });
  opened.rentalOutbox = rentals.outbox;
  void rentals.outbox?.start().then(
    (pending) => pending && console.log(`[mail] ${pending} pending renter mail(s) queued`),
    (err: unknown) => console.error("[mail] could not read the renters' pending mails:", err),
  );

  // Inventory sources: the dealer system's inventory fetched on a schedule, pushed or dropped.
  const inventory = openInventory(stores, config, photos);
  opened.inventory = inventory.sync;

  const siteRouter = createSiteRouter({
    distDir: path.join(ROOT, "dist/site"),
    publicDir: path.join(ROOT, "host-site/public"),
    vehicles,
    sites: stores.sites,
    rentals: rentals.desk,
    pageCacheBytes: config.pageCacheBytes,
  });
  const site = createAppServer({
    drain,
    config,
    limits: config.limits,
    widgetSourceMaps: config.widgetSourceMaps,
    vehicles,
    photos,
    leads,
    outbox: outbox && confirmations ? withTestDriveConfirmations(outbox, confirmations) : outbox,
    staff,
    sites: stores.sites,
    rentals: rentals.desk,
    inventory,
    rateLimitStore: stores.rateLimitStore,
    widgetsDir: path.join(ROOT, "dist/widgets"),
    widgetReleases: await widgetReleases(path.join(ROOT, "dist/widgets"), config.dataDir),
    site: siteRouter,
    caches: () => ({ pages: siteRouter.cacheReport() }),
    siteErrors: siteErrorHandler({ distDir: path.join(ROOT, "dist/site") }),
  });
  const demoApp = createDemoApp({ pagesDir: path.join(ROOT, "demo/pages"), dealerOrigin: config.publicOrigin, demoOrigin: config.demoOrigin });

  const demo = limitedServer(config.limits, demoApp, drain);

  const listen = (name: string, handler: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      const server = handler.listen(port, config.host, () => {
        // The port bound, also when PORT=0 asked the system for a free one.
        console.log(`[server] ${name} listening on http://localhost:${(server.address() as AddressInfo).port}`);
        resolve();
      });
      server.once("error", reject);
      servers.push(server);
    });
  await listen("site, API and widgets", site, config.port);
  await listen("partner demo pages", demo, config.demoPort);
  const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : config.dataDir;
  console.log(`[server] data in ${where}; leads accepted from ${config.leadOrigins.join(", ")}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof CorruptDataFileError || err instanceof MissingDataFileError) {
    console.error(`[server] ${err.message}`);
  } else {
    console.error("[server] failed to start:", err);
  }
  process.exit(1);
});
