import type { Site } from "../../domain/site";
import type { SiteChange } from "../../api/store/site-store";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts, type SiteFacts } from "../lib/site-facts";
import { notFoundPage } from "../pages/NotFoundPage";
import type { PageDef } from "../pages/page";
import { fixedPages, PAGE_ALIASES } from "../routes";
import { type CatalogueFeed, LivePages, type VehiclePageAnswer } from "./live-pages";
import type { ListingFeed } from "./feeds/listing-feeds";

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
  /** Served path → HTML, rendered the first time it is asked for. */
  html: Map<string, string>;
  sitemap: string[];
}

const NOT_FOUND = "\0not-found";
const VEHICLE_NOT_FOUND = "\0vehicle-not-found";

/**
 * Every page of every site, cached per (site, page): rendered the first time
 * it is asked for and served from memory after. A change to a site drops only
 * that site's entries (its next request renders its new pages); a catalogue
 * change drops each site's catalogue pages only (live-pages.ts).
 */
export class SitePages {
  readonly #entries = new Map<string, SiteEntry>();
  readonly #vehicles: CatalogueFeed;
  readonly #assets: SiteAssets;

  constructor(vehicles: CatalogueFeed, sites: SiteFeed, assets: SiteAssets) {
    this.#vehicles = vehicles;
    this.#assets = assets;
    sites.onChange((change) => this.#drop(change.action === "create" ? change.site.id : change.previous.id));
  }

  /** The HTML of a page of `site` (a catalogue page, a fixed page or an alias of one), or undefined when it has none at `path`. */
  page(site: Site, path: string): string | undefined {
    const e = this.#entry(site);
    const live = e.live.page(path);
    if (live !== undefined) return live;
    const page = e.fixed.get(path);
    return page && this.#html(e, path, () => page);
  }

  /** The page of a vehicle of `site`, or undefined when it has none by that slug. */
  vehicle(site: Site, slug: string): VehiclePageAnswer | undefined {
    return this.#entry(site).live.vehicle(slug);
  }

  /** A listing feed of `site`'s listed units, following the catalogue. */
  feed(site: Site, feed: ListingFeed): string {
    return this.#entry(site).live.feed(feed);
  }

  /** Every path of `site`'s sitemap: its catalogue pages, its listed vehicles, then its fixed pages. */
  sitemapPaths(site: Site): string[] {
    const e = this.#entry(site);
    return [...e.live.sitemapPaths(), ...e.sitemap];
  }

  /** `site`'s 404 page (the vehicle one says the cart is not in the catalogue). */
  notFound(site: Site, { vehicle = false }: { vehicle?: boolean } = {}): string {
    const e = this.#entry(site);
    return this.#html(e, vehicle ? VEHICLE_NOT_FOUND : NOT_FOUND, () => notFoundPage({ vehicle }));
  }

  /** The facts of `site` as its pages read them. */
  facts(site: Site): SiteFacts {
    return this.#entry(site).facts;
  }

  #html(e: SiteEntry, key: string, page: () => PageDef): string {
    let html = e.html.get(key);
    if (html === undefined) e.html.set(key, (html = renderPage(e.facts, page(), this.#assets)));
    return html;
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
      live: new LivePages(this.#vehicles, this.#assets, site),
      fixed,
      html: new Map(),
      sitemap: pages.filter((p) => !p.meta.noindex).map((p) => p.path),
    };
    this.#entries.set(site.id, entry);
    return entry;
  }

  #drop(id: string): void {
    this.#entries.get(id)?.live.close();
    this.#entries.delete(id);
  }
}
