import type { Town } from "../../domain/towns";
import type { SiteFacts } from "../lib/site-facts";

/** The about page's values. */
export const VALUES = [
  { title: "Straight answers", text: "Clear prices, honest advice on range and use, and no pressure to buy more cart than you need." },
  { title: "Local first", text: "We live here too. We know which streets carts may use in each town and where the sand gets soft." },
  { title: "Care after the sale", text: "Service, batteries, storage and a phone that gets answered: a cart is a long relationship." },
  { title: "Cleaner miles", text: "Every electric mile is one less gas mile along the bays and beaches we love." },
] as const;

/** The sales team's experience: the site's own years in business (rounded down to fives, as its figures say), when five or more. */
const salesExperience = (biz: SiteFacts): string => {
  const years = Number.parseInt(biz.yearsExperience, 10);
  return years >= 5
    ? `Over ${years} years helping families, communities and businesses choose carts`
    : "Helping families, communities and businesses choose carts";
};

/** Our teams (roles, not named individuals). */
export const teams = (biz: SiteFacts) => [
  {
    name: "Sales",
    role: "Cart consultants",
    experience: salesExperience(biz),
    text: "Test drives, trade-ins, financing and the paperwork, at the showroom or at your home.",
  },
  {
    name: "Service",
    role: "Factory-trained technicians",
    experience: "Certified on Denago and Evolution lithium systems",
    text: `Repairs, maintenance, battery upgrades and custom builds in our ${biz.address.city} workshop.`,
  },
  {
    name: "Rentals",
    role: "Rental desk and delivery crew",
    experience: biz.story.rentalDeliveries ?? `Deliveries to rental houses and homes across ${biz.region}`,
    text: "Delivery, hand-over and 24/7 support while you are on the road.",
  },
  {
    name: "Storage",
    role: "Storage and seasonal care",
    experience: "Indoor and outdoor spaces looked after all winter",
    text: "Battery tending, checks and pre-season preparation so your cart is ready in spring.",
  },
];

export interface Region {
  name: string;
  text: string;
  towns: readonly Town[];
}

const byNames = (towns: readonly Town[], names: readonly string[]): Town[] =>
  names.map((n) => {
    const town = towns.find((t) => t.name === n);
    if (!town) throw new Error(`No town record for "${n}"`);
    return town;
  });

/** The first site's three regions of the county, by hand: every town in exactly one. */
const SUSSEX_REGIONS = (towns: readonly Town[]): Region[] => [
  {
    name: "The Coast",
    text: "Beach towns and resort communities from Lewes to Fenwick Island.",
    towns: byNames(towns, [
      "Lewes",
      "Henlopen Acres",
      "Rehoboth Beach",
      "Dewey Beach",
      "Bethany Beach",
      "South Bethany",
      "Fenwick Island",
      "Ocean View",
      "Millville",
    ]),
  },
  {
    name: "Central Sussex",
    text: "Georgetown, our home, and the towns around Route 113 and the Delaware Bay shore.",
    towns: byNames(towns, ["Georgetown", "Milton", "Milford", "Ellendale", "Slaughter Beach", "Millsboro", "Dagsboro", "Frankford", "Selbyville"]),
  },
  {
    name: "Western Sussex",
    text: "Farm country and river towns along the Nanticoke and Route 13.",
    towns: byNames(towns, ["Seaford", "Blades", "Bridgeville", "Greenwood", "Laurel", "Bethel", "Delmar"]),
  },
];

/** The regions of a site's area, as the about page groups its towns: the first site's by hand, one for any other. */
export const regionsOf = (biz: SiteFacts): Region[] =>
  biz.id === "sussex-coast"
    ? SUSSEX_REGIONS(biz.towns)
    : [{ name: biz.region, text: `The towns and cities we serve across ${biz.region}.`, towns: [...biz.towns] }];
