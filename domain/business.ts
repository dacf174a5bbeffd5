/**
 * The first site's business facts (name, phones, address, e-mail), which a deployment seeds it with on its first
 * start (domain/site-seed.ts). After that each site's facts are data, edited in the console's Sites page, and every
 * page, widget, e-mail and structured-data block reads its own site's. Phone numbers and e-mail are placeholders
 * (555 numbers, example domain).
 */

/** A phone number as shown to people and as dialled by a `tel:` link. */
export interface PhoneNumber {
  label: string;
  display: string;
  /** E.164, for `tel:` links and structured data. */
  e164: string;
}

/** The financing rate advertised on select models. */
const FINANCING_RATE = "0%";

export const BUSINESS = {
  name: "Sussex Coast Golf Carts",
  legalName: "Sussex Coast Golf Carts LLC",
  tagline: "Electric golf carts and low-speed vehicles for Sussex County, Delaware",
  siteUrl: "https://www.sussexcoastgolfcarts.example",
  email: "sales@sussexcoastgolfcarts.example",
  phones: {
    main: { label: "Main line", display: "(302) 555-0142", e164: "+13025550142" },
    tollFree: { label: "Toll-free", display: "(888) 555-0199", e164: "+18885550199" },
    service: { label: "Service desk", display: "(302) 555-0187", e164: "+13025550187" },
  } satisfies Record<string, PhoneNumber>,
  address: {
    street: "100 Coastal Cart Lane",
    city: "Georgetown",
    region: "DE",
    postalCode: "19947",
    country: "US",
    county: "Sussex County",
  },
  /** The showroom's position, for the map and structured data. */
  geo: { lat: 38.6901, lng: -75.3855 },
  /** External financing application, always opened in a new tab. */
  financingUrl: "https://apply.financing.example/golf-carts?dealer=sussex-coast",
  foundedYear: 2010,
  /** The customers figure its pages show (the first site's story.customers). */
  happyCustomers: "1000+",
  financingRate: FINANCING_RATE,
  financingOffer: `${FINANCING_RATE} financing on select models`,
  /** The APR a payment estimate starts at on models without the offer, in percent (the owner's rate). */
  defaultApr: 6.99,
  /** The select models: the Denago lineup, whose payment estimates start at the advertised 0%. */
  zeroAprModels: ["denago-ev-city", "denago-ev-nomad", "denago-ev-nomad-xl", "denago-ev-rover-xl", "denago-ev-rover-xl6", "denago-ev-rover-xxl"],
  social: {
    facebook: "https://www.facebook.com/sussexcoastgolfcarts.example",
    instagram: "https://www.instagram.com/sussexcoastgolfcarts.example",
  },
} as const;

/** `tel:` link for a phone number. */
export const telHref = (phone: Pick<PhoneNumber, "e164">): string => `tel:${phone.e164}`;

/** The one-line postal address. */
export const formatAddress = (a = BUSINESS.address): string => `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
