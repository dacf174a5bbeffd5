/**
 * Eco-savings calculator (spec §9 "Eco calculator": the fuel, CO2, money and trees an electric cart saves over a gas one,
 * from weekly miles, a usage multiplier and a number of years; docs/requirements.md). Pure: the widget only formats and
 * animates.
 */

/** Miles per gallon of the gas cart we compare against. */
export const MPG_GAS_CART = 15;
/** Pounds of CO2 from burning one gallon of gasoline. */
export const LBS_CO2_PER_GALLON = 19.6;
/** US dollars per gallon of gasoline. */
export const USD_PER_GALLON = 3.5;
/** kWh an electric cart uses per mile. */
export const KWH_PER_MILE = 0.15;
/** US dollars per kWh. */
export const USD_PER_KWH = 0.12;
export const WEEKS_PER_YEAR = 52;
export const LBS_PER_TON = 2000;
/** Trees needed to absorb one ton of CO2 in a year. */
export const TREES_PER_TON_CO2 = 16.5;

export const MILES_PER_WEEK_MIN = 1;
export const MILES_PER_WEEK_MAX = 500;
/** Whether a miles-per-week figure is one the calculator works with: a number from 1 to 500. */
export const isMilesPerWeek = (n: number): boolean => Number.isFinite(n) && n >= MILES_PER_WEEK_MIN && n <= MILES_PER_WEEK_MAX;

export const USAGE_TYPES = {
  recreational: { label: "Recreational", multiplier: 1 },
  residential: { label: "Residential Community", multiplier: 1.2 },
  commercial: { label: "Commercial/Resort", multiplier: 2 },
  "golf-course": { label: "Golf Course", multiplier: 2.5 },
} as const;
export type UsageType = keyof typeof USAGE_TYPES;

export const TIME_FRAMES = [1, 3, 5, 10] as const;
export type TimeFrame = (typeof TIME_FRAMES)[number];

export const ECO_DEFAULTS = { milesPerWeek: 25, usage: "recreational", years: 1 } as const satisfies EcoInput;

export interface EcoInput {
  milesPerWeek: number;
  usage: UsageType;
  years: TimeFrame;
}

export interface EcoResult {
  totalMiles: number;
  /** Gallons of gasoline not burned. */
  fuelSaved: number;
  /** Pounds of CO2 not emitted. */
  co2Saved: number;
  co2Tons: number;
  /** US dollars of fuel not bought. */
  costSaved: number;
  /** US dollars of electricity used instead. */
  electricCost: number;
  /** costSaved minus electricCost. */
  netSavings: number;
  treesEquivalent: number;
}

export function calculateEcoImpact({ milesPerWeek, usage, years }: EcoInput): EcoResult {
  const totalMiles = milesPerWeek * WEEKS_PER_YEAR * years * USAGE_TYPES[usage].multiplier;
  const fuelSaved = totalMiles / MPG_GAS_CART;
  const co2Saved = fuelSaved * LBS_CO2_PER_GALLON;
  const costSaved = fuelSaved * USD_PER_GALLON;
  const electricCost = totalMiles * KWH_PER_MILE * USD_PER_KWH;
  const co2Tons = co2Saved / LBS_PER_TON;
  return {
    totalMiles,
    fuelSaved,
    co2Saved,
    co2Tons,
    costSaved,
    electricCost,
    netSavings: costSaved - electricCost,
    treesEquivalent: co2Tons * TREES_PER_TON_CO2,
  };
}

export const isUsageType = (v: unknown): v is UsageType => typeof v === "string" && Object.hasOwn(USAGE_TYPES, v);
export const isTimeFrame = (v: unknown): v is TimeFrame => TIME_FRAMES.includes(Number(v) as TimeFrame);

/** Environmental facts shown beside the calculator. */
export const ECO_FACTS = [
  { figure: `${LBS_CO2_PER_GALLON} lbs`, label: "CO2 from every gallon of gasoline burned" },
  { figure: "90%", label: "Electric motor efficiency, against 25% for a gas engine" },
  { figure: "$1,200+", label: "Average annual savings over a gas cart" },
  { figure: `${TREES_PER_TON_CO2} trees`, label: "Needed to absorb one ton of CO2 a year" },
] as const;
