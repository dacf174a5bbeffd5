import type { Vehicle } from "../vehicle";
import { buildVehicleIndex, resolveVehicleId } from "../slug";
import type { Series } from "./series";

/** Look-ups over a loaded catalogue, for pages that list models by name or id. */
export class Catalogue {
  readonly #byId: Map<string, Vehicle>;
  readonly #index: Map<string, string>;

  constructor(readonly vehicles: readonly Vehicle[]) {
    this.#byId = new Map(vehicles.map((v) => [v.id, v]));
    this.#index = buildVehicleIndex(vehicles.map((v) => v.id));
  }

  /** The vehicle a link's slug (any rule) or a model name points at. */
  find(slugOrName: string): Vehicle | undefined {
    const id = resolveVehicleId(this.#index, slugOrName);
    return id === undefined ? undefined : this.#byId.get(id);
  }

  /** Like find, but a missing model is a content bug. */
  get(slugOrName: string): Vehicle {
    const v = this.find(slugOrName);
    if (!v) throw new Error(`No catalogue vehicle for "${slugOrName}"`);
    return v;
  }

  /** The lowest catalogue price among a series card's models. */
  startingPrice(series: Series): number {
    return Math.min(...series.models.map((m) => this.get(m).price));
  }
}

/** "1 Model" / "4 Models". */
export const modelCountLabel = (n: number): string => `${n} ${n === 1 ? "Model" : "Models"}`;
