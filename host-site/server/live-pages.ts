import type { VehicleChange } from "../../api/store/vehicle-store";
import { prepareHtml, PreparedBody } from "../../api/prepared/prepared-body";
import { Catalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { isListed, isShownOn, type Vehicle } from "../../domain/vehicle";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts, type SiteFacts } from "../lib/site-facts";
import type { PageDef } from "../pages/page";
import { similarVehicles, soldVehiclePage } from "../pages/SoldVehiclePage";
import { vehiclePage, vehiclePath } from "../pages/VehiclePage";
import { inventoryPage } from "../pages/InventoryPage";
import { cataloguePages } from "../routes";
import { inventorySearch, type InventoryQuery } from "../../domain/inventory-query";
import { BoundedCache } from "./bounded-cache";
import { publicVehicle } from "../../domain/public-vehicle";
import type { ListingFeed } from "./feeds/listing-feeds";
import { PAYMENT_PARAMS, type PaymentFields } from "../../domain/payment";
import { comparePage, COMPARE_PATH } from "../pages/ComparePage";
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
  /** Served path → the catalogue page that answers it (defined, not rendered). */
  pages: Map<string, PageDef>;
}

/**
 * Pages of the inventory kept per site, each a visitor's query (filters, sort,
 * page; any search text): bounded, the least recently asked dropped first, so
 * a crawler varying a query cannot fill the memory. 256 pages of ~30 kB are
 * ~8 MB per site.
 */
export const MAX_INVENTORY_PAGES = 256;

/** Vehicle pages with a payment estimate's figures, and comparisons, kept per site: each a visitor's choice. */
export const MAX_QUERY_VARIANTS = 64;

/** Whether `change` shows on the site `siteId`: the vehicle it was or is now is one the site shows. */
const touches = (change: VehicleChange, siteId: string): boolean =>
  (change.action !== "create" && isShownOn(change.previous, siteId)) || (change.action !== "delete" && isShownOn(change.vehicle, siteId));

/**
 * One site's pages that show catalogue data, each rendered once per change
 * that touches it, by the first request that asks for it, and served from
 * memory after (as prepared bodies: bytes, ETag, gzip and brotli). A write
 * renders nothing: it only forgets what it changed (docs/architecture.md):
 * - a change to a vehicle this site does not show (before or after) forgets nothing;
 * - otherwise the list pages (home, inventory, brand pages, sitemap) and their
 *   query variants, the vehicle's own page, and the sold vehicles' pages (they
 *   offer similar listed carts) are forgotten; every other vehicle's page stays.
 * No request after a write's 2xx is answered from what it forgot. `close()`
 * stops following the catalogue.
 */
export class LivePages {
  #shown: Shown | null = null;
  /** A catalogue page's path, or a derived body's key → its answer: a fixed set of keys, so a plain map. */
  readonly #lists = new Map<string, PreparedBody>();
  /** The inventory's query string (inventorySearch) → its page of results. */
  readonly #inventory = new BoundedCache<string, InventoryPageAnswer>(MAX_INVENTORY_PAGES);
  /** Vehicle id → its page. */
  readonly #vehicles = new Map<string, VehiclePageAnswer>();
  /** A vehicle's page with a payment estimate's figures (its GET form's query): bounded, as a visitor types them. */
  readonly #estimates = new BoundedCache<string, VehiclePageAnswer>(MAX_QUERY_VARIANTS);
  /** Vehicle id → `/contact?vehicle=<id>`: only ids of the site's vehicles are kept, so no bound beyond the catalogue's. */
  readonly #contacts = new Map<string, PreparedBody>();
  /** `/compare` for a set of ids: bounded, as a visitor picks them. */
  readonly #compares = new BoundedCache<string, PreparedBody>(MAX_QUERY_VARIANTS);
  readonly #feed: CatalogueFeed;
  readonly #assets: SiteAssets;
  readonly #site: SiteFacts;
  readonly #unsubscribe: () => void;

  constructor(feed: CatalogueFeed, assets: SiteAssets, site: Site) {
    this.#feed = feed;
    this.#assets = assets;
    this.#site = siteFacts(site);
    this.#unsubscribe = feed.onChange((change) => this.#forget(change));
  }

  /** Stop following the catalogue (the site changed or went away). */
  close(): void {
    this.#unsubscribe();
    this.#forget();
  }

  /** A catalogue page (home, inventory, brand pages, the HTML sitemap), or undefined for any other path. */
  page(path: string): PreparedBody | undefined {
    // Only the catalogue's own paths are kept: any other path a visitor types is not.
    const page = this.#current().pages.get(path);
    return page && this.#kept(path, () => prepareHtml(renderPage(this.#site, page, this.#assets)));
  }

