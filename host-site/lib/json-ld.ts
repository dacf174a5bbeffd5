import { shownImages } from "../../domain/photo";
import { openingHoursSpecification } from "../../domain/opening-hours";
import type { PublicVehicle } from "../../domain/public-vehicle";
import type { VehicleStatus } from "../../domain/vehicle";
import { absoluteUrl, DEFAULT_SHARE_IMAGE } from "./seo";
import type { SiteFacts } from "./site-facts";

/** The dealership's node id, so that other blocks can point at it. */
export const dealerId = (b: Pick<SiteFacts, "siteUrl">): string => `${b.siteUrl}/#dealer`;

/** The dealership as schema.org AutoDealer (a LocalBusiness): facts from the core only, no ratings. */
export function dealerJsonLd(b: SiteFacts) {
  const { address, phones } = b;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": dealerId(b),
    name: b.name,
    legalName: b.legalName,
    description: b.tagline,
    url: b.siteUrl,
    logo: absoluteUrl(b, "/favicon.svg"),
    image: absoluteUrl(b, DEFAULT_SHARE_IMAGE),
    telephone: phones.main.e164,
    email: b.email,
    foundingDate: String(b.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: b.geo.lat, longitude: b.geo.lng },
    openingHoursSpecification: openingHoursSpecification(b.hours),
    contactPoint: Object.values(phones).map((p) => ({
      "@type": "ContactPoint",
      telephone: p.e164,
      contactType: p.label,
      areaServed: "US",
      availableLanguage: "English",
    })),
    areaServed: [
      { "@type": "AdministrativeArea", name: `${b.region}, ${b.state}` },
      ...b.towns.map((t) => ({ "@type": t.type === "City" ? "City" : "Place", name: `${t.name}, ${address.region}` })),
    ],
    sameAs: Object.values(b.social),
  };
}

/** schema.org ItemAvailability of a unit: on hold is Reserved; an available one is in stock or not, as staff mark it. */
function availability(v: { status: VehicleStatus; inStock: boolean }): string {
  if (v.status === "sold") return "https://schema.org/SoldOut";
  if (v.status === "on-hold") return "https://schema.org/Reserved";
  return v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
}

/**
 * A unit as schema.org Vehicle (Car for a street-legal LSV), a Product, with
 * one Offer from the dealership: its VIN, model year, colour, condition and
 * odometer where known. Built from the public vehicle only: no cost.
 */
export function vehicleJsonLd(b: SiteFacts, v: PublicVehicle, canonicalPath: string) {
  const url = absoluteUrl(b, canonicalPath);
  // Every image the page shows, the main one first (its photos' 1200 px JPEGs, or its drawing).
  const images = shownImages(v.images).map((src) => absoluteUrl(b, src));
  const itemCondition = v.condition === "used" ? "https://schema.org/UsedCondition" : "https://schema.org/NewCondition";
  return {
    "@context": "https://schema.org",
    "@type": v.streetLegal ? "Car" : "Vehicle",
    "@id": `${url}#product`,
    name: v.name,
    description: v.description,
    sku: v.stockNumber ?? v.id,
    category: v.category,
    url,
    ...(images.length ? { image: images } : {}),
    brand: { "@type": "Brand", name: v.brand },
    itemCondition,
    ...(v.vin ? { vehicleIdentificationNumber: v.vin } : {}),
    ...(v.serialNumber ? { serialNumber: v.serialNumber } : {}),
    ...(v.year ? { vehicleModelDate: String(v.year) } : {}),
    ...(v.color ? { color: v.color } : {}),
    // UN/CEFACT unit code SMI: statute miles, as schema.org advises for mileageFromOdometer.
    ...(v.odometer !== undefined ? { mileageFromOdometer: { "@type": "QuantitativeValue", value: v.odometer, unitCode: "SMI" } } : {}),
    vehicleSeatingCapacity: v.specifications.seatingCapacity,
    offers: {
      "@type": "Offer",
      url,
      price: v.price,
      priceCurrency: "USD",
      availability: availability(v),
      itemCondition,
      seller: { "@id": dealerId(b) },
    },
  };
}

/** JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` escaped so the text can never close the script. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
