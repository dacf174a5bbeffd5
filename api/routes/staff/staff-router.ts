import { Router } from "express";
import type { Store } from "express-rate-limit";
import type { Config } from "../../config";
import { noStore, requireChosenPassword, requireSession, sameOriginWrites } from "../../middleware/staff-guard";
import type { StaffStores } from "../../store/staff-stores";
import type { LeadStore } from "../../store/lead-store";
import type { PhotoStore } from "../../store/photo-store";
import type { SiteStore } from "../../store/site-store";
import type { VehicleStore } from "../../store/vehicle-store";
import type { LeadQueue } from "../contact";
import { accountsRouter, auditRouter, originsRouter } from "./admin";
import { staffInventoryCsvRouter } from "./inventory-csv";
import { staffLeadsRouter } from "./leads";
import { staffTradeInPhotosRouter } from "../trade-in";
import { sessionRouter } from "./session";
import type { WidgetReleases } from "../../widget-releases";
import { staffSiteWidgetsRouter } from "./site-widgets";
import { staffSitesRouter } from "./sites";
import { staffVehiclesRouter } from "./vehicles";
import { staffRentalsRouter } from "./rentals";
import { staffInventorySourcesRouter } from "./inventory-sources";
import type { InventorySourceStore } from "../../store/inventory-source-store";
import type { InventorySync } from "../../inventory-sync";
import type { RentalDesk } from "../rentals-desk";

export interface StaffDeps extends StaffStores {
  config: Pick<Config, "staffOrigins" | "secureCookies" | "staffSignInRateLimit" | "leadOrigins" | "mail">;
  vehicles: VehicleStore;
  /** The sites this deployment serves; the Origins API works on the request's. */
  sites: SiteStore;
  leads: LeadStore;
  /** Lead mail; null when mail is off. */
  outbox: LeadQueue | null;
  photos: PhotoStore;
  /** Where a rate limit keeps its counts (shared by every instance with PostgreSQL). */
  rateLimitStore?: (name: string) => Store | undefined;
  /** The kept widget releases, for a site's pinned scripts' hashes (the Embed page). */
  widgetReleases?: Pick<WidgetReleases, "integrity">;
  /** The rental desk. */
  rentals: RentalDesk;
  /** Inventory sources: their store, and the runs that keep the catalogue to the dealer system. */
  inventorySources?: InventorySourceStore;
  inventory?: InventorySync;
}

/**
 * Everything under /api/staff: no-store answers; writes from a foreign origin
 * (not the deployment's own: any of its sites' domains) refused (403) before anything else; then a live session (401), except to sign in;
 * then a password of the account's own choosing (403 after an owner's reset).
 */
export function staffRouter(deps: StaffDeps): Router {
  const router = Router();
  router.use(noStore, sameOriginWrites(deps.config.staffOrigins, deps.sites));
  router.use("/session", sessionRouter(deps));
  router.use(requireSession(deps.sessions, deps.accounts), requireChosenPassword);
  router.use("/vehicles", staffVehiclesRouter(deps));
  router.use("/inventory-csv", staffInventoryCsvRouter(deps));
  router.use("/audit", auditRouter(deps));
  router.use("/accounts", accountsRouter(deps));
  router.use("/origins", originsRouter(deps));
  router.use("/sites", staffSiteWidgetsRouter(deps), staffSitesRouter(deps));
  router.use("/rentals", staffRentalsRouter(deps));
  if (deps.inventorySources && deps.inventory) router.use("/inventory-sources", staffInventorySourcesRouter(deps));
  router.use(staffTradeInPhotosRouter(deps), staffLeadsRouter(deps));
  return router;
}
