import { Router, type Request } from "express";
import { inventoryFacets, type InventoryFacets } from "../../domain/inventory-facets";
import { inventoryPage, parseInventoryQuery, queryParams } from "../../domain/inventory-query";
import { isShownOn, type Vehicle } from "../../domain/vehicle";
import { publicVehicleOn } from "../../domain/public-vehicle";
import type { VehicleReader } from "../store/vehicle-store";
import { HttpError } from "../http-error";
import { sendPrepared } from "./send-prepared";

/** The header that carries the number of vehicles a filtered list matched (a paged answer also has it in its body). */
export const TOTAL_COUNT_HEADER = "X-Total-Count";

/** True when the request asks for a filtered, sorted or paged list rather than the whole one (other parameters are ignored). */
const asksForPage = (req: Request): boolean => Object.keys(queryParams(req.query as Record<string, unknown>)).length > 0;

/** What a catalogue version is worked out into, per site: its vehicles, and the facets per brand asked for ("" for all). */
interface SiteView {
  shown: Vehicle[];
  facets: Map<string, InventoryFacets>;
}
/** Keyed by the store's list, which is a new array at each change: a change drops them all, and nothing else does. */
const views = new WeakMap<readonly Vehicle[], Map<string, SiteView>>();

function siteView(list: readonly Vehicle[], site: string): SiteView {
  let bySite = views.get(list);
  if (!bySite) views.set(list, (bySite = new Map()));
  let view = bySite.get(site);
  if (!view) bySite.set(site, (view = { shown: list.filter((v) => isShownOn(v, site)).map((v) => publicVehicleOn(v, site)), facets: new Map() }));
  return view;
}

/**
 * The filters' options with their counts, computed once per catalogue change: every brand of the site, and the
 * categories of the brand asked for (all of them without one), so a client that holds one page can offer them all.
 */
function facetsOf(view: SiteView, brand = ""): InventoryFacets {
  let facets = view.facets.get(brand);
  if (!facets) view.facets.set(brand, (facets = inventoryFacets(view.shown, brand)));
  return facets;
}

/**
 * GET /api/vehicles and GET /api/vehicles/:id: the vehicles of the request's site (res.locals.site). Without
 * parameters the list is the whole array (prepared once per change); with the inventory's filters
 * and sort (domain/inventory-query.ts) it is the matching array, and with `page` or `pageSize` one page of it in an
 * envelope `{ vehicles, total, page, pageSize, pageCount, facets }` (docs/decisions/0027-paged-inventory.md).
 */
export function vehiclesRouter(store: VehicleReader): Router {
  const router = Router();
  router.get("/", (req, res) => {
    if (!asksForPage(req)) return sendPrepared(req, res, store.listBody(res.locals.site.id));
    const parsed = parseInventoryQuery(req.query as Record<string, unknown>);
    if ("error" in parsed) throw new HttpError(400, parsed.error);
    const { query } = parsed;
    const view = siteView(store.list(), res.locals.site.id);
    const paged = query.page !== undefined || query.pageSize !== undefined;
    const page = inventoryPage(view.shown, query, paged ? undefined : Number.MAX_SAFE_INTEGER);
    // Partners' scripts read the count cross-origin: CORS hides a header it is not told to expose.
    res.set({ [TOTAL_COUNT_HEADER]: String(page.total), "Access-Control-Expose-Headers": TOTAL_COUNT_HEADER, "Cache-Control": "public, no-cache" });
    res.json(paged ? { ...page, facets: facetsOf(view, query.brand) } : page.vehicles);
  });
  router.get("/:id", (req, res) => {
    const site = res.locals.site.id;
    const body = store.body(req.params.id, site);
    const found = store.find(req.params.id);
    if (!body && found?.status === "sold" && isShownOn(found, site)) throw new HttpError(410, `Vehicle sold: ${req.params.id}`);
    if (!body) throw new HttpError(404, `Vehicle not found: ${req.params.id}`);
    sendPrepared(req, res, body);
  });
  return router;
}
