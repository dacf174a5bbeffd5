import { Router } from "express";
import type { Store } from "express-rate-limit";
import type { Config } from "./config";
import type { LeadStore } from "./store/lead-store";
import type { SiteStore } from "./store/site-store";
import type { StaffStores } from "./store/staff-stores";
import type { PhotoStore } from "./store/photo-store";
import type { VehicleStore } from "./store/vehicle-store";
import type { WidgetReleases } from "./widget-releases";
import { apiNotFound, jsonErrors, rejectMalformedPath } from "./middleware/errors";
import { isOwnOrigin, leadOrigins, openReads } from "./middleware/lead-origins";
import { contactRateLimit } from "./middleware/rate-limit";
import { contactRouter, type LeadQueue } from "./routes/contact";
import { leadAssigner } from "./lead-assignment";
import { type CacheReport, healthRouter } from "./routes/health";
import { rentalsRouter } from "./routes/rentals";
import { inventoryPushRouter } from "./routes/inventory-push";
import type { InventorySync } from "./inventory-sync";
import type { InventorySourceStore } from "./store/inventory-source-store";
import type { RentalDesk } from "./routes/rentals-desk";
import { staffRouter } from "./routes/staff/staff-router";
import { testDrivesRouter } from "./routes/test-drives";
import { tradeInRouter } from "./routes/trade-in";
import { tlsRouter } from "./routes/tls";
import { vehiclesRouter } from "./routes/vehicles";

export interface ApiDeps {
  config: Pick<
    Config,
    | "leadOrigins"
    | "contactRateLimit"
    | "testDriveLimit"
    | "publicOrigin"
    | "trustProxy"
    | "staffOrigins"
    | "secureCookies"
    | "staffSignInRateLimit"
    | "mail"
    | "organisationName"
  >;
  vehicles: VehicleStore;
  /** What the server's caches hold, by name, for /api/health (the site's rendered pages). */
  caches?: () => Record<string, CacheReport>;
  /** Uploaded photos' files under DATA_DIR/photos. */
  photos: PhotoStore;
  leads: LeadStore;
  /** Mail delivery of stored leads; null when mail is off. */
  outbox: LeadQueue | null;
  /** Staff accounts, sessions, audit and added partner origins. */
  staff: StaffStores;
  /** The sites this deployment serves. */
  sites: SiteStore;
  /** Rentals booked online: quotes, reservations, the renters' and the staff's steps. */
  rentals: RentalDesk;
  /** Where a rate limit keeps its counts: shared by every instance with PostgreSQL; undefined, in this process. */
  rateLimitStore?: (name: string) => Store | undefined;
  /** Inventory sources: absent, the API has none (a test's server without them). */
  inventory?: { store: InventorySourceStore; sync: InventorySync };
  /** /widgets/{version}/… and /widgets/v{major}/…: the kept releases (api/widget-releases.ts); absent, only the latest. */
  widgetReleases?: WidgetReleases;
}

/** Everything under /api: every answer, errors included, is JSON. */
export function apiRouter({
  config,
  vehicles,
  caches,
  photos,
  leads,
  outbox,
  staff,
  sites,
  rentals,
  rateLimitStore,
  widgetReleases,
  inventory,
}: ApiDeps): Router {
  const api = Router();
  api.use(rejectMalformedPath);
  api.use("/vehicles", openReads, vehiclesRouter(vehicles));
  api.use("/health", openReads, healthRouter(leads, caches));
  api.use("/tls", tlsRouter(sites));
  api.use(
    "/contact",
    leadOrigins((origin, req, res) => isOwnOrigin(origin, req) || staff.origins.allows(res.locals.site.id, origin)),
    contactRateLimit(config.contactRateLimit, rateLimitStore?.("contact")),
    contactRouter({
      leads,
      outbox,
      vehicles,
      testDriveLimit: config.testDriveLimit,
      assign: leadAssigner({ sites, accounts: staff.accounts, followUps: staff.followUps }),
    }),
    // POST /api/contact/trade-in: a trade-in lead with photos, multipart.
    tradeInRouter({ leads, outbox, vehicles, photos, assign: leadAssigner({ sites, accounts: staff.accounts, followUps: staff.followUps }) }),
  );
  api.use("/test-drives", openReads, testDrivesRouter(leads, vehicles));
  api.use(
    "/rentals",
    rentalsRouter({
      desk: rentals,
      rateLimit: config.contactRateLimit,
      rateLimitStore: rateLimitStore?.("rentals"),
      allowsOrigin: (site, origin) => staff.origins.allows(site, origin),
      publicOrigin: config.publicOrigin,
    }),
  );
  if (inventory) api.use("/inventory-sources", inventoryPushRouter({ store: inventory.store, inventory: inventory.sync }));
  api.use(
    "/staff",
    staffRouter({
      ...staff,
      config,
      vehicles,
      leads,
      outbox,
      photos,
      rateLimitStore,
      sites,
      widgetReleases,
      rentals,
      inventorySources: inventory?.store,
      inventory: inventory?.sync,
    }),
  );
  api.use(apiNotFound);
  api.use(jsonErrors);
  return api;
}
