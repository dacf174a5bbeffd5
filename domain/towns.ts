/** The Sussex County towns the dealership serves, each with a landing page (spec §2 "Town pages": 25 towns, one page each). */

import { distanceMiles } from "./distance";

export interface Town {
  name: string;
  type: "Town" | "City";
  slug: string;
  /** The page's path, e.g. /rehoboth-beach-golf-carts. */
  url: string;
  coordinates: { lat: number; lng: number };
}

const town = (name: string, type: Town["type"], lat: number, lng: number): Town => {
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  return { name, type, slug, url: `/${slug}-golf-carts`, coordinates: { lat, lng } };
};

export const TOWNS: readonly Town[] = [
  town("Bethany Beach", "Town", 38.5396, -75.0552),
  town("Bethel", "Town", 38.5718, -75.6199),
  town("Blades", "Town", 38.6357, -75.6099),
  town("Bridgeville", "Town", 38.7426, -75.6041),
  town("Dagsboro", "Town", 38.549, -75.246),
  town("Delmar", "Town", 38.456, -75.5771),
  town("Dewey Beach", "Town", 38.6926, -75.0749),
  town("Ellendale", "Town", 38.8068, -75.4238),
  town("Fenwick Island", "Town", 38.4623, -75.0513),
  town("Frankford", "Town", 38.5215, -75.2346),
  town("Georgetown", "Town", 38.6901, -75.3855),
  town("Greenwood", "Town", 38.8071, -75.5913),
  town("Henlopen Acres", "Town", 38.7257, -75.0838),
  town("Laurel", "Town", 38.5565, -75.5713),
  town("Lewes", "City", 38.7746, -75.1393),
  town("Milford", "City", 38.9126, -75.4277),
  town("Millsboro", "Town", 38.5915, -75.2913),
  town("Millville", "Town", 38.5465, -75.1213),
  town("Milton", "Town", 38.7776, -75.3099),
  town("Ocean View", "Town", 38.5451, -75.0891),
  town("Rehoboth Beach", "City", 38.7209, -75.076),
  town("Seaford", "City", 38.6412, -75.611),
  town("Selbyville", "Town", 38.4604, -75.2207),
  town("Slaughter Beach", "Town", 38.9126, -75.3035),
  town("South Bethany", "Town", 38.5165, -75.0563),
];

/** How many nearby towns a town page links to. */
const NEARBY_COUNT = 4;

/** The towns of `towns` closest to `town` (great-circle distance between town centres), nearest first, the town itself left out. */
export const nearbyTowns = (town: Town, towns: readonly Town[], count = NEARBY_COUNT): Town[] =>
  towns
    .filter((t) => t.slug !== town.slug)
    .map((t) => ({ t, d: distanceMiles(town.coordinates, t.coordinates) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map(({ t }) => t);

/** An embeddable map of a point (OpenStreetMap's export frame: no key, no tracking script). */
export function mapEmbedUrl({ lat, lng }: Town["coordinates"], span = 0.04): string {
  const bbox = [lng - span, lat - span / 2, lng + span, lat + span / 2].map((n) => n.toFixed(4)).join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`;
}
