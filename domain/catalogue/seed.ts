import facts from "./catalogue-facts.json" with { type: "json" };
import { VehicleListSchema, type Vehicle, type VehicleInput } from "../vehicle";
import { seriesOfCategory } from "./series";
import { FEATURED_VEHICLE_IDS } from "./lineups";

/** Manufacturers' sites, opened by the detail page's external links. */
const BRAND_SITES: Record<string, string> = {
  DENAGO: "https://www.denagoev.com/",
  EVOLUTION: "https://www.evolutionevs.com/",
};

/** Denago's facts name a use ("Street Legal"); our catalogue files Denago models by series. */
const DENAGO_SERIES_CATEGORY: Record<string, string> = {
  "denago-ev-city": "EV City",
  "denago-ev-nomad": "EV Nomad",
  "denago-ev-nomad-xl": "EV Nomad",
  "denago-ev-rover-xl": "EV Rover",
  "denago-ev-rover-xl6": "EV Rover",
  "denago-ev-rover-xxl": "EV Rover",
};

type Fact = (typeof facts.vehicles)[number];

/** The model year of the units the seed stands on the lot. */
const SEED_MODEL_YEAR = 2025;
/** Factory colours the two makers offer, handed out in turn so the lot shows a mix. */
const SEED_COLORS = ["Arctic White", "Black", "Silver Metallic", "Portimao Blue", "Lime Green", "Champagne", "Flamenco Red", "Sky Blue"] as const;
/** Stock numbers: the brand's initial and a running number from this one ("D-1001", "E-1001"). */
const FIRST_STOCK_NUMBER = 1001;

const titleBrand = (brand: string) => brand.charAt(0) + brand.slice(1).toLowerCase();

/** Our own description, built from the series copy and the model's facts. */
function describe(f: Fact, seriesText: string): string {
  const model = f.name.replace(/^(DENAGO|EVolution)\s+/i, "");
  const seats = f.seatingCapacity === 1 ? "one" : String(f.seatingCapacity);
  return (
    `${seriesText} The ${model} seats ${seats}, goes up to ${f.range} on a charge of its ${f.batteryType} pack, ` +
    `tops out at ${f.topSpeed} and carries up to ${f.payload}.`
  );
}

function toVehicle(f: Fact, i: number, all: readonly Fact[]): VehicleInput {
  const category = DENAGO_SERIES_CATEGORY[f.id] ?? f.category;
  const series = seriesOfCategory(category);
  if (!series) throw new Error(`Catalogue model ${f.id} has no series for category "${category}"`);
  return {
    id: f.id,
    name: f.name,
    description: describe(f, series.description),
    price: f.price,
    brand: titleBrand(f.brand),
    category,
    images: [`/images/vehicles/${f.id}.svg`, `/images/series/${series.id}.svg`],
    inStock: f.inStock,
    isNew: f.isNew,
    features: [...series.features, `${f.payload} payload capacity`],
    specifications: {
      seatingCapacity: f.seatingCapacity,
      range: f.range,
      topSpeed: f.topSpeed,
      ...(f.drive ? { drive: f.drive } : {}),
      batteryType: f.batteryType,
      chargingTime: f.chargingTime,
      payload: f.payload,
      ...(f.category !== category ? { vehicleType: f.category } : {}),
    },
    externalUrl: BRAND_SITES[f.brand],
    featured: FEATURED_VEHICLE_IDS.includes(f.id),
    condition: f.isNew ? "new" : "used",
    stockNumber: `${f.brand.charAt(0)}-${FIRST_STOCK_NUMBER + all.slice(0, i).filter((g) => g.brand === f.brand).length}`,
    year: SEED_MODEL_YEAR,
    color: SEED_COLORS[i % SEED_COLORS.length],
  };
}

/** The catalogue the API's data file is seeded with on first start. */
export function seedCatalogue(): Vehicle[] {
  return VehicleListSchema.parse(facts.vehicles.map(toVehicle));
}
