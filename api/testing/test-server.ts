import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Router } from "express";
import { createAppServer } from "../app";
import { LeadOutbox } from "../mail/lead-outbox";
import { smtpSender } from "../mail/smtp-sender";
import { loadConfig } from "../config";
import { openStores } from "../store/open-stores";
import type { LeadStore } from "../store/lead-store";
import type { SiteStore } from "../store/site-store";
import type { StaffStores } from "../store/staff-stores";
import type { VehicleStore } from "../store/vehicle-store";
import { PhotoStore } from "../store/photo-store";
import { createSiteRouter, siteErrorHandler, type SiteRouter } from "../../host-site/server/site-router";
import { widgetReleases } from "../widget-releases";
import { openRentalDesk, type RentalDesk } from "../routes/rentals-desk";
import { openInventory, type InventorySync } from "../inventory-sync";
import type { RentalOutbox } from "../mail/rental-outbox";
import { TestDriveOutbox, withTestDriveConfirmations } from "../mail/test-drive-outbox";
import { smtpVisitorSender } from "../mail/visitor-sender";
import type { RentalStore } from "../store/rental-store";

/** The repository root: where the built site (dist/site, dist/widgets) is. */
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface TestServer {
  url: string;
  dataDir: string;
  /** The site's own origin, the one staff writes must come from. */
  origin: string;
  vehicles: VehicleStore;
  /** The photo store the server writes to (PHOTOS_DIR, PHOTO_ORIGINALS as given). */
  photos: PhotoStore;
  leads: LeadStore;
  sites: SiteStore;
  /** The server's own staff stores (accounts, sessions, audit), on either engine. */
  staff: StaffStores;
  outbox: LeadOutbox | null;
  /** Rentals: the store, the desk, and the renters' outbox when mail is on. */
  rentals: RentalStore;
  /** Inventory sources' runs. */
  inventory: InventorySync;
  rentalDesk: RentalDesk;
  rentalOutbox: RentalOutbox | null;
  close(): Promise<void>;
}

/** A fresh temporary data folder. */
export const tempDataDir = () => mkdtemp(path.join(os.tmpdir(), "gc-api-"));

/**
 * The real app on a loopback port, with its data in a temporary folder (or the one given).
 * `now` is the clock staff sessions and lockouts go by; `widgetsDir` serves built widget scripts;
 * `builtSite` serves the built pages and widgets (`npm run build` first), as `npm start` does.
 * With DATABASE_URL in `env`, the stores are PostgreSQL's.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  dataDir?: string,
  { widgetsDir, now = Date.now, builtSite = false }: { widgetsDir?: string; now?: () => number; builtSite?: boolean } = {},
): Promise<TestServer> {
  const dir = dataDir ?? (await tempDataDir());
  // Off unless a test sets them: most tests send many requests from one address.
  const config = loadConfig({ CONTACT_RATE_LIMIT: "0", RENTAL_UNCONFIRMED_LIMIT: "0", TEST_DRIVE_LIMIT: "0", ...env, DATA_DIR: dir });
  const stores = await openStores({ ...config, now });
  const { leads, vehicles } = stores;
  const outbox = config.mail
    ? new LeadOutbox(leads, smtpSender(config.mail, stores.sites), { baseMs: config.mail.retryBaseMs, maxMs: config.mail.retryBaseMs * 8 })
    : null;
  await outbox?.start();
  const confirmations = config.mail
    ? new TestDriveOutbox(leads, stores.sites, smtpVisitorSender(config.mail), { baseMs: config.mail.retryBaseMs, maxMs: config.mail.retryBaseMs * 8 })
    : null;
  await confirmations?.start();
  const rentals = openRentalDesk(stores.rentals, stores.sites, config.mail, {
    now: () => new Date(now()),
    publicOrigin: config.publicOrigin,
    unconfirmedLimit: config.rentalUnconfirmedLimit,
    ...(config.mail && { backoff: { baseMs: config.mail.retryBaseMs, maxMs: config.mail.retryBaseMs * 8 } }),
  });
  await rentals.outbox?.start();
  const photos = new PhotoStore(config.photosDir, { originals: config.photoOriginals });
  const inventory = openInventory(stores, config, photos);
  const siteRouter = builtSite
    ? createSiteRouter({
        distDir: path.join(ROOT, "dist/site"),
        publicDir: path.join(ROOT, "host-site/public"),
        vehicles,
        sites: stores.sites,
        rentals: rentals.desk,
        ...(config.pageCacheBytes ? { pageCacheBytes: config.pageCacheBytes } : {}),
      })
    : Router();
  const server = createAppServer({
    config,
    limits: config.limits,
    widgetSourceMaps: config.widgetSourceMaps,
    vehicles,
    photos,
    leads,
    outbox: outbox && confirmations ? withTestDriveConfirmations(outbox, confirmations) : outbox,
    staff: stores.staff,
    sites: stores.sites,
    rentals: rentals.desk,
    inventory,
    rateLimitStore: stores.rateLimitStore,
    widgetsDir: widgetsDir ?? (builtSite ? path.join(ROOT, "dist/widgets") : path.join(dir, "no-widgets")),
    // The build's (or the given) releases, kept in this data folder, as main.ts keeps them.
    ...(builtSite || widgetsDir ? { widgetReleases: await widgetReleases(widgetsDir ?? path.join(ROOT, "dist/widgets"), dir) } : {}),
    site: siteRouter,
    ...(builtSite ? { caches: () => ({ pages: (siteRouter as SiteRouter).cacheReport() }) } : {}),
    siteErrors: siteErrorHandler({ distDir: builtSite ? path.join(ROOT, "dist/site") : path.join(dir, "no-site") }),
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    origin: config.publicOrigin,
    vehicles,
    photos,
    leads,
    sites: stores.sites,
    staff: stores.staff,
    outbox,
    rentals: stores.rentals,
    rentalDesk: rentals.desk,
    rentalOutbox: rentals.outbox,
    inventory: inventory.sync,
    close: async () => {
      await inventory.sync.stop();
      await outbox?.stop();
      await confirmations?.stop();
      await rentals.outbox?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await stores.close();
      if (!dataDir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export { validLead } from "../../domain/testing/valid-lead";

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

/** A JSON POST with `origin` from `localAddress` (another loopback address, such as 127.0.0.2, is another client). */
export function postJsonFrom(
  url: string,
  body: unknown,
  origin: string,
  localAddress = "127.0.0.1",
): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", localAddress, headers: { "content-type": "application/json", origin, "content-length": Buffer.byteLength(text) } },
      (res) => {
        let data = "";
        res.on("data", (c: Buffer) => (data += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(data) as Record<string, unknown> }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}
