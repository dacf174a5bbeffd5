/**
 * A dealer group of 45 local sites for the bench: the first site,
 * the two example sites, then generated ones, each with its own domain,
 * phone, address and towns. Every site also answers on a `*.localhost` name,
 * which the bench sends as the Host header to a server on loopback.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { SiteSchema, type Site, type SiteInput } from "../../domain/site";
import { firstSite, sitesFromExample, weekHours } from "../../domain/site-seed";
import { vehicleIdFromName } from "../../domain/slug";
import { ROOT } from "./server-build";

/** Real beach and county towns of the coast, one per generated site; its two neighbours in the list are its other towns. */
const TOWNS = [
  "Chincoteague",
  "Onancock",
  "Cape Charles",
  "Virginia Beach",
  "Sandbridge",
  "Corolla",
  "Duck",
  "Kitty Hawk",
  "Nags Head",
  "Manteo",
  "Hatteras",
  "Ocracoke",
  "Beaufort",
  "Emerald Isle",
  "Topsail Beach",
  "Wrightsville Beach",
  "Carolina Beach",
  "Southport",
  "Oak Island",
  "Sunset Beach",
  "Little River",
  "Myrtle Beach",
  "Surfside Beach",
  "Pawleys Island",
  "Georgetown",
  "Kiawah Island",
  "Folly Beach",
  "Edisto Beach",
  "Hilton Head Island",
  "Bluffton",
  "Tybee Island",
  "St. Simons Island",
  "Jekyll Island",
  "Fernandina Beach",
  "Amelia Island",
  "Ponte Vedra Beach",
  "St. Augustine",
  "Flagler Beach",
  "Ormond Beach",
  "New Smyrna Beach",
  "Cocoa Beach",
  "Vero Beach",
] as const;
/** The state of each run of towns above (VA, NC, SC, GA, FL along the coast). */
const STATE_OF = (i: number): { code: string; name: string } =>
  i < 5
    ? { code: "VA", name: "Virginia" }
    : i < 20
      ? { code: "NC", name: "North Carolina" }
      : i < 30
        ? { code: "SC", name: "South Carolina" }
        : i < 33
          ? { code: "GA", name: "Georgia" }
          : { code: "FL", name: "Florida" };

/** A place's link slug ("St. Simons Island" → "st-simons-island"), by the rule of vehicle ids. */
const slugify = vehicleIdFromName;

/** The loopback name a bench reaches site `id` by. */
export const benchHost = (id: string): string => `${id}.localhost`;

/** The generated site number `n` (1-based), built on the town TOWNS[n - 1]. */
function generatedSite(n: number): Site {
  const i = n - 1;
  const id = `site-${String(n).padStart(2, "0")}`;
  const town = TOWNS[i]!;
  const state = STATE_OF(i);
  const lat = 37.9 - i * 0.22;
  const lng = -75.4 + i * 0.05;
  const line = String(200 + n).padStart(4, "0");
  const neighbours = [i, i + 1, i + TOWNS.length - 1].map((k) => TOWNS[k % TOWNS.length]!);
  return SiteSchema.parse({
    id,
    name: `${town} Golf Carts`,
    domains: [benchHost(id), `www.${slugify(town).replace(/-/g, "")}golfcarts.example`],
    phones: { main: { display: `(757) 555-${line}`, e164: `+1757555${line}` } },
    email: `sales@${slugify(town).replace(/-/g, "")}golfcarts.example`,
    address: {
      street: `${200 + n} Coastal Highway`,
      city: town,
      region: state.code,
      postalCode: String(23300 + n * 97).padStart(5, "0"),
      county: `${town} County`,
    },
    geo: { lat, lng },
    hours: weekHours({ "mon-fri": "09:00-17:00", sat: "10:00-16:00", sun: null }),
    region: `${town} area`,
    towns: neighbours.map((name, k) => ({ name, type: k ? "Town" : "City", slug: slugify(name), lat: lat + k * 0.05, lng: lng - k * 0.05 })),
    legal: { state: state.name, county: `${town} County` },
    foundedYear: 2000 + (n % 25),
  } satisfies SiteInput);
}

/** `count` sites (1 to 45): the first site, then cape-may and ocean-city-md (each also on its `*.localhost` name), then generated ones. */
export function benchSites(count: number): Site[] {
  if (count < 1 || count > 3 + TOWNS.length) throw new Error(`[bench] benchSites: between 1 and ${3 + TOWNS.length} sites, not ${count}`);
  const examples = sitesFromExample(JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/example-sites.json"), "utf8")));
  const all = [firstSite(), ...examples.map((s) => ({ ...s, domains: [...s.domains, benchHost(s.id)] }))];
  for (let n = 1; all.length < count; n++) all.push(generatedSite(n));
  return all.slice(0, count);
}

/** The host name each site is asked for by: the first site's `localhost`, the others' `*.localhost` name. */
export const hostOf = (site: Site, index: number): string => (index === 0 ? "localhost" : benchHost(site.id));
