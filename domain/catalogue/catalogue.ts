import type { PublicVehicle } from "../public-vehicle";
import { fingerprint, hash } from "../fingerprint";
import { buildVehicleIndex, resolveVehicleId, updateVehicleIndex } from "../slug";
import type { Series } from "./series";

/** What catalogues with the same vehicles worked out once for all (derive): a query's page, its facets. */
const derived = new Map<string, unknown>();
/** Derivations kept at most: each a page of results or a list of facets, a few kB. */
const MAX_DERIVED = 1_024;
/** Vehicles replaced since a catalogue's own map was made, past which the next one makes its own. */
const MAX_REPLACED = 64;

/** A (place, vehicle)'s term of a content key: two 32-bit numbers from the vehicle's fingerprint and its place. */
function term(place: number, v: PublicVehicle): [number, number] {
  const digest = hash(`${place}:${fingerprint(v)}`);
  return [parseInt(digest.slice(0, 8), 16), parseInt(digest.slice(8), 16)];
}

/** Look-ups over a loaded catalogue, for pages that list models by name or id: public vehicles only (publicVehicle), so no page can show a staff-only field. */
export class Catalogue {
  /** Id → vehicle: a map of its own, or the previous catalogue's with the vehicles replaced since in `#replaced`. */
  readonly #byId: Map<string, PublicVehicle>;
  readonly #replaced: Map<string, PublicVehicle> | null;
  readonly #ids: readonly string[];
  readonly #index: Map<string, string>;
  /** The content key's two 32-bit sums, one term per (place, vehicle), so a replacement adjusts them in O(1). */
  #sums: [number, number] | undefined;

  /**
   * Given the `previous` catalogue, its slug index is reused (updated for the ids added or removed since). Given also
   * the `places` whose vehicles alone differ from it (the same ids in the same order), it is made in proportion to
   * them, not to the catalogue, so an edit to one cart costs the same at 3,500 units as at 35.
   */
  constructor(
    readonly vehicles: readonly PublicVehicle[],
    previous?: Catalogue,
    places?: readonly number[],
  ) {
    if (previous && places) {
      const replaced = new Map(previous.#replaced ?? []);
      for (const i of places) replaced.set(vehicles[i]!.id, vehicles[i]!);
      // Past a few replacements the map is made again, so a look-up stays one or two Map reads.
      const flat = replaced.size > MAX_REPLACED;
      this.#byId = flat ? new Map(vehicles.map((v) => [v.id, v])) : previous.#byId;
      this.#replaced = flat ? null : replaced;
      this.#ids = previous.#ids;
      this.#index = previous.#index;
      const sums = previous.#sums;
      if (sums) {
        let [a, b] = sums;
        for (const i of places) {
          const [a0, b0] = term(i, previous.vehicles[i]!);
          const [a1, b1] = term(i, vehicles[i]!);
          [a, b] = [(a - a0 + a1) >>> 0, (b - b0 + b1) >>> 0];
        }
        this.#sums = [a, b];
      }
      return;
    }
    this.#byId = new Map(vehicles.map((v) => [v.id, v]));
    this.#replaced = null;
    this.#ids = vehicles.map((v) => v.id);
    const same = previous && previous.#ids.length === this.#ids.length && this.#ids.every((id, i) => id === previous.#ids[i]);
    this.#index = same ? previous.#index : previous ? updateVehicleIndex(previous.#index, previous.#ids, this.#ids) : buildVehicleIndex(this.#ids);
  }

  #byIdGet(id: string): PublicVehicle | undefined {
    return this.#replaced?.get(id) ?? this.#byId.get(id);
  }

  /** A digest of the vehicles in their places: catalogues with the same key hold the same vehicles (domain/fingerprint.ts). */
  get contentKey(): string {
    this.#sums ??= this.vehicles.reduce<[number, number]>(
      ([a, b], v, i) => {
        const [x, y] = term(i, v);
        return [(a + x) >>> 0, (b + y) >>> 0];
      },
      [0, 0],
    );
    return `${this.vehicles.length}.${this.#sums[0].toString(16)}.${this.#sums[1].toString(16)}`;
  }

  /**
   * What `make` works out from these vehicles, once for every catalogue that holds the same ones (the sites of a group
   * showing the same carts share it) and kept while it is used; `what` names the derivation and its arguments.
   */
  derive<T>(what: string, make: (vehicles: readonly PublicVehicle[]) => T): T {
    const key = `${this.contentKey}\0${what}`;
    if (derived.has(key)) {
      const found = derived.get(key) as T;
      derived.delete(key);
      derived.set(key, found);
      return found;
    }
    const made = make(this.vehicles);
    derived.set(key, made);
    if (derived.size > MAX_DERIVED) derived.delete(derived.keys().next().value as string);
    return made;
  }

  /** The vehicle a link's slug (any rule) or a model name points at. */
  find(slugOrName: string): PublicVehicle | undefined {
    const id = resolveVehicleId(this.#index, slugOrName);
    return id === undefined ? undefined : this.#byIdGet(id);
  }

  /** Like find, but a missing model is a content bug. */
  get(slugOrName: string): PublicVehicle {
    const v = this.find(slugOrName);
    if (!v) throw new Error(`No catalogue vehicle for "${slugOrName}"`);
    return v;
  }

  /** The names of the series card's models that the catalogue holds, in the card's order: a sold or deleted model leaves its series. */
  seriesModels(series: Series): string[] {
    return series.models.filter((name) => this.find(name));
  }

  /** The lowest catalogue price among a series' models; undefined when the series has none. */
  startingPrice(series: Series): number | undefined {
    const prices = this.seriesModels(series).map((name) => this.get(name).price);
    return prices.length ? Math.min(...prices) : undefined;
  }

  /** The series that have at least one model in the catalogue. */
  seriesShown(series: readonly Series[]): Series[] {
    return series.filter((s) => this.seriesModels(s).length > 0);
  }

  /** The lowest starting price across these series; undefined when none has a model. */
  lowestStartingPrice(series: readonly Series[]): number | undefined {
    const prices = series.flatMap((s) => this.startingPrice(s) ?? []);
    return prices.length ? Math.min(...prices) : undefined;
  }

  /** The vehicles of these ids that the catalogue holds, in the order given. */
  pick(ids: readonly string[]): PublicVehicle[] {
    return ids.flatMap((id) => this.#byIdGet(id) ?? []);
  }
}

/** "1 Model" / "4 Models". */
export const modelCountLabel = (n: number): string => `${n} ${n === 1 ? "Model" : "Models"}`;
