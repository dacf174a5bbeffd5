import type { PublicVehicle } from "../public-vehicle";
import { buildVehicleIndex, resolveVehicleId } from "../slug";
import type { Series } from "./series";

/** Look-ups over a loaded catalogue, for pages that list models by name or id: public vehicles only (publicVehicle), so no page can show a staff-only field. */
export class Catalogue {
  readonly #byId: Map<string, PublicVehicle>;
  readonly #index: Map<string, string>;

  constructor(readonly vehicles: readonly PublicVehicle[]) {
    this.#byId = new Map(vehicles.map((v) => [v.id, v]));
    this.#index = buildVehicleIndex(vehicles.map((v) => v.id));
  }

  /** The vehicle a link's slug (any rule) or a model name points at. */
  find(slugOrName: string): PublicVehicle | undefined {
    const id = resolveVehicleId(this.#index, slugOrName);
    return id === undefined ? undefined : this.#byId.get(id);
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
    return ids.flatMap((id) => this.#byId.get(id) ?? []);
  }
}

/** "1 Model" / "4 Models". */
export const modelCountLabel = (n: number): string => `${n} ${n === 1 ? "Model" : "Models"}`;
