/**
 * The model series of the two featured brands: our own copy, and which
 * catalogue models each series card lists. Prices are never written here:
 * they are read from the catalogue.
 */

export interface Series {
  id: string;
  brand: "Denago" | "Evolution";
  /** As printed on the series card, e.g. "D5 RANGER". */
  title: string;
  /** The catalogue category of the series' models. */
  category: string;
  description: string;
  features: readonly [string, string, string, ...string[]];
  /** Model names as the card lists them, in order; those the catalogue holds are shown, linking to /vehicles/{modelSlug(name)}. */
  models: readonly string[];
}

export const DENAGO_SERIES: readonly Series[] = [
  {
    id: "ev-city",
    brand: "Denago",
    title: "EV CITY",
    category: "EV City",
    description: "A compact two-seat street-legal runabout for town errands, beach parking and short commutes.",
    features: ["Street legal with lights, mirrors and seat belts", "72V lithium power", "Tight turning circle for town streets"],
    models: ["Denago EV City"],
  },
  {
    id: "ev-nomad",
    brand: "Denago",
    title: "EV NOMAD",
    category: "EV Nomad",
    description: "Lifted trail-ready carts with all-terrain tyres for farm lanes, campgrounds and dunes access roads.",
    features: ["Lifted suspension", "All-terrain tyres", "Maintenance-free lithium battery"],
    models: ["Denago EV Nomad", "Denago EV Nomad XL"],
  },
  {
    id: "ev-rover",
    brand: "Denago",
    title: "EV ROVER",
    category: "EV Rover",
    description: "Hard-working utility carts with room to haul, from marina gear to landscaping loads.",
    features: ["Heavy-duty payload", "72V lithium power", "Seating for the whole crew"],
    models: ["Denago EV Rover XL", "Denago EV Rover XL6", "Denago EV Rover XXL"],
  },
];

export const EVOLUTION_SERIES: readonly Series[] = [
  {
    id: "d5-ranger",
    brand: "Evolution",
    title: "D5 RANGER",
    category: "D5 Ranger",
    description: "The lifted all-rounder of the D5 family, as happy on a gravel lane as on a boardwalk street.",
    features: ["Lifted chassis with off-road tyres", "72V lithium battery", "Touchscreen dash with Bluetooth"],
    models: ["D5 Ranger 2+2", "D5 Ranger 4", "D5 Ranger 6", "D5 Ranger 6 Plus"],
  },
  {
    id: "d5-maverick",
    brand: "Evolution",
    title: "D5 MAVERICK",
    category: "D5 Maverick",
    description: "Low-slung street styling and a smooth ride for neighbourhood cruising and resort shuttles.",
    features: ["Street-tuned suspension", "72V lithium battery", "LED lighting all round"],
    models: ["D5 Maverick 4", "D5 Maverick 6", "D5 Maverick 4 Plus", "D5 Maverick 6 Plus"],
  },
  {
    id: "classic",
    brand: "Evolution",
    title: "CLASSIC",
    category: "Classic",
    description: "Timeless golf-cart lines at the friendliest price, for the course and the community.",
    features: ["Proven 48V lithium drivetrain", "Comfortable bench seating", "Low running costs"],
    models: ["Classic 2 Plus", "Classic 2 Pro", "Classic 4 Plus"],
  },
  {
    id: "carrier",
    brand: "Evolution",
    title: "CARRIER",
    category: "Carrier",
    description: "Shuttle-sized carts that move six or eight people at a time around resorts and campuses.",
    features: ["Seating for six or eight", "Grab handles on every row", "Fleet-friendly lithium power"],
    models: ["Carrier 6 Plus", "Carrier 8 Plus"],
  },
  {
    id: "forester",
    brand: "Evolution",
    title: "FORESTER",
    category: "Forester",
    description: "Rugged, lifted and comfortable: a cart for wooded lots, farms and long private lanes.",
    features: ["Lifted off-road stance", "Rugged all-terrain tyres", "Weather-ready seating"],
    models: ["Forester 4 Plus", "Forester 6 Plus"],
  },
  {
    id: "turfman",
    brand: "Evolution",
    title: "TURFMAN",
    category: "Turfman",
    description: "Utility vehicles with a real cargo bed for grounds crews, golf courses and working properties.",
    features: ["Steel cargo bed", "High payload capacity", "Quiet electric operation"],
    models: ["Turfman 200", "Turfman 800", "Turfman 1000"],
  },
  {
    id: "d6-max",
    brand: "Evolution",
    title: "D6 MAX",
    category: "D6 Max",
    description: "The flagship: more power, more range and premium finishes in GT street and XT lifted trims.",
    features: ["Most powerful Evolution drivetrain", "Premium upholstery and dash", "GT street or XT lifted trims"],
    models: ["D6 Max GT4", "D6 Max GT6", "D6 Max XT4", "D6 Max XT6"],
  },
];

export const ALL_SERIES: readonly Series[] = [...DENAGO_SERIES, ...EVOLUTION_SERIES];

/** The series a catalogue category belongs to. */
export const seriesOfCategory = (category: string): Series | undefined => ALL_SERIES.find((s) => s.category.toLowerCase() === category.toLowerCase());
