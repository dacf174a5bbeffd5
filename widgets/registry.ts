/**
 * The widgets, declared once: each one's tag, script, attributes (with their
 * allowed values taken from the domain's own unions), events and size budget.
 * The vite entries, the site's script names and the npm package's exports are
 * read from it; `npm run generate` (scripts/generate-widgets.ts, run by
 * `npm run build`) writes everything else that lists the widgets: the
 * all-in-one script, the JSX typings, the package's entries, the server
 * renderer's table, .size-limit.json, custom-elements.json, the partner docs'
 * attribute tables and the strict-CSP demo page; widgets/registry.test.ts
 * fails when one of them is out of step. Another widget is its own folder
 * plus one entry here (`npm run new-widget -- NAME` writes both).
 */
import { INTERESTS } from "../domain/contact";
import { TIME_FRAMES, USAGE_TYPES } from "../domain/eco-calculator";
import { RENTAL_PLANS } from "../domain/rentals";
import type { GcEventName } from "./shared/events";
import { HEADING_LEVELS, THEMES } from "./shared/common-attributes";

/** One attribute of a widget element. */
export interface WidgetAttribute {
  name: string;
  type: "string" | "number" | "boolean";
  /** The values it takes, when it takes only some. */
  values?: readonly (string | number)[];
  description: string;
  default?: string;
  /** More for the partner docs' attribute table only (custom-elements.json carries the description alone). */
  note?: string;
  /** A page must set it (the JSX typings make it required). */
  required?: boolean;
  /** Shared by several widgets and documented once, under "Every element" in the partner docs. */
  common?: boolean;
}

/**
 * One widget: its element, its script (/widgets/<script>.js) and its folder: widgets/<folder>/index.ts defines it and
 * exports the element's interface `className`; widgets/<folder>/<Name>.tsx exports the component `<Name>` (className
 * without Gc and Element), which the site's pages render on the server.
 */
export interface WidgetEntry {
  tag: `gc-${string}`;
  className: string;
  /** A short name, as a heading: "Rental prices". */
  title: string;
  folder: string;
  script: string;
  /** Most kB (gzip) its script may weigh. */
  budgetKb: number;
  description: string;
  attributes: readonly WidgetAttribute[];
  events: readonly GcEventName[];
  /** The attributes it has on the demo page that shows every widget (demo/pages/strict-csp.html). */
  demo: Readonly<Record<string, string>>;
  /** Types of the core its events carry, re-exported by the npm package: module under the repository root → names. */
  packageTypes?: Readonly<Record<string, readonly string[]>>;
  /**
   * The snippet's fallback (docs/decisions/0020-reserved-space.md): `reserve` is the element's min-height, about
   * its loaded height at each width, so that nothing below it moves when it renders; `fallback` is what the element
   * shows until then (and without JavaScript): a link to the dealership's page for it, beside the phone.
   */
  reserve: (attributes: Readonly<Record<string, unknown>>) => string;
  fallback: { text: string; path: (attributes: Readonly<Record<string, unknown>>) => string };
}

const API_BASE: WidgetAttribute = {
  name: "api-base",
  type: "string",
  description: "Origin of the dealership's API. Defaults to the origin the widget script was loaded from.",
};

const THEME: WidgetAttribute = {
  name: "theme",
  type: "string",
  values: THEMES,
  description: "Colour theme: light, dark (tokens meeting WCAG AA), or auto, following the device's prefers-color-scheme.",
  default: "light",
  common: true,
};

/** heading-level: the level of the widget's top heading, so its outline fits the host page's. */
const headingLevel = (top: string, fallback: number): WidgetAttribute => ({
  name: "heading-level",
  type: "number",
  values: HEADING_LEVELS,
  description: `Level of the widget's top heading (${top}); its other headings follow below it.`,
  default: String(fallback),
  common: true,
});

const SOURCE: WidgetAttribute = {
  name: "source",
  type: "string",
  description:
    "A label naming the page or partner: gc-ready and gc-action carry it, and links to the dealership's pages carry it as utm_source (default: the page's host).",
  common: true,
};

/** The attributes the JSX typings declare once, on the base every element's attributes extend (widgets/jsx.d.ts). */
export const ELEMENT_ATTRIBUTES: readonly WidgetAttribute[] = [API_BASE, THEME];

/** The events every widget dispatches. */
const COMMON_EVENTS = ["gc-ready", "gc-action", "gc-error"] as const;

