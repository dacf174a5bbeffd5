import type { Site } from "../../domain/site";
import type { SiteChange } from "../../api/store/site-store";
import { prepareHtml, PreparedBody, type BodyKind } from "../../api/prepared/prepared-body";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts, type SiteFacts } from "../lib/site-facts";
import { robotsTxt, sitemapXml } from "../lib/sitemap";
import { notFoundPage } from "../pages/NotFoundPage";
import type { PageDef } from "../pages/page";
import { fixedPages, PAGE_ALIASES } from "../routes";
import { type CatalogueFeed, type InventoryPageAnswer, LivePages, type VehiclePageAnswer } from "./live-pages";
import { type CacheReport, PageCache } from "./page-cache";
import type { InventoryQuery } from "../../domain/inventory-query";
import type { ListingFeed } from "./feeds/listing-feeds";
import type { PaymentFields } from "../../domain/payment";
import type { CompareRequest } from "../../domain/compare";

/** The sites as the pages follow them: a call after each site is added, changed or removed. */
export interface SiteFeed {
  onChange(listener: (change: SiteChange) => void): () => void;
}

/** One version of one site's record and its pages. */
interface SiteEntry {
  site: Site;
  facts: SiteFacts;
  /** Its catalogue pages, following every catalogue change. */
  live: LivePages;
  /** Served path (aliases included) → the page that answers it. */
  fixed: Map<string, PageDef>;
  /** The start of the keys of its other answers in the page cache, each rendered the first time it is asked for. */
  prefix: string;
  sitemap: string[];
}

const NOT_FOUND = "\0not-found";
const VEHICLE_NOT_FOUND = "\0vehicle-not-found";
const ROBOTS = "\0robots.txt";

/** robots.txt and sitemap.xml: an hour. */
const CRAWLER_FILES = "public, max-age=3600";
const ROBOTS_BODY: BodyKind = { type: "text/plain; charset=utf-8", cacheControl: CRAWLER_FILES };
const SITEMAP_BODY: BodyKind = { type: "application/xml; charset=utf-8", cacheControl: CRAWLER_FILES };

/**
 * Every page of every site, cached per (site, page) as prepared bodies (bytes,
 * ETag, gzip and brotli; api/prepared/prepared-body.ts) in one PageCache bounded
 * in bytes: rendered the first time it is asked for and served from memory
 * after. A change to a site drops only that site's entries (its next request
 * renders its new pages); a catalogue change renders again only the catalogue
 * pages whose inputs it changed (live-pages.ts).
 */
export class SitePages {
  readonly #entries = new Map<string, SiteEntry>();
  /** Site id → the version of its record whose home page is to be rendered ahead of its first request. */
  readonly #toWarm = new Map<string, Site>();
  readonly #vehicles: CatalogueFeed;
  readonly #assets: SiteAssets;
  readonly #cache: PageCache;
  #lastEntry = 0;

  constructor(vehicles: CatalogueFeed, sites: SiteFeed, assets: SiteAssets, cache: PageCache = new PageCache()) {
    this.#vehicles = vehicles;
    this.#assets = assets;
    this.#cache = cache;
    sites.onChange((change) => {
      this.#drop(change.action === "create" ? change.site.id : change.previous.id);
      // A site just added or edited is visited next (its owner checks it): its home page is rendered once the save has
      // answered, off the request path, so that first visit is served from memory (within a second).
      if (change.action === "delete") this.#toWarm.delete(change.previous.id);
      else this.#warm(change.site);
    });
  }

  /** Render `site`'s home page on the next turn of the event loop, unless the site changed again or went meanwhile. */
  #warm(site: Site): void {
    this.#toWarm.set(site.id, site);
    setImmediate(() => {
      if (this.#toWarm.get(site.id) !== site) return;
      this.#toWarm.delete(site.id);
      this.page(site, "/");
    });
  }

  /** A page of `site` (a catalogue page, a fixed page or an alias of one), or undefined when it has none at `path`. */
  page(site: Site, path: string): PreparedBody | undefined {
    const e = this.#entry(site);
    const live = e.live.page(path);
    if (live !== undefined) return live;
    const page = e.fixed.get(path);
    return page && this.#html(e, path, () => page);
  }

