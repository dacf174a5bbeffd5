import { TOWNS, type Town } from "../../domain/towns";

/** The about page's values. */
export const VALUES = [
  { title: "Straight answers", text: "Clear prices, honest advice on range and use, and no pressure to buy more cart than you need." },
  { title: "Local first", text: "We live here too. We know which streets carts may use in each town and where the sand gets soft." },
  { title: "Care after the sale", text: "Service, batteries, storage and a phone that gets answered: a cart is a long relationship." },
  { title: "Cleaner miles", text: "Every electric mile is one less gas mile along the bays and beaches we love." },
] as const;

/** Our teams (roles, not named individuals). */
export const TEAMS = [
  {
    name: "Sales",
    role: "Cart consultants",
    experience: "Over 15 years helping families, communities and businesses choose carts",
    text: "Test drives, trade-ins, financing and the paperwork, at the showroom or at your home.",
  },
  {
    name: "Service",
    role: "Factory-trained technicians",
    experience: "Certified on Denago and Evolution lithium systems",
    text: "Repairs, maintenance, battery upgrades and custom builds in our Georgetown workshop.",
  },
  {
    name: "Rentals",
    role: "Rental desk and delivery crew",
    experience: "Hundreds of summer deliveries to rental houses every season",
    text: "Delivery, hand-over and 24/7 support while you are on the road.",
  },
  {
    name: "Storage",
    role: "Storage and seasonal care",
    experience: "Indoor and outdoor spaces looked after all winter",
    text: "Battery tending, checks and pre-season preparation so your cart is ready in spring.",
  },
] as const;

export interface Region {
  name: string;
  text: string;
  towns: readonly Town[];
}

const byNames = (names: readonly string[]): Town[] =>
  names.map((n) => {
    const town = TOWNS.find((t) => t.name === n);
    if (!town) throw new Error(`No town record for "${n}"`);
    return town;
  });

/** The three regions we group the county's towns into: every town in exactly one. */
export const REGIONS: readonly Region[] = [
  {
    name: "The Coast",
    text: "Beach towns and resort communities from Lewes to Fenwick Island.",
    towns: byNames(["Lewes", "Henlopen Acres", "Rehoboth Beach", "Dewey Beach", "Bethany Beach", "South Bethany", "Fenwick Island", "Ocean View", "Millville"]),
  },
  {
    name: "Central Sussex",
    text: "Georgetown, our home, and the towns around Route 113 and the Delaware Bay shore.",
    towns: byNames(["Georgetown", "Milton", "Milford", "Ellendale", "Slaughter Beach", "Millsboro", "Dagsboro", "Frankford", "Selbyville"]),
  },
  {
    name: "Western Sussex",
    text: "Farm country and river towns along the Nanticoke and Route 13.",
    towns: byNames(["Seaford", "Blades", "Bridgeville", "Greenwood", "Laurel", "Bethel", "Delmar"]),
  },
];
