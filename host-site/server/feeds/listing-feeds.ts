import { inListingFeeds } from "../../../domain/feed-listing";
import type { PublicVehicle } from "../../../domain/public-vehicle";
import type { SiteFacts } from "../../lib/site-facts";
import { googleLocalInventoryFeed } from "./google-local-inventory";
import { googleMerchantFeed } from "./google-merchant";
import { metaCatalogCsv } from "./meta-catalog";

/** A listing feed: its content type, and the pure function of (site, its listed units) that writes it. */
export interface ListingFeed {
  type: string;
  build: (site: SiteFacts, vehicles: readonly PublicVehicle[]) => string;
  /** Only the units on the site's own lot (or on no lot named): a local inventory says what stands at this store. */
  ownLotOnly?: true;
}

/** The feed `build` writes, of the listed units it may carry: those with a photo (domain/feed-listing.ts). */
const ofUnitsWithPhotos =
  (build: ListingFeed["build"]): ListingFeed["build"] =>
  (site, vehicles) =>
    build(site, vehicles.filter(inListingFeeds));

/** The listing feeds each site serves, by path: the URLs to paste into Merchant Center and Commerce Manager. */
export const LISTING_FEEDS: Readonly<Record<string, ListingFeed>> = {
  "/feeds/google-merchant.xml": { type: "application/xml; charset=utf-8", build: ofUnitsWithPhotos(googleMerchantFeed) },
  "/feeds/google-local-inventory.xml": { type: "application/xml; charset=utf-8", build: ofUnitsWithPhotos(googleLocalInventoryFeed), ownLotOnly: true },
  "/feeds/meta-catalog.csv": { type: "text/csv; charset=utf-8", build: ofUnitsWithPhotos(metaCatalogCsv) },
};
