import { Catalogue } from "../../domain/catalogue";
import type { Site } from "../../domain/site";
import { isListed, isShownOn, type Vehicle } from "../../domain/vehicle";
import { publicVehicle } from "../../domain/public-vehicle";
import type { ListingFeed } from "./feeds/listing-feeds";
import type { SiteAssets } from "../lib/assets";
import { renderPage } from "../lib/render";
import { siteFacts, type SiteFacts } from "../lib/site-facts";
import { similarVehicles, soldVehiclePage } from "../pages/SoldVehiclePage";
import { vehiclePage, vehiclePath } from "../pages/VehiclePage";
import { cataloguePages } from "../routes";

/** The catalogue as the site reads it: every vehicle, sold ones included, and a call after each change. */
export interface CatalogueFeed {
  all(): readonly Vehicle[];
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** A vehicle's page as served: 200, or 410 once it has been sold. */
export interface VehiclePageAnswer {
  status: 200 | 410;
  html: string;
}

/** One rendering of the catalogue's pages, for one version of the catalogue. */
interface Rendering {
  /** Every vehicle, so a sold one's address still resolves (to its 410 page). */
  all: Catalogue;
  listed: Catalogue;
  /** Served path → HTML of the pages that show catalogue data. */
  pages: Map<string, string>;
  /** Vehicle id → its page, rendered the first time it is asked for. */
  vehicles: Map<string, VehiclePageAnswer>;
  /** Listing feed → its text, written the first time it is asked for. */
  feeds: Map<ListingFeed, string>;
}

/**
 * One site's pages that show catalogue data, rendered once per catalogue
 * change and never per request: after a change the old rendering is dropped
 * at once (so no request after a write's 2xx is answered from it) and the new
 * one is made on the next turn of the event loop, or by the first request
 * that needs it. `close()` stops following the catalogue.
 */
export class LivePages {
  #rendering: Rendering | null = null;
  readonly #feed: CatalogueFeed;
  readonly #assets: SiteAssets;
  readonly #site: SiteFacts;
  readonly #unsubscribe: () => void;

  constructor(feed: CatalogueFeed, assets: SiteAssets, site: Site) {
    this.#feed = feed;
    this.#assets = assets;
    this.#site = siteFacts(site);
    this.#unsubscribe = feed.onChange(() => {
      this.#rendering = null;
      setImmediate(() => this.#current());
    });
  }

  /** Stop following the catalogue (the site changed or went away). */
  close(): void {
    this.#unsubscribe();
    this.#rendering = null;
  }

  /** The HTML of a catalogue page (home, inventory, brand pages), or undefined for any other path. */
  page(path: string): string | undefined {
    return this.#current().pages.get(path);
  }

  /** The page of the vehicle a slug from any link rule points at, or undefined when there is none. */
  vehicle(slug: string): VehiclePageAnswer | undefined {
    const r = this.#current();
    const v = r.all.find(slug);
    if (!v) return undefined;
    let answer = r.vehicles.get(v.id);
    if (!answer) {
      answer = isListed(v)
        ? { status: 200, html: renderPage(this.#site, vehiclePage(this.#site, v), this.#assets) }
        : { status: 410, html: renderPage(this.#site, soldVehiclePage(this.#site, v, similarVehicles(v, r.listed.vehicles)), this.#assets) };
      r.vehicles.set(v.id, answer);
    }
    return answer;
  }

  /** A listing feed of the site's listed units, written once per catalogue version (sold units are not listed). */
  feed(feed: ListingFeed): string {
    const r = this.#current();
    let text = r.feeds.get(feed);
    if (text === undefined) r.feeds.set(feed, (text = feed.build(this.#site, r.listed.vehicles)));
    return text;
  }

  /** The sitemap's share of the catalogue: its pages, then every listed vehicle's page. */
  sitemapPaths(): string[] {
    const r = this.#current();
    return [...r.pages.keys(), ...r.listed.vehicles.map(vehiclePath)];
  }

  #current(): Rendering {
    if (this.#rendering) return this.#rendering;
    // The site shows only its vehicles (another site's is unknown here, its page a 404), and only their public fields.
    const all = this.#feed
      .all()
      .filter((v) => isShownOn(v, this.#site.id))
      .map(publicVehicle);
    const listed = new Catalogue(all.filter(isListed));
    const pages = new Map(cataloguePages({ catalogue: listed, site: this.#site }).map((p) => [p.path, renderPage(this.#site, p, this.#assets)]));
    this.#rendering = { all: new Catalogue(all), listed, pages, vehicles: new Map(), feeds: new Map() };
    return this.#rendering;
  }
}
