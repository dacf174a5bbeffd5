/**
 * Which listed units the listing feeds (Google Merchant, Google local inventory, Meta) carry. Google and Meta ask for
 * a real photo of the product itself: a drawing of the model or the site's default share image gets the item
 * disapproved or shown as a stranger's cart, so a unit without an uploaded photo is left out until it has one. The
 * console lists the units left out, with this reason, so that staff know which need photos.
 */
import { isPhoto } from "./photo";
import type { Vehicle } from "./vehicle";

export const NO_PHOTO_FOR_FEEDS = "no photo of the unit: Google and Meta list a cart only with a real photo, not a drawing or the default image";

/** Why a listed unit is left out of the listing feeds, in words; undefined when the feeds carry it. */
export const feedOmission = (v: Pick<Vehicle, "images">): string | undefined => (v.images.some(isPhoto) ? undefined : NO_PHOTO_FOR_FEEDS);

/** Whether the listing feeds carry a listed unit. */
export const inListingFeeds = (v: Pick<Vehicle, "images">): boolean => feedOmission(v) === undefined;
