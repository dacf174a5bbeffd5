import { csvCell } from "../../../domain/leads-csv";
import type { PublicVehicle } from "../../../domain/public-vehicle";
import type { SiteFacts } from "../../lib/site-facts";
import { feedItem, feedLink, GOOGLE_GOLF_CART_CATEGORY, perUnit } from "./feed-item";

/** Meta's catalog columns: the required ones first, then the unit's attributes. */
export const META_CATALOG_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
  "additional_image_link",
  "google_product_category",
  "color",
  "custom_label_0",
  "custom_label_1",
] as const;

/** A byte-order mark, so that a spreadsheet opens the UTF-8 file with its accents intact. */
const UTF8_BOM = "\uFEFF";

/** One unit's row, written once per unit version. */
const metaRow = perUnit((site: SiteFacts, v: PublicVehicle): string => {
  const item = feedItem(site, v);
  const cells: Record<(typeof META_CATALOG_COLUMNS)[number], string> = {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.inStock ? "in stock" : "out of stock",
    condition: item.condition,
    price: item.price,
    link: feedLink(item, "meta"),
    image_link: item.imageLink,
    brand: item.brand,
    additional_image_link: item.additionalImageLinks.join(","),
    google_product_category: GOOGLE_GOLF_CART_CATEGORY,
    color: item.color ?? "",
    custom_label_0: item.onHold ? "On hold" : "",
    custom_label_1: v.stockNumber ?? "",
  };
  return META_CATALOG_COLUMNS.map((c) => csvCell(cells[c])).join(",");
});

/**
 * The site's listed units as a Meta (Facebook, Instagram) catalog feed: CSV
 * (RFC 4180, CRLF, UTF-8 with a byte-order mark), availability "in stock" or
 * "out of stock" (an on-hold unit is out of stock, custom_label_0 "On hold"),
 * price "12995.00 USD", custom_label_1 the stock number.
 */
export function metaCatalogCsv(site: SiteFacts, vehicles: readonly PublicVehicle[]): string {
  const rows = vehicles.map((v) => metaRow(site, v));
  return `${UTF8_BOM}${[META_CATALOG_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
