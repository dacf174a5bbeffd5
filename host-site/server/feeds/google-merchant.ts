import type { PublicVehicle } from "../../../domain/public-vehicle";
import type { SiteFacts } from "../../lib/site-facts";
import { feedItem, feedLink, GOOGLE_GOLF_CART_CATEGORY, perUnit } from "./feed-item";
import { googleRss, xmlElement as el } from "./google-rss";

/** One unit's <item>, written once per unit version. */
const merchantItem = perUnit((site: SiteFacts, v: PublicVehicle): string => {
  const item = feedItem(site, v);
  return [
    "<item>",
    el("g:id", item.id),
    el("title", item.title),
    el("link", feedLink(item, "google")),
    el("description", item.description),
    el("g:image_link", item.imageLink),
    ...item.additionalImageLinks.map((link) => el("g:additional_image_link", link)),
    el("g:price", item.price),
    el("g:availability", item.inStock ? "in_stock" : "out_of_stock"),
    el("g:condition", item.condition),
    el("g:brand", item.brand),
    el("g:identifier_exists", "no"),
    el("g:google_product_category", GOOGLE_GOLF_CART_CATEGORY),
    ...(item.color ? [el("g:color", item.color)] : []),
    ...(item.onHold ? [el("g:custom_label_0", "On hold")] : []),
    ...item.facts.map(
      (f) => `<g:product_detail>${el("g:section_name", "Unit")}${el("g:attribute_name", f.label)}${el("g:attribute_value", f.value)}</g:product_detail>`,
    ),
    "</item>",
  ].join("\n");
});

/**
 * The site's listed units as a Google Merchant Center product feed (RSS 2.0
 * with the g: namespace): title, link (with UTM tags) and description, then
 * g:id (the stock number), images as rasters, price ("12995.00 USD"),
 * availability (an on-hold unit is out of stock and labelled "On hold"),
 * condition, brand, identifier_exists no (carts carry no GTIN), the golf-cart
 * category, and the unit's facts as product details. `vehicles` are the site's listed ones.
 */
export function googleMerchantFeed(site: SiteFacts, vehicles: readonly PublicVehicle[]): string {
  const items = vehicles.map((v) => merchantItem(site, v));
  return googleRss(
    {
      title: `${site.name}: golf carts on the lot`,
      link: site.siteUrl,
      description: `Every golf cart for sale at ${site.name}, as it stands on the lot.`,
    },
    items,
  );
}
