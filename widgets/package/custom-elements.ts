/**
 * custom-elements.json (the Custom Elements Manifest, schema 2.1) for the
 * five widgets. Attributes and events are declared here; CSS parts are read
 * from each widget's source (`part="..."`) and custom properties from
 * shared/base.css, so the manifest cannot drift from the markup.
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

interface Attribute {
  name: string;
  type: string;
  description: string;
  default?: string;
}

interface ElementInfo {
  tag: string;
  className: string;
  folder: string;
  description: string;
  attributes: Attribute[];
  events: string[];
}

const API_BASE: Attribute = {
  name: "api-base",
  type: "string",
  description: "Origin of the dealership's API. Defaults to the origin the widget script was loaded from.",
};

const EVENTS: Record<string, { type: string; description: string }> = {
  "gc-error": {
    type: "CustomEvent<{ widget: string; message: string }>",
    description: "The widget could not do its job (a load failed, a bad attribute); it shows a fallback.",
  },
  "gc-calculated": {
    type: "CustomEvent<EcoResult & EcoInput>",
    description:
      "Results were shown: the inputs (milesPerWeek, usage, years) and every figure (totalMiles, fuelSaved, co2Saved, co2Tons, costSaved, electricCost, netSavings, treesEquivalent).",
  },
  "gc-contact-submitted": {
    type: "CustomEvent<{ id: string; interest: Interest; source: string | null }>",
    description: "A lead was stored by the dealership.",
  },
};

export const ELEMENTS: ElementInfo[] = [
  {
    tag: "gc-inventory",
    className: "GcInventoryElement",
    folder: "inventory",
    description: "The searchable, filterable vehicle grid: search, brand, category and price filters, sort, skeletons, error and empty states.",
    attributes: [
      API_BASE,
      { name: "brand", type: "string", description: "Pre-filter to a brand (case-insensitive contains-match), e.g. evolution." },
      { name: "detail-url", type: "string", description: "Template of a card's link, {id} replaced.", default: "/vehicles/{id} on the dealership's origin" },
      { name: "limit", type: "number", description: "Show at most this many vehicles." },
      { name: "sync-url", type: "boolean", description: "Keep the filters in the page's URL query so a filtered view can be shared." },
    ],
    events: ["gc-error"],
  },
  {
    tag: "gc-vehicle-detail",
    className: "GcVehicleDetailElement",
    folder: "vehicle-detail",
    description:
      "One vehicle's page: gallery, badge, price, tiles, test-drive and financing buttons, features, specifications; 'Vehicle Not Found' when the id is unknown.",
    attributes: [{ name: "vehicle-id", type: "string", description: "The vehicle's id (slug), e.g. denago-ev-city. Required." }, API_BASE],
    events: ["gc-error"],
  },
  {
    tag: "gc-rental-pricing",
    className: "GcRentalPricingElement",
    folder: "rental-pricing",
    description:
      "Rental rates of the 4 Seater, 6 Seater and Utility plans (daily, 3-day, weekly, monthly), RESERVE TODAY phone links, and the deposit and fee footnote.",
    attributes: [
      { name: "plan", type: "'4-seater' | '6-seater' | 'utility'", description: "Show this plan only. An unknown value shows every plan and warns." },
    ],
    events: ["gc-error"],
  },
  {
    tag: "gc-eco-calculator",
    className: "GcEcoCalculatorElement",
    folder: "eco-calculator",
    description:
      "The eco-savings calculator: miles per week, usage type and time frame in; CO2, fuel, cost, electricity, net savings and trees out, counting up.",
    attributes: [
      { name: "miles", type: "number", description: "Default miles per week, 1-500.", default: "25" },
      { name: "usage", type: "'recreational' | 'residential' | 'commercial' | 'golf-course'", description: "Default usage type.", default: "recreational" },
      { name: "years", type: "1 | 3 | 5 | 10", description: "Default time frame in years.", default: "1" },
    ],
    events: ["gc-calculated", "gc-error"],
  },
  {
    tag: "gc-contact-form",
    className: "GcContactFormElement",
    folder: "contact-form",
    description: "The contact form: names, e-mail, phone, interest and message, validated as on the dealership's site, posted as a lead.",
    attributes: [
      API_BASE,
      { name: "interest", type: "'sales' | 'service' | 'parts' | 'general'", description: "The interest chosen at first.", default: "sales" },
      { name: "source", type: "string", description: "A label stored with the lead naming the page or partner that sent it, e.g. spring-landing." },
      {
        name: "redirect",
        type: "string",
        description: 'Where to go after sending. redirect="" stays on the page and shows a success message.',
        default: "the dealership's /thank-you",
      },
    ],
    events: ["gc-contact-submitted", "gc-error"],
  },
];

const WIDGETS_DIR = "widgets";

/** Every literal part name in a folder's components, e.g. part="tier tier-recommended" or part={x ? "a" : "b"}. */
export function partsIn(folder: string): string[] {
  const parts = new Set<string>();
  for (const file of readdirSync(folder)) {
    if (!file.endsWith(".tsx") || file.endsWith(".test.tsx")) continue;
    const source = readFileSync(path.join(folder, file), "utf8");
    for (const m of source.matchAll(/\bpart=(?:"([^"]*)"|\{([^}]*)\})/g)) {
      const literals = m[1] !== undefined ? [m[1]] : [...(m[2] ?? "").matchAll(/"([^"]*)"/g)].map((x) => x[1]!);
      for (const lit of literals) for (const name of lit.split(/\s+/)) if (/^[a-z][a-z0-9-]*$/.test(name)) parts.add(name);
    }
  }
  return [...parts].sort();
}

