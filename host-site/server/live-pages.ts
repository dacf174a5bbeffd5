import type { VehicleChange } from "../../api/store/vehicle-store";
import { prepareHtml, PreparedBody } from "../../api/prepared/prepared-body";
import { Catalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { isListed, isPublic, isShownOn, type Vehicle } from "../../domain/vehicle";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts, type SiteFacts } from "../lib/site-facts";
import type { PageDef } from "../pages/page";
import { similarVehicles, soldVehiclePage } from "../pages/SoldVehiclePage";
import { vehiclePage, vehiclePath } from "../pages/VehiclePage";
import { inventoryPage } from "../pages/InventoryPage";
import { cataloguePage, CATALOGUE_PATHS } from "../routes";
import { inventorySearch, type InventoryQuery } from "../../domain/inventory-query";
import { PageCache } from "./page-cache";
import { publicVehicleOn, standsElsewhere } from "../../domain/public-vehicle";
import type { ListingFeed } from "./feeds/listing-feeds";
import { PAYMENT_PARAMS, type PaymentFields } from "../../domain/payment";
import { comparePage } from "../pages/ComparePage";
import type { CompareRequest } from "../../domain/compare";
import { contactPage } from "../pages/ContactPage";

/** The catalogue as the site reads it: every vehicle, sold ones included, and a call after each change. */
export interface CatalogueFeed {
  all(): readonly Vehicle[];
  /** Calls `listener` after every change, with the change (without one, anything may have changed); returns the unsubscribe. */
  onChange(listener: (change?: VehicleChange) => void): () => void;
}

/** The listing feeds' caching: revalidated on every fetch (the ETag makes that cheap). */
const FEED_FILES = "public, no-cache";

/** A vehicle's page as served: 200, or 410 once it has been sold. */
export interface VehiclePageAnswer {
  status: 200 | 410;
  body: PreparedBody;
}

/** A page of the inventory as served: 200, or 404 for a page number past the end of its results. */
export interface InventoryPageAnswer {
  status: 200 | 404;
  body: PreparedBody;
}

/** The catalogue as one site shows it, for one version of the catalogue. */
interface Shown {
  /** Every vehicle, so a sold one's address still resolves (to its 410 page). */
  all: Catalogue;
  listed: Catalogue;
  /** The ids of listed vehicles that stand on another site's lot (which their public view does not name). */
  elsewhere: ReadonlySet<string>;
  /** Each vehicle's place in `all` and in `listed`, worked out when the view is first made again from this one. */
  places?: Map<string, { all: number; listed?: number }>;
}

function placesOf({ all, listed }: Shown): Map<string, { all: number; listed?: number }> {
  const places = new Map<string, { all: number; listed?: number }>(all.vehicles.map((v, i) => [v.id, { all: i }]));
  listed.vehicles.forEach((v, i) => (places.get(v.id)!.listed = i));
  return places;
}

/** Whether `change` shows on the site `siteId`: the vehicle it was or is now is one the site shows. */
const touches = (change: VehicleChange, siteId: string): boolean =>
  (change.action !== "create" && isShownOn(change.previous, siteId)) || (change.action !== "delete" && isShownOn(change.vehicle, siteId));

/** Whether a stored vehicle is on the site `siteId`'s pages at all. */
const onSite = (v: Vehicle, siteId: string): boolean => isShownOn(v, siteId) && isPublic(v);

/** Changes past this many since the view was last made make it afresh (a sync's batch), not one by one. */
const FEW = 64;

/** A number per LivePages, in the keys of the answers it keeps in the shared cache. */
let lastInstance = 0;

/**
 * One site's pages that show catalogue data, each rendered by the first request that asks for it and served from
 * memory after (as prepared bodies: bytes, ETag, gzip and brotli), kept in the deployment's PageCache (bounded in
 * bytes, shared by every site). A write renders nothing; it makes the site's view of the catalogue stale:
 * - a change to a vehicle this site does not show (before or after) leaves it alone;
 * - otherwise the view is made again from the last one (the few vehicles changed put in their places), and each kept
 *   answer is checked against it when next asked for: its inputs (the page's definition, made from the view; for a
 *   list page the catalogue's shared derivations) are worked out again, and it is rendered again only when their
 *   fingerprint differs (page-cache.ts). A price change to a cart on none of a page's cards leaves that page's bytes.
 * No request after a write's 2xx is answered from what it changed (docs/architecture/pages.md). `close()` stops following
 * the catalogue and forgets the site's answers.
 */
