import { isPhoto } from "../../../domain/photo";
import type { PublicVehicle } from "../../../domain/public-vehicle";
import { unitFacts, type UnitFact } from "../../../domain/unit-facts";
import { absoluteUrl } from "../../lib/seo";
import { shareImage } from "../../lib/share-image";
import type { SiteFacts } from "../../lib/site-facts";
import { vehiclePath } from "../../pages/VehiclePage";

/** Google's product taxonomy: Vehicles & Parts > Vehicles > Motor Vehicles > Golf Carts. */
export const GOOGLE_GOLF_CART_CATEGORY = "3931";
/** The UTM tags on every feed link, so that the site's analytics can tell each channel's visits apart. */
const utm = (source: string) => `utm_source=${source}&utm_medium=product_feed&utm_campaign=inventory`;

/** One unit as every listing feed says it: the fields the consumers require, worked out once. */
export interface FeedItem {
  /** The stock number, else the vehicle id: stable across feed updates. */
  id: string;
  title: string;
  description: string;
  /** The unit's page, without UTM tags (each feed adds its own). */
  page: string;
  /** The main photo's JPEG (the feeds carry only units with a photo), then the others. */
  imageLink: string;
  additionalImageLinks: string[];
  /** The price in the consumers' format: "12995.00 USD". */
  price: string;
  inStock: boolean;
  /** On hold: listed as out of stock, and labelled so. */
  onHold: boolean;
  condition: "new" | "used";
  brand: string;
  /** The unit's public facts (stock number, year, colour, VIN or serial…), for the feeds' attribute fields. */
  facts: UnitFact[];
  year?: number;
  color?: string;
  /** The lot it stands on: the site's own (a unit on another site's lot is in no local inventory of this site). */
  location: string;
}

/**
 * `write` memoised per (site version, unit version): a catalogue change writes
 * again only the units it changed (vehicles and site facts are never changed in place).
 */
export function perUnit<T>(write: (site: SiteFacts, v: PublicVehicle) => T): (site: SiteFacts, v: PublicVehicle) => T {
  const bySite = new WeakMap<SiteFacts, WeakMap<PublicVehicle, T>>();
  return (site, v) => {
    let units = bySite.get(site);
    if (!units) bySite.set(site, (units = new WeakMap()));
    let out = units.get(v);
    if (out === undefined) units.set(v, (out = write(site, v)));
    return out;
  };
}

/** The feed item of one listed unit of `site`: only public fields (a PublicVehicle has no cost). */
export const feedItem = perUnit((site: SiteFacts, v: PublicVehicle): FeedItem => {
  const images = v.images.filter(isPhoto).map((src) => absoluteUrl(site, shareImage(src).path));
  return {
    id: v.stockNumber ?? v.id,
    title: v.year ? `${v.year} ${v.name}${v.color ? `, ${v.color}` : ""}` : v.name,
    description: v.description,
    page: absoluteUrl(site, vehiclePath(v)),
    imageLink: images[0] ?? "",
    additionalImageLinks: images.slice(1),
    price: `${v.price.toFixed(2)} USD`,
    inStock: v.status === "available" && v.inStock,
    onHold: v.status === "on-hold",
    condition: v.condition,
    brand: v.brand,
    facts: unitFacts(v),
    ...(v.year ? { year: v.year } : {}),
    ...(v.color ? { color: v.color } : {}),
    location: site.id,
  };
});

/** The item's page with the channel's UTM tags. */
export const feedLink = (item: FeedItem, source: string): string => `${item.page}?${utm(source)}`;
