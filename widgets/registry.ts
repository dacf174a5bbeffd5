/**
 * The widgets, declared once: each one's tag, script, attributes (with their
 * allowed values taken from the domain's own unions), events and size budget.
 * The vite entries, the site's script names and the npm package's exports are
 * read from it; `npm run generate` (scripts/generate-widgets.ts, run by
 * `npm run build`) writes everything else that lists the widgets: the
 * all-in-one script, each widget's attribute map (widgets/<folder>/attributes.ts,
 * which its element and the server's render read), the JSX typings, the
 * package's entries, the server renderer's table, .size-limit.mjs, custom-elements.json, the partner docs'
 * attribute tables and the strict-CSP demo page; widgets/registry.test.ts
 * fails when one of them is out of step. Another widget is its own folder
 * plus one entry here (`npm run new-widget -- NAME` writes both).
 */
import { INTERESTS } from "../domain/contact";
import { TIME_FRAMES, USAGE_TYPES } from "../domain/eco-calculator";
import { RENTAL_PLANS } from "../domain/rentals";
import { INVENTORY_PAGE_SIZE, MAX_PAGE_SIZE } from "../domain/inventory-page-size";
import type { AttrType } from "./shared/attributes";
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
  /** Reaches the component as its text, whatever its type, for the widget to name a bad value itself. */
  asText?: boolean;
}

/** How an attribute's text reaches its component: as it is declared, or as text when the widget reads it itself. */
export const attrType = (a: WidgetAttribute): AttrType => (a.asText ? "string" : a.type);

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
  /** Most kB (gzip) a page with it alone may fetch: its one-tag script and every chunk that loads (decision 0060). */
  budgetKb: number;
  description: string;
  attributes: readonly WidgetAttribute[];
  events: readonly GcEventName[];
  /** What it sends to the dealership ("messages"), when it sends anything: a partner's origin must then be allowed to post. */
  posts?: string;
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

/**
 * A reserve of `phone` px on a 390 px wide screen and `wide` px on a 1280 px one (the widths its figures were measured
 * at, docs/decisions/0020-reserved-space.md), in proportion to the screen's width between them and kept within the
 * two beyond.
 */
export function between(phone: number, wide: number): string {
  if (phone === wide) return `${phone}px`;
  const perVw = (phone - wide) / (12.8 - 3.9);
  const at0 = Math.round(phone + perVw * 3.9);
  const slope = Math.abs(Math.round(perVw * 100) / 100);
  return `clamp(${Math.min(phone, wide)}px, ${at0}px ${perVw > 0 ? "-" : "+"} ${slope}vw, ${Math.max(phone, wide)}px)`;
}