  /** `site`'s robots.txt. */
  robots(site: Site): PreparedBody {
    const e = this.#entry(site);
    return this.#prepared(e, ROBOTS, () => new PreparedBody(robotsTxt(e.facts), ROBOTS_BODY));
  }

  /** `site`'s sitemap.xml, made again after a catalogue change that touches the site. */
  sitemapXml(site: Site): PreparedBody {
    const e = this.#entry(site);
    return e.live.derived(
      "sitemap.xml",
      () => this.sitemapPaths(site),
      (paths) => new PreparedBody(sitemapXml(e.facts, paths), SITEMAP_BODY),
    );
  }

  /** The page of a vehicle of `site`, or undefined when it has none by that slug; `estimate`: its payment form's figures. */
  vehicle(site: Site, slug: string, estimate?: Partial<PaymentFields>): VehiclePageAnswer | undefined {
    return this.#entry(site).live.vehicle(slug, estimate);
  }

  /** `site`'s comparison of the carts a `/compare` address asks for. */
  compare(site: Site, request: CompareRequest): PreparedBody {
    return this.#entry(site).live.compare(request);
  }

  /** `site`'s contact page naming the cart `vehicleId`, or its plain contact page for an id it has no vehicle by. */
  contact(site: Site, vehicleId: string): PreparedBody | undefined {
    return this.#entry(site).live.contact(vehicleId) ?? this.page(site, "/contact");
  }

  /** The listing feed at `path` of `site`'s listed units, following the catalogue. */
  feed(site: Site, path: string, feed: ListingFeed): PreparedBody {
    return this.#entry(site).live.feed(path, feed);
  }

  /** A page of `site`'s inventory for a query (filters, sort, page). */
  inventory(site: Site, query: InventoryQuery): InventoryPageAnswer {
    return this.#entry(site).live.inventory(query);
  }

  /** Every path of `site`'s sitemap: its catalogue pages, its listed vehicles, then its fixed pages. */
  sitemapPaths(site: Site): string[] {
    const e = this.#entry(site);
    return [...e.live.sitemapPaths(), ...e.sitemap];
  }

  /** `site`'s 404 page (the vehicle one says the cart is not in the catalogue). */
  notFound(site: Site, { vehicle = false }: { vehicle?: boolean } = {}): PreparedBody {
    const e = this.#entry(site);
    return this.#html(e, vehicle ? VEHICLE_NOT_FOUND : NOT_FOUND, () => notFoundPage({ vehicle }));
  }

  /** The facts of `site` as its pages read them. */
  facts(site: Site): SiteFacts {
    return this.#entry(site).facts;
  }

  #html(e: SiteEntry, key: string, page: () => PageDef): PreparedBody {
    return this.#prepared(e, key, () => prepareHtml(renderPage(e.facts, page(), this.#assets)));
  }

  /** A page that never reads the catalogue: kept until its site changes or the cache needs its room. */
  #prepared(e: SiteEntry, key: string, make: () => PreparedBody): PreparedBody {
    return this.#cache.answer(
      e.prefix + key,
      0,
      () => null,
      () => ({ body: make() }),
    ).body;
  }

  /** What the page cache holds, for /api/health. */
  cacheReport(): CacheReport {
    return this.#cache.report();
  }

  #entry(site: Site): SiteEntry {
    const current = this.#entries.get(site.id);
    if (current?.site === site) return current;
    if (current) this.#drop(site.id);
    const facts = siteFacts(site);
    const pages = fixedPages(facts);
    const fixed = new Map(pages.map((p) => [p.path, p]));
    for (const [alias, target] of Object.entries(PAGE_ALIASES)) {
      const page = fixed.get(target);
      if (page) fixed.set(alias, page);
    }
    const entry: SiteEntry = {
      site,
      facts,
      live: new LivePages(this.#vehicles, this.#assets, site, this.#cache),
      fixed,
      prefix: `site${++this.#lastEntry}\0`,
      sitemap: pages.filter((p) => !p.meta.noindex).map((p) => p.path),
    };
    this.#entries.set(site.id, entry);
    return entry;
  }

  #drop(id: string): void {
    const e = this.#entries.get(id);
    e?.live.close();
    if (e) this.#cache.forget(e.prefix);
    this.#entries.delete(id);
  }
}
