/** Model name to link slug, as the brand pages build links: lower case, spaces to hyphens. */
export const modelSlug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, "-");

export const EVOLUTION_PREFIX = "evolution-";

/** The Evolution featured-model rule: the link slug drops the `evolution-` prefix. */
export const featuredModelSlug = (slug: string): string => (slug.startsWith(EVOLUTION_PREFIX) ? slug.slice(EVOLUTION_PREFIX.length) : slug);

const BRAND_PREFIXES = ["evolution-", "denago-"] as const;

/**
 * The lookup key for a vehicle slug from any link rule, so that "D5 Ranger 2+2",
 * "d5-ranger-2+2" and "evolution-d5-ranger-2-plus-2" all meet at one key.
 */
export function vehicleKey(slugOrName: string): string {
  let s: string;
  try {
    s = decodeURIComponent(slugOrName);
  } catch {
    s = slugOrName;
  }
  s = normalisedSlug(s);
  const prefix = BRAND_PREFIXES.find((p) => s.startsWith(p));
  return prefix ? s.slice(prefix.length) : s;
}

/** Lower case, "+" as "-plus-", every other run of non-alphanumerics one hyphen: "D5 Ranger 2+2" → "d5-ranger-2-plus-2". */
const normalisedSlug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\+/g, "-plus-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/**
 * The id of a new vehicle named `name`, by the seed's rule: "Evolution D5 Ranger 2+2" → "evolution-d5-ranger-2-plus-2".
 * Empty when the name has no letter or digit.
 */
export const vehicleIdFromName = (name: string): string => normalisedSlug(name);

/** An index from every slug form to a vehicle id. Throws if two vehicles share a key. */
export function buildVehicleIndex(ids: readonly string[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const id of ids) {
    for (const key of new Set([id, vehicleKey(id)])) {
      const taken = index.get(key);
      if (taken && taken !== id) throw new Error(`Vehicle slug "${key}" is claimed by both ${taken} and ${id}`);
      index.set(key, id);
    }
  }
  return index;
}

/** Resolve a link's slug to a vehicle id through an index from buildVehicleIndex. */
export const resolveVehicleId = (index: Map<string, string>, slug: string): string | undefined => index.get(slug) ?? index.get(vehicleKey(slug));