/** An inventory of `cards` cards: one column of 491 px cards on a phone, rows of four 445 px cards at 1280 px. */
const inventoryReserve = (cards: number) => between(460 + cards * 491, 240 + Math.ceil(cards / 4) * 445);

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
    // 22.9 → 23.7: Compare on each card and the comparison's bar, and the first render after the inserting task, measured 23.62 kB.
    // Decision 0060: its script, its chunk and the chunks it shares (the runtime included), measured 28.63 kB.
    budgetKb: 29,
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
    // As many cards as it shows (its limit, up to the API's largest page; else a page of 24), measured with the filters
    // above them and the link or button below.
    reserve: (a) => {
      const limit = Math.floor(Number(a.limit));
      return inventoryReserve(limit >= 1 ? Math.min(limit, MAX_PAGE_SIZE) : INVENTORY_PAGE_SIZE);
    },
    fallback: { text: "See our golf carts", path: () => "/inventory" },
  },
  {
    tag: "gc-vehicle-detail",
    title: "Vehicle detail",
    className: "GcVehicleDetailElement",
    folder: "vehicle-detail",
    script: "vehicle-detail",
    // 24.2 → 29.5: the test-drive picker (+2.58 kB gzip, decision 0047) and the trade-in form (+2.4 kB gzip, decision
    // 0048), measured after the merge; 29.5 → 30.2: failed sends in one voice with the phone (widgets/shared/send-failed.tsx),
    // results focused, test drives only of carts on the lot, measured 30.07 kB.
    // Decision 0060: its script, its chunk and the chunks it shares (the runtime and the forms' code included), measured 34.01 kB.
    // Decision 0064: measured 33.98 kB.
    // The contact fields of each kind (a radio group, "Choose one", blank choices left out) and a merge threshold of
    // 1.2 kB for shared chunks (at 2 kB the rental prices fetched the forms' test-drive texts), measured 34.52 kB.
    budgetKb: 34.8,
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
    posts: "test-drive bookings and trade-ins",
    demo: { "vehicle-id": "denago-ev-city" },
    // Measured with denago-ev-city: 2,768 px at 390 px (one column), 1,708 px at 1280 px.
    reserve: () => between(2820, 1740),
    fallback: { text: "See this golf cart", path: (a) => `/vehicle/${encodeURIComponent(String(a["vehicle-id"] ?? ""))}` },
  },
  {
    tag: "gc-rental-pricing",
    title: "Rental prices",
    className: "GcRentalPricingElement",
    folder: "rental-pricing",
    script: "rental-pricing",
    // Decision 0060: its script, its chunk and the chunks it shares (the runtime included), measured 18.19 kB.
    budgetKb: 18.5,
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
    // Measured: every plan 2,612 px at 390 px (one below the other) and 912 px at 1280 px; one plan 1,136 and 665 px.
    reserve: (a) => (a.plan ? between(1160, 680) : between(2660, 930)),
    fallback: { text: "See our rental prices", path: () => "/rentals" },
  },
  {
    tag: "gc-eco-calculator",
    title: "Eco calculator",
    className: "GcEcoCalculatorElement",
    folder: "eco-calculator",
    script: "eco-calculator",
    // Decision 0060: its script, its chunk and the runtime, measured 17.86 kB.
    budgetKb: 18.2,
    description:
      "The eco-savings calculator: miles per week, usage type and time frame in; CO2, fuel, cost, electricity, net savings and trees out, counting up.",
    attributes: [
      { name: "miles", type: "number", description: "Default miles per week, 1-500.", default: "25", asText: true },
      { name: "usage", type: "string", values: Object.keys(USAGE_TYPES), description: "Default usage type.", default: "recreational" },
      { name: "years", type: "number", values: TIME_FRAMES, description: "Default time frame in years.", default: "1", asText: true },
      headingLevel("the results' title", 3),
      SOURCE,
      THEME,
    ],
    events: ["gc-calculated", ...COMMON_EVENTS],
    demo: {},
    packageTypes: { "domain/eco-calculator": ["EcoInput", "EcoResult", "UsageType", "TimeFrame"] },
    // Measured: 783 px at 390 px, 445 px at 1280 px.
    reserve: () => between(790, 450),
    fallback: { text: "Our savings calculator", path: () => "/eco-impact" },
  },
  {
    tag: "gc-contact-form",
    title: "Contact form",
    className: "GcContactFormElement",
    folder: "contact-form",
    script: "contact-form",
    // 32 → 33: naming the cart (vehicle-id: its fetch, the About line and its styles) measured +0.91 kB gzip;
    // 33 → 33.5: a send's result brought into view and focus, and failed sends in one voice with the phone, measured 33.37 kB.
    // Decision 0060: its script, its chunk and the chunks it shares (the runtime and the forms' code included), measured 39.04 kB.
    // Decision 0064: its own resolver instead of @hookform/resolvers, and no API-only schemas in the browser, measured 37.55 kB.
    // The contact fields of each kind (a radio group, "Choose one", blank choices left out) and a merge threshold of
    // 1.2 kB for shared chunks (at 2 kB the rental prices fetched the forms' test-drive texts), measured 38.15 kB.
    budgetKb: 38.4,
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
    posts: "messages",
    demo: { source: "strict-csp-demo", redirect: "" },
    packageTypes: { "domain/contact": ["Interest"] },
    // Measured: 726 px at 390 px and 553 px at 1280 px; naming a cart (its About line) 845 and 623 px.
    reserve: (a) => (a["vehicle-id"] ? between(862, 636) : between(732, 560)),
    fallback: { text: "Send us a message", path: () => "/contact" },
  },
  {
    tag: "gc-rental-booking",
    title: "Rental booking",
    className: "GcRentalBookingElement",
    folder: "rental-booking",
    script: "rental-booking",
    // 38 → 38.8: failed sends in one voice, the result focused and the e-mail confirmation's note, measured 38.68 kB.
    // Decision 0060: its script, its chunk and the chunks it shares (the runtime and the forms' code included), measured 43.51 kB.
    // Decision 0064: no API-only schemas (the rental settings, the stored lead, the contact request) in the browser, measured 42.89 kB.
    // The contact fields of each kind (a radio group, "Choose one", blank choices left out) and a merge threshold of
    // 1.2 kB for shared chunks (at 2 kB the rental prices fetched the forms' test-drive texts), measured 43.4 kB.
    budgetKb: 43.7,
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
    posts: "rental requests",
    demo: { plan: "6-seater", source: "strict-csp-demo" },
    // Measured: 1,290 px at 390 px, 828 px at 1280 px.
    reserve: () => between(1310, 845),
    fallback: { text: "Book a rental cart", path: (a) => (a.plan ? `/rentals?plan=${encodeURIComponent(String(a.plan))}#book` : "/rentals#book") },
  },
] as const satisfies readonly WidgetEntry[];

/**
 * The loader of every element (decision 0060): its budget is the loader's alone, as each element's code comes in its
 * own chunk. Each widget's `budgetKb` is what a page with that widget alone fetches: its one-tag script, its chunk and
 * the runtime chunk.
 */
// The goal is 6 kB; measured 1.80 kB.
export const ALL_IN_ONE = { script: "gc-widgets", entry: "widgets/all.ts", budgetKb: 2.5 } as const;
/** The runtime chunk every widget's chunk imports (preact, zod, the form library, widgets/shared). */
// Measured 12.12 kB.
export const RUNTIME_BUDGET_KB = 12.5;
/** A page with every widget: gc-widgets.js, the runtime and every widget's chunk. */
// Measured 78.43 kB (68.3 kB in the one script before decision 0060): each chunk is compressed on its own.
// Decision 0064: measured 76.83 kB. The contact fields of each kind and 1.2 kB chunk merging: measured 77.53 kB.
export const WHOLE_PAGE_BUDGET_KB = 77.8;

export type WidgetTag = (typeof WIDGETS)[number]["tag"];
/** A single widget's script name, as pages and partners load it from /widgets/<name>.js. */
export type WidgetScript = (typeof WIDGETS)[number]["script"];

/** The module that defines a widget's element. */
export const widgetEntry = (w: Pick<WidgetEntry, "folder">): string => `widgets/${w.folder}/index.ts`;

/** An attribute's type as TypeScript writes it: its values as a union, or its plain type. */
export const attributeType = (a: WidgetAttribute): string =>
  a.values ? a.values.map((v) => (typeof v === "string" ? `'${v}'` : String(v))).join(" | ") : a.type;
