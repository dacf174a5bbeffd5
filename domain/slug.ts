/** A vehicle id: the slug that the site's links use (here, apart from vehicle.ts, so that zod/mini code such as the contact form can use it without classic zod). */
export const VEHICLE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

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

/**
 * The id of a new unit: its model's name and its stock number ("Onward 4 Passenger", "N-3018" →
 * "onward-4-passenger-n-3018"), so that a second unit of a model gets its own; a cart with no stock number, its name's.
 * The vehicle form and the CSV import both make ids with it.
 */
export const newVehicleId = (name: string, stockNumber?: string): string => vehicleIdFromName(stockNumber?.trim() ? `${name} ${stockNumber}` : name);

/** The slug forms an id is found by: itself and its key. */
const keysOf = (id: string): Set<string> => new Set([id, vehicleKey(id)]);

/** Key `ids` in `index`. Throws if two vehicles share a key. */
function addToIndex(index: Map<string, string>, ids: Iterable<string>): Map<string, string> {
  for (const id of ids) {
    for (const key of keysOf(id)) {
      const taken = index.get(key);
      if (taken && taken !== id) throw new Error(`Vehicle slug "${key}" is claimed by both ${taken} and ${id}`);
      index.set(key, id);
    }
  }
  return index;
}

/** An index from every slug form to a vehicle id. Throws if two vehicles share a key. */
export const buildVehicleIndex = (ids: readonly string[]): Map<string, string> => addToIndex(new Map(), ids);

/**
 * The index of `ids`, made from `before`, the index of `beforeIds`: only the ids added or removed are keyed (a save
 * at 3,500 units keys one vehicle, not 3,500); `before` itself when the ids are the same. Throws as buildVehicleIndex.
 */
export function updateVehicleIndex(before: Map<string, string>, beforeIds: readonly string[], ids: readonly string[]): Map<string, string> {
  const now = new Set(ids);
  const was = new Set(beforeIds);
  const removed = beforeIds.filter((id) => !now.has(id));
  const added = ids.filter((id) => !was.has(id));
  if (!removed.length && !added.length) return before;
  const index = new Map(before);
  for (const id of removed) for (const key of keysOf(id)) if (index.get(key) === id) index.delete(key);
  return addToIndex(index, added);
}

/** Resolve a link's slug to a vehicle id through an index from buildVehicleIndex. */
export const resolveVehicleId = (index: Map<string, string>, slug: string): string | undefined => index.get(slug) ?? index.get(vehicleKey(slug));