export class LivePages {
  #shown: Shown | null = null;
  /** The last view made, and the changes since, from which the next one is made. */
  #last: { shown: Shown; changes: VehicleChange[] | null } | null = null;
  /** Bumped by every change that touches the site: a kept answer of an older version is checked before it is served. */
  #version = 0;
  readonly #prefix = `${++lastInstance}\0`;
  readonly #cache: PageCache;
  readonly #feed: CatalogueFeed;
  readonly #assets: SiteAssets;
  readonly #site: SiteFacts;
  readonly #unsubscribe: () => void;

  constructor(feed: CatalogueFeed, assets: SiteAssets, site: Site, cache: PageCache = new PageCache()) {
    this.#feed = feed;
    this.#assets = assets;
    this.#site = siteFacts(site);
    this.#cache = cache;
    this.#unsubscribe = feed.onChange((change) => this.#changed(change));
  }

  /** Stop following the catalogue (the site changed or went away) and forget the answers kept for it. */
  close(): void {
    this.#unsubscribe();
    this.#cache.forget(this.#prefix);
  }

  /** A catalogue page (home, inventory, brand pages, the HTML sitemap), or undefined for any other path. */
  page(path: string): PreparedBody | undefined {
    // Only the catalogue's own paths are kept: any other path a visitor types is not.
    if (!CATALOGUE_PATHS.includes(path)) return undefined;
    return this.#tracked(`p${path}`, (catalogue) => ({ body: this.#render(cataloguePage({ catalogue, site: this.#site }, path)!) })).body;
  }

  /** A page of the inventory for `query` (filters, sort and page), a pure function of the site, the catalogue and the query. */
  inventory(query: InventoryQuery): InventoryPageAnswer {
    return this.#tracked(`i${inventorySearch(query)}`, (catalogue): InventoryPageAnswer => {
      const page = inventoryPage({ catalogue, site: this.#site }, query);
      return { status: page.found ? 200 : 404, body: this.#render(page, "/inventory") };
    });
  }

  /** A body made from `inputs` (a feed's vehicles, the XML sitemap's paths), made again only when they differ. */
  derived<I>(key: string, inputs: () => I, make: (inputs: I) => PreparedBody): PreparedBody {
    return this.#answer(`d${key}`, inputs, (given) => ({ body: make(given) })).body;
  }

  /**
   * A listing feed of the site's listed units (sold ones are not listed), written again when a unit in it changes and
   * revalidated on every fetch, so a unit sold leaves it at the consumer's next fetch.
   */
  feed(path: string, feed: ListingFeed): PreparedBody {
    return this.derived(
      path,
      () => {
        const { listed, elsewhere } = this.#current();
        return feed.ownLotOnly ? listed.vehicles.filter((v) => !elsewhere.has(v.id)) : listed.vehicles;
      },
      (vehicles) => new PreparedBody(feed.build(this.#site, vehicles), { type: feed.type, cacheControl: FEED_FILES }),
    );
  }

  /**
   * `/compare?ids=…`: the carts asked for that this site lists, side by side, and notes on the rest; one answer kept
   * per choice of carts, like any other page.
   */
  compare(request: CompareRequest): PreparedBody {
    const key = `m${request.ids.join(",")}|${request.extra}|${request.malformed.join(",")}`;
    return this.#tracked(key, (listed) => ({
      body: this.#render(comparePage(this.#site, { request, vehicles: listed.pick(request.ids), listed: listed.vehicles })),
    })).body;
  }