export const WIDGETS = [
  {
    tag: "gc-inventory",
    title: "Inventory",
    className: "GcInventoryElement",
    folder: "inventory",
    script: "inventory",
    budgetKb: 22.9,
    description: "The searchable, filterable vehicle grid: search, brand, category and price filters, sort, skeletons, error and empty states.",
    attributes: [
      API_BASE,
      { name: "brand", type: "string", description: "Pre-filter to a brand (case-insensitive contains-match), e.g. evolution." },
      { name: "detail-url", type: "string", description: "Template of a card's link, {id} replaced.", default: "/vehicles/{id} on the dealership's origin" },
      {
        name: "limit",
        type: "number",
        description: "Show at most this many vehicles.",
        note: "They come in one request of that many (up to 100), and a link to the full inventory follows them.",
      },
      {
        name: "sync-url",
        type: "boolean",
        description: "Keep the filters in the page's URL query (as gc-q, gc-brand, gc-category, gc-price, gc-sort) so a filtered view can be shared.",
      },
      headingLevel("the cards' titles", 3),
      SOURCE,
      THEME,
    ],
    events: COMMON_EVENTS,
    demo: { limit: "3" },
    // A page of 18 cards or more (the default is 24) is over 1,700 px tall at every width to 1920 px, so it keeps
    // 1,200 px: below the widget, nothing on a first screen of up to that height moves when the cards arrive.
    // A short list (the demo's 3) is about one row, whose height falls as the row widens.
    reserve: (a) => (a.limit === undefined || Number(a.limit) >= 18 ? "1200px" : "clamp(600px, 1400px - 60vw, 1200px)"),
    fallback: { text: "See our golf carts", path: () => "/inventory" },
  },
  {
    tag: "gc-vehicle-detail",
    title: "Vehicle detail",
    className: "GcVehicleDetailElement",
    folder: "vehicle-detail",
    script: "vehicle-detail",
    // 24.2 → 29.5: the test-drive picker (+2.58 kB gzip, decision 0047) and the trade-in form (+2.4 kB gzip, decision
    // 0048), measured after the merge.
    budgetKb: 29.5,
    description:
      "One vehicle's page: gallery, badge, price, tiles, a test-drive picker, financing and trade-in buttons, features, specifications; 'Vehicle Not Found' when the id is unknown.",
    attributes: [
      { name: "vehicle-id", type: "string", description: "The vehicle's id (slug), e.g. denago-ev-city.", required: true },
      API_BASE,
      headingLevel("the vehicle's name", 2),
      SOURCE,
      THEME,
    ],
    events: COMMON_EVENTS,
    demo: { "vehicle-id": "denago-ev-city" },
    reserve: () => "1000px",
    fallback: { text: "See this golf cart", path: (a) => `/vehicle/${encodeURIComponent(String(a["vehicle-id"] ?? ""))}` },
  },
  {
    tag: "gc-rental-pricing",
    title: "Rental prices",
    className: "GcRentalPricingElement",
    folder: "rental-pricing",
    script: "rental-pricing",
    budgetKb: 15,
    description:
      "Rental rates of the 4 Seater, 6 Seater and Utility plans (daily, 3-day, weekly, monthly), RESERVE TODAY phone links, and the deposit and fee footnote.",
    attributes: [
      {
        name: "plan",
        type: "string",
        values: RENTAL_PLANS.map((p) => p.id),
        description: "Show this plan only. An unknown value shows every plan and warns.",
        note: "Absent: every plan.",
      },
      {
        name: "reserve-url",
        type: "string",
        description: 'Where RESERVE TODAY leads, {plan} replaced by the plan\'s id, e.g. ?plan={plan}#book for a <gc-rental-booking id="book"> on the page.',
        default: "a call to the dealership's main phone",
        note: "The phone stays beside it.",
      },
      headingLevel("the plans' titles", 3),
      SOURCE,
      THEME,
    ],
    events: COMMON_EVENTS,
    demo: { plan: "6-seater" },
    reserve: (a) => (a.plan ? "clamp(660px, 1100px - 60vw, 1100px)" : "900px"),
    fallback: { text: "See our rental prices", path: () => "/rentals" },
  },
  {
    tag: "gc-eco-calculator",
    title: "Eco calculator",
    className: "GcEcoCalculatorElement",
    folder: "eco-calculator",
    script: "eco-calculator",
    budgetKb: 15,
    description:
      "The eco-savings calculator: miles per week, usage type and time frame in; CO2, fuel, cost, electricity, net savings and trees out, counting up.",
    attributes: [
      { name: "miles", type: "number", description: "Default miles per week, 1-500.", default: "25" },
      { name: "usage", type: "string", values: Object.keys(USAGE_TYPES), description: "Default usage type.", default: "recreational" },
      { name: "years", type: "number", values: TIME_FRAMES, description: "Default time frame in years.", default: "1" },
      headingLevel("the results' title", 3),
      SOURCE,
      THEME,
    ],
    events: ["gc-calculated", ...COMMON_EVENTS],
    demo: {},
    packageTypes: { "domain/eco-calculator": ["EcoInput", "EcoResult", "UsageType", "TimeFrame"] },
    reserve: () => "clamp(440px, 1000px - 50vw, 780px)",
    fallback: { text: "Our savings calculator", path: () => "/eco-impact" },
  },
  {
    tag: "gc-contact-form",
    title: "Contact form",
    className: "GcContactFormElement",
    folder: "contact-form",
    script: "contact-form",
    // 32 → 33: naming the cart (vehicle-id: its fetch, the About line and its styles) measured +0.91 kB gzip (issue 30).
    budgetKb: 33,
    description: "The contact form: names, e-mail, phone, interest and message, validated as on the dealership's site, posted as a lead.",
    attributes: [
      API_BASE,
      { name: "interest", type: "string", values: INTERESTS, description: "The interest chosen at first.", default: "sales" },
      {
        name: "source",
        type: "string",
        description: "A label stored with the lead naming the page or partner that sent it, e.g. spring-landing; gc-ready and gc-action carry it too.",
        note: "Letters, digits, spaces and `. : / @ _ -`.",
      },
      {
        name: "redirect",
        type: "string",
        description: 'Where to go after sending. redirect="" stays on the page and shows a success message.',
        default: "the dealership's /thank-you",
        note: "A path or http(s) URL: go there.",
      },
      {
        name: "vehicle-id",
        type: "string",
        description:
          'The cart the message is about (its id, e.g. denago-ev-rover-xl6): the form says "About: name, stock #…" above the fields and sends a quote request for it.',
        note: "An unknown or sold id: the plain form, and gc-error says why.",
      },
      THEME,
    ],
    events: ["gc-contact-submitted", ...COMMON_EVENTS],
    demo: { source: "strict-csp-demo", redirect: "" },
    packageTypes: { "domain/contact": ["Interest"] },
    reserve: () => "clamp(560px, 915px - 45vw, 732px)",
    fallback: { text: "Send us a message", path: () => "/contact" },
  },
  {
    tag: "gc-rental-booking",
    title: "Rental booking",
    className: "GcRentalBookingElement",
    folder: "rental-booking",
    script: "rental-booking",
    budgetKb: 38,
    description:
      "A rental request: plan, dates, pickup or delivery, drivers; the price, fees, deposit and total at once, live availability; then the renter's details, sent as a reservation request.",
    attributes: [
      API_BASE,
      {
        name: "plan",
        type: "string",
        values: RENTAL_PLANS.map((p) => p.id),
        description: "The plan chosen at first. An unknown value chooses the first plan and warns.",
        default: "4-seater",
      },
      headingLevel("the form's title", 3),
      {
        name: "source",
        type: "string",
        description: "A label stored with the reservation naming the page or partner that sent it, e.g. bethany-resort; gc-ready and gc-action carry it too.",
        note: "Letters, digits, spaces and `. : / @ _ -`.",
      },
      THEME,
    ],
    events: ["gc-rental-requested", ...COMMON_EVENTS],
    demo: { plan: "6-seater", source: "strict-csp-demo" },
    reserve: () => "clamp(900px, 1500px - 60vw, 1300px)",
    fallback: { text: "Book a rental cart", path: (a) => (a.plan ? `/rentals?plan=${encodeURIComponent(String(a.plan))}#book` : "/rentals#book") },
  },
] as const satisfies readonly WidgetEntry[];

/** The script with every element. */
// 61 → 66.5: the contact form naming its cart (+0.87 kB gzip, issue 30), the vehicle detail's test-drive picker
// (+2.15 kB gzip, decision 0047) and trade-in form (+2.4 kB gzip, decision 0048), measured after the merge.
export const ALL_IN_ONE = { script: "gc-widgets", entry: "widgets/all.ts", budgetKb: 66.5 } as const;

export type WidgetTag = (typeof WIDGETS)[number]["tag"];
/** A single widget's script name, as pages and partners load it from /widgets/<name>.js. */
export type WidgetScript = (typeof WIDGETS)[number]["script"];

/** The module that defines a widget's element. */
export const widgetEntry = (w: Pick<WidgetEntry, "folder">): string => `widgets/${w.folder}/index.ts`;

/** An attribute's type as TypeScript writes it: its values as a union, or its plain type. */
export const attributeType = (a: WidgetAttribute): string =>
  a.values ? a.values.map((v) => (typeof v === "string" ? `'${v}'` : String(v))).join(" | ") : a.type;
