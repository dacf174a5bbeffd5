import { shownImages } from "../../domain/photo";
import { BUSINESS } from "../../domain/business";
import { openingHoursSpecification } from "../../domain/opening-hours";
import { TOWNS } from "../../domain/towns";
import type { Vehicle } from "../../domain/vehicle";
import { absoluteUrl, DEFAULT_SHARE_IMAGE } from "./seo";

/** The dealership's node id, so that other blocks can point at it. */
export const DEALER_ID = `${BUSINESS.siteUrl}/#dealer`;

/** The dealership as schema.org AutoDealer (a LocalBusiness): facts from the core only, no ratings. */
export function dealerJsonLd() {
  const { address, phones } = BUSINESS;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": DEALER_ID,
    name: BUSINESS.name,
    legalName: BUSINESS.legalName,
    description: BUSINESS.tagline,
    url: BUSINESS.siteUrl,
    logo: absoluteUrl("/favicon.svg"),
    image: absoluteUrl(DEFAULT_SHARE_IMAGE),
    telephone: phones.main.e164,
    email: BUSINESS.email,
    foundingDate: String(BUSINESS.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: BUSINESS.geo.lat, longitude: BUSINESS.geo.lng },
    openingHoursSpecification: openingHoursSpecification(),
    contactPoint: Object.values(phones).map((p) => ({
      "@type": "ContactPoint",
      telephone: p.e164,
      contactType: p.label,
      areaServed: "US",
      availableLanguage: "English",
    })),
    areaServed: [
      { "@type": "AdministrativeArea", name: `${address.county}, Delaware` },
      ...TOWNS.map((t) => ({ "@type": t.type === "City" ? "City" : "Place", name: `${t.name}, DE` })),
    ],
    sameAs: Object.values(BUSINESS.social),
  };
}

/** A vehicle as schema.org Product with one Offer from the dealership. */
export function productJsonLd(v: Vehicle, canonicalPath: string) {
  const url = absoluteUrl(canonicalPath);
  // Every image the page shows, the main one first (its photos' 1200 px JPEGs, or its drawing).
  const images = shownImages(v.images).map((src) => absoluteUrl(src));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: v.name,
    description: v.description,
    sku: v.id,
    category: v.category,
    url,
    ...(images.length ? { image: images } : {}),
    brand: { "@type": "Brand", name: v.brand },
    offers: {
      "@type": "Offer",
      url,
      price: v.price,
      priceCurrency: "USD",
      availability: v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: v.condition === "used" ? "https://schema.org/UsedCondition" : "https://schema.org/NewCondition",
      seller: { "@id": DEALER_ID },
    },
  };
}

/** JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` escaped so the text can never close the script. */
export const jsonLdText = (data: unknown): string => JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