  /**
   * `/contact?vehicle=<id>`: the contact page naming the cart `id` (a sold one too: the page says so), or undefined when
   * the site has no vehicle by that exact id (the plain contact page answers then).
   */
  contact(id: string): PreparedBody | undefined {
    const v = this.#current().all.pick([id])[0];
    if (!v) return undefined;
    return this.#answer(
      `c${id}`,
      () => v,
      (cart) => ({ body: this.#render(contactPage(this.#site, cart)) }),
    ).body;
  }

  /**
   * The page of the vehicle a slug from any link rule points at, or undefined when there is none; `estimate`, the
   * figures of its payment estimate's GET form, computed in the page (a listed vehicle's only).
   */
  vehicle(slug: string, estimate?: Partial<PaymentFields>): VehiclePageAnswer | undefined {
    const shown = this.#current();
    const v = shown.all.find(slug);
    if (!v) return undefined;
    if (estimate && isListed(v)) {
      const key = `e${v.id}?${(Object.keys(PAYMENT_PARAMS) as (keyof PaymentFields)[]).map((k) => estimate[k] ?? "").join("&")}`;
      return this.#answer(
        key,
        () => v,
        (cart): VehiclePageAnswer => ({ status: 200, body: this.#render(vehiclePage(this.#site, cart, estimate)) }),
      );
    }
    // A listed cart's page shows the cart alone; a sold one's offers similar listed carts.
    return this.#answer(
      `v${v.id}`,
      () => ({ v, similar: isListed(v) ? null : similarVehicles(v, shown.listed.vehicles) }),
      ({ v: cart, similar }): VehiclePageAnswer =>
        similar
          ? { status: 410, body: this.#render(soldVehiclePage(this.#site, cart, similar)) }
          : { status: 200, body: this.#render(vehiclePage(this.#site, cart)) },
    );
  }

  /** The sitemap's share of the catalogue: its pages, then every listed vehicle's page. */
  sitemapPaths(): string[] {
    return [...CATALOGUE_PATHS, ...this.#current().listed.vehicles.map(vehiclePath)];
  }

  /** The answer kept under `key`, checked against the current view when it is older (PageCache.answer). */
  #answer<I, A extends { body: PreparedBody }>(key: string, inputs: () => I, make: (inputs: I) => A): A {
    return this.#cache.answer(this.#prefix + key, this.#version, inputs, make);
  }

  /** The answer kept under `key`, made from the site's listed catalogue and checked by its reads (PageCache.tracked). */
  #tracked<A extends { body: PreparedBody }>(key: string, make: (listed: Catalogue) => A): A {
    return this.#cache.tracked(this.#prefix + key, this.#version, this.#current().listed, make);
  }

  #render(page: PageDef, servedAt?: string): PreparedBody {
    return prepareHtml(renderPage(this.#site, page, this.#assets, servedAt));
  }

  #changed(change?: VehicleChange): void {
    if (change && !touches(change, this.#site.id)) return;
    this.#version++;
    if (this.#shown) this.#last = { shown: this.#shown, changes: [] };
    this.#shown = null;
    const changes = this.#last?.changes;
    if (!changes) return;
    if (change && changes.length < FEW) changes.push(change);
    else this.#last!.changes = null;
  }

  #current(): Shown {
    if (this.#shown) return this.#shown;
    const last = this.#last;
    this.#shown = (last?.changes && this.#replaced(last.shown, last.changes)) || this.#made(last?.shown);
    this.#last = null;
    return this.#shown;
  }

  /**
   * The view the site shows, made afresh from the whole catalogue. It shows only its published vehicles (another
   * site's, or a draft, is unknown here: its page a 404), and only their public fields, naming no other site
   * (publicVehicleOn: neither the sites that show it nor another site's lot). `before` lends its slug index.
   */
  #made(before?: Shown): Shown {
    const siteId = this.#site.id;
    const stored = this.#feed.all().filter((v) => onSite(v, siteId));
    const elsewhere = new Set(stored.filter((v) => isListed(v) && standsElsewhere(v, siteId)).map((v) => v.id));
    const all = stored.map((v) => publicVehicleOn(v, siteId));
    return { all: new Catalogue(all, before?.all), listed: new Catalogue(all.filter(isListed), before?.listed), elsewhere };
  }

  /**
   * `before` with the vehicles `changes` updated put in their places, or null when one of them adds or removes a
   * vehicle, or changes which of the site's lists it is on (then the view is made afresh).
   */
  #replaced(before: Shown, changes: readonly VehicleChange[]): Shown | null {
    const siteId = this.#site.id;
    const all = before.all.vehicles.slice();
    const listed = before.listed.vehicles.slice();
    const places = (before.places ??= placesOf(before));
    const [inAll, inListed]: [number[], number[]] = [[], []];
    for (const change of changes) {
      if (change.action !== "update") return null;
      const { previous, vehicle } = change;
      if (vehicle.id !== previous.id || !onSite(previous, siteId) || !onSite(vehicle, siteId)) return null;
      if (isListed(vehicle) !== isListed(previous) || standsElsewhere(vehicle, siteId) !== standsElsewhere(previous, siteId)) return null;
      const shown = publicVehicleOn(vehicle, siteId);
      const place = places.get(vehicle.id);
      if (!place) return null;
      all[place.all] = shown;
      inAll.push(place.all);
      if (place.listed !== undefined) {
        listed[place.listed] = shown;
        inListed.push(place.listed);
      }
    }
    return { all: new Catalogue(all, before.all, inAll), listed: new Catalogue(listed, before.listed, inListed), elsewhere: before.elsewhere, places };
  }
}
