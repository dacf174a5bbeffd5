import type { PublicVehicle } from "../../../domain/public-vehicle";
import type { SiteFacts } from "../../lib/site-facts";
import { feedItem, perUnit } from "./feed-item";
import { googleRss, xmlElement as el } from "./google-rss";

/** One unit's <item>, written once per unit version. */
const localItem = perUnit((site: SiteFacts, v: PublicVehicle): string => {
  const item = feedItem(site, v);
  return [
    "<item>",
    el("g:store_code", item.location),
    el("g:id", item.id),
    el("g:availability", item.inStock ? "in_stock" : "out_of_stock"),
    el("g:price", item.price),
    el("g:quantity", item.inStock ? 1 : 0),
    "</item>",
  ].join("\n");
});

/**
 * The site's listed units as a Google local inventory feed (RSS 2.0, g:
 * namespace) of the units on its own lot (LivePages leaves out those on another
 * site's): per unit its store_code (the site's id, to be used as the store code
 * of its Business Profile), id (as in the product feed), availability, price
 * and quantity (1 on the lot, 0 on hold).
 */
export function googleLocalInventoryFeed(site: SiteFacts, vehicles: readonly PublicVehicle[]): string {
  const items = vehicles.map((v) => localItem(site, v));
  return googleRss(
    {
      title: `${site.name}: local inventory`,
      link: site.siteUrl,
      description: `Which golf carts stand on the lot at ${site.name}, and at what price.`,
    },
    items,
  );
}