  /** A page of the inventory for `query` (filters, sort and page), a pure function of the site, the catalogue and the query. */
  inventory(query: InventoryQuery): InventoryPageAnswer {
    return this.#inventory.get(inventorySearch(query), () => {
      const page = inventoryPage({ catalogue: this.#current().listed, site: this.#site }, query);
      return { status: page.found ? 200 : 404, body: prepareHtml(renderPage(this.#site, page, this.#assets, "/inventory")) };
    });
  }

  /** A body made from the catalogue (a feed, the XML sitemap), kept and forgotten with the list pages. */
  derived(key: string, make: () => PreparedBody): PreparedBody {
    return this.#kept(`\0${key}`, make);
  }

  /** The list answer kept under `key`, made (and kept until the next change that touches the site) when there is none. */
  #kept(key: string, make: () => PreparedBody): PreparedBody {
    let answer = this.#lists.get(key);
    if (answer === undefined) this.#lists.set(key, (answer = make()));
    return answer;
  }

  /**
   * A listing feed of the site's listed units (sold ones are not listed), written once per change that touches the
   * site and revalidated on every fetch, so a unit sold leaves it at the consumer's next fetch.
   */
  feed(path: string, feed: ListingFeed): PreparedBody {
    return this.derived(path, () => new PreparedBody(feed.build(this.#site, this.#current().listed.vehicles), { type: feed.type, cacheControl: FEED_FILES }));
  }

  /**
   * `/compare?ids=…`: the carts asked for that this site lists, side by side, and notes on the rest; kept with the
   * list pages' variants.
   */
  compare(request: CompareRequest): PreparedBody {
    const key = `${COMPARE_PATH}?${request.ids.join(",")}|${request.extra}|${request.malformed.join(",")}`;
    return this.#compares.get(key, () => {
      const { listed } = this.#current();
      const vehicles = request.ids.flatMap((id) => listed.vehicles.filter((v) => v.id === id));
      return prepareHtml(renderPage(this.#site, comparePage(this.#site, { request, vehicles, listed: listed.vehicles }), this.#assets));
    });
  }

  /**
   * `/contact?vehicle=<id>`: the contact page naming the cart `id` (a sold one too: the page says so), or undefined when
   * the site has no vehicle by that exact id (the plain contact page answers then).
   */
  contact(id: string): PreparedBody | undefined {
    const kept = this.#contacts.get(id);
    if (kept) return kept;
    const v = this.#current().all.pick([id])[0];
    if (!v) return undefined;
    const body = prepareHtml(renderPage(this.#site, contactPage(this.#site, v), this.#assets));
    this.#contacts.set(id, body);
    return body;
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
      const key = `${v.id}?${(Object.keys(PAYMENT_PARAMS) as (keyof PaymentFields)[]).map((k) => estimate[k] ?? "").join("&")}`;
      return this.#estimates.get(key, () => ({
        status: 200,
        body: prepareHtml(renderPage(this.#site, vehiclePage(this.#site, v, estimate), this.#assets)),
      }));
    }
    let answer = this.#vehicles.get(v.id);
    if (!answer) {
      answer = isListed(v)
        ? { status: 200, body: prepareHtml(renderPage(this.#site, vehiclePage(this.#site, v), this.#assets)) }
        : {
            status: 410,
            body: prepareHtml(renderPage(this.#site, soldVehiclePage(this.#site, v, similarVehicles(v, shown.listed.vehicles)), this.#assets)),
          };
      this.#vehicles.set(v.id, answer);
    }
    return answer;
  }

  /** The sitemap's share of the catalogue: its pages, then every listed vehicle's page. */
  sitemapPaths(): string[] {
    const shown = this.#current();
    return [...shown.pages.keys(), ...shown.listed.vehicles.map(vehiclePath)];
  }

  #forget(change?: VehicleChange): void {
    if (change && !touches(change, this.#site.id)) return;
    this.#shown = null;
    this.#lists.clear();
    this.#inventory.clear();
    this.#estimates.clear();
    this.#compares.clear();
    this.#contacts.clear();
    if (!change) return this.#vehicles.clear();
    if (change.action !== "create") this.#vehicles.delete(change.previous.id);
    if (change.action !== "delete") this.#vehicles.delete(change.vehicle.id);
    for (const [id, answer] of this.#vehicles) if (answer.status === 410) this.#vehicles.delete(id);
  }

  #current(): Shown {
    if (this.#shown) return this.#shown;
    // The site shows only its vehicles (another site's is unknown here, its page a 404), and only their public fields.
    const all = this.#feed
      .all()
      .filter((v) => isShownOn(v, this.#site.id))
      .map(publicVehicle);
    const listed = new Catalogue(all.filter(isListed));
    const pages = new Map(cataloguePages({ catalogue: listed, site: this.#site }).map((p) => [p.path, p]));
    this.#shown = { all: new Catalogue(all), listed, pages };
    return this.#shown;
  }
}
