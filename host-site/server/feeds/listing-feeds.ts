import type { PublicVehicle } from "../../../domain/public-vehicle";
import type { SiteFacts } from "../../lib/site-facts";
import { googleLocalInventoryFeed } from "./google-local-inventory";
import { googleMerchantFeed } from "./google-merchant";
import { metaCatalogCsv } from "./meta-catalog";

/** A listing feed: its content type, and the pure function of (site, its listed units) that writes it. */
export interface ListingFeed {
  type: string;
  build: (site: SiteFacts, vehicles: readonly PublicVehicle[]) => string;
}

/** The listing feeds each site serves (issue 29), by path: the URLs to paste into Merchant Center and Commerce Manager. */
export const LISTING_FEEDS: Readonly<Record<string, ListingFeed>> = {
  "/feeds/google-merchant.xml": { type: "application/xml; charset=utf-8", build: googleMerchantFeed },
  "/feeds/google-local-inventory.xml": { type: "application/xml; charset=utf-8", build: googleLocalInventoryFeed },
  "/feeds/meta-catalog.csv": { type: "text/csv; charset=utf-8", build: metaCatalogCsv },
};
