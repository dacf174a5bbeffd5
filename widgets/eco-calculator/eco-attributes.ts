import {
  ECO_DEFAULTS,
  MILES_PER_WEEK_MAX,
  MILES_PER_WEEK_MIN,
  TIME_FRAMES,
  USAGE_TYPES,
  isMilesPerWeek,
  isTimeFrame,
  isUsageType,
  type EcoInput,
} from "../../domain/eco-calculator";

/** The calculator's starting inputs from its attributes, with a warning for each value it could not use. */
export function defaultsFromAttributes(attrs: { miles?: string; usage?: string; years?: string }): { input: EcoInput; warnings: string[] } {
  const warnings: string[] = [];
  const input: EcoInput = { ...ECO_DEFAULTS };

  if (attrs.miles !== undefined) {
    const miles = attrs.miles.trim() === "" ? NaN : Number(attrs.miles);
    if (isMilesPerWeek(miles)) input.milesPerWeek = miles;
    else warnings.push(`miles="${attrs.miles}" is not a number from ${MILES_PER_WEEK_MIN} to ${MILES_PER_WEEK_MAX}; using ${ECO_DEFAULTS.milesPerWeek}`);
  }
  if (attrs.usage !== undefined) {
    const usage = attrs.usage.trim().toLowerCase();
    if (isUsageType(usage)) input.usage = usage;
    else warnings.push(`usage="${attrs.usage}" is not one of ${Object.keys(USAGE_TYPES).join(", ")}; using ${ECO_DEFAULTS.usage}`);
  }
  if (attrs.years !== undefined) {
    const years = Number(attrs.years.trim() || NaN);
    if (isTimeFrame(years)) input.years = years;
    else warnings.push(`years="${attrs.years}" is not one of ${TIME_FRAMES.join(", ")}; using ${ECO_DEFAULTS.years}`);
  }
  return { input, warnings };
}