/** The --gc-* custom properties a widget's styles read (shared/base.css and its own), with their defaults. */
export function customProperties(folder: string): { name: string; default?: string }[] {
  const found = new Map<string, string | undefined>();
  for (const dir of [path.join(WIDGETS_DIR, "shared"), folder]) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".css"))
      .sort()) {
      const css = readFileSync(path.join(dir, file), "utf8");
      // var(--gc-x, fallback); the fallback runs to the ")" that ends the declaration.
      for (const m of css.matchAll(/var\((--gc-[a-z0-9-]+)(?:,\s*([^;]+))?\)\s*[;}]/g)) {
        if (!found.has(m[1]!) || found.get(m[1]!) === undefined) found.set(m[1]!, m[2]?.trim());
      }
    }
  }
  return [...found].map(([name, def]) => ({ name, ...(def !== undefined && { default: def }) }));
}

export function buildManifest() {
  const shared = partsIn(path.join(WIDGETS_DIR, "shared"));
  return {
    schemaVersion: "2.1.0",
    readme: "README.md",
    modules: ELEMENTS.map((el) => {
      const modulePath = `${WIDGETS_DIR}/${el.folder}/index.ts`;
      return {
        kind: "javascript-module",
        path: modulePath,
        declarations: [
          {
            kind: "class",
            name: el.className,
            tagName: el.tag,
            customElement: true,
            description: el.description,
            superclass: { name: "HTMLElement" },
            attributes: el.attributes.map((a) => ({
              name: a.name,
              type: { text: a.type },
              description: a.description,
              ...(a.default !== undefined && { default: a.default }),
            })),
            events: el.events.map((name) => ({ name, type: { text: EVENTS[name]!.type }, description: EVENTS[name]!.description })),
            cssParts: [...new Set([...partsIn(path.join(WIDGETS_DIR, el.folder)), ...shared])].sort().map((name) => ({ name })),
            cssProperties: customProperties(path.join(WIDGETS_DIR, el.folder)),
          },
        ],
        exports: [{ kind: "custom-element-definition", name: el.tag, declaration: { name: el.className, module: modulePath } }],
      };
    }),
  };
}

/** Write the manifest; returns its text. */
export function writeManifest(file = "custom-elements.json"): string {
  const text = `${JSON.stringify(buildManifest(), null, 2)}\n`;
  writeFileSync(file, text);
  return text;
}
