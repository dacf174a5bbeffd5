/**
 * Which catalogue models the home and brand pages feature. Ids only: names,
 * prices and specs are read from the catalogue, so every page agrees.
 */

/** The home page's three featured carts, in order. */
export const FEATURED_VEHICLE_IDS: readonly string[] = ["evolution-d5-maverick-4-plus", "evolution-d6-max-xt4", "denago-ev-city"];

/** The Denago page's lineup of six models. */
export const DENAGO_LINEUP_IDS: readonly string[] = [
  "denago-ev-city",
  "denago-ev-nomad",
  "denago-ev-nomad-xl",
  "denago-ev-rover-xl",
  "denago-ev-rover-xl6",
  "denago-ev-rover-xxl",
];

/** The Evolution page's six featured models. */
export const EVOLUTION_FEATURED_IDS: readonly string[] = [
  "evolution-d5-ranger-4-plus",
  "evolution-d5-ranger-6-plus",
  "evolution-d5-maverick-4-plus",
  "evolution-classic-4-plus",
  "evolution-carrier-6-plus",
  "evolution-d6-max-xt4",
];

/** A series card lists at most this many model links, then "+N more models". */
export const SERIES_CARD_MAX_MODELS = 3;
