/**
 * custom-elements.json (the Custom Elements Manifest, schema 2.1) for the
 * widgets of the registry (../registry.ts), with the events' types; CSS parts are read
 * from each widget's source (`part="..."`) and custom properties from
 * shared/base.css, so the manifest cannot drift from the markup.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { GC_ACTIONS, type GcEventName } from "../shared/events";
import { attributeType, WIDGETS, widgetEntry } from "../registry";

/** Each event's type and meaning, as the manifest and the JSX typings (widgets/jsx.d.ts) give them. */
export const EVENTS: Record<GcEventName, { type: string; description: string }> = {
  "gc-ready": {
    type: "CustomEvent<{ widget: string; source: string | null }>",
    description: "The widget has rendered its content (its data, or a message saying why it has none); once per element.",
  },
  "gc-action": {
    type: `CustomEvent<{ widget: string; action: ${GC_ACTIONS.map((a) => JSON.stringify(a)).join(" | ")}; source: string | null; href: string }>`,
    description:
      "The visitor followed one of the widget's links: a call, an e-mail, a financing quote, a page of the dealership (details), or the manufacturer's page (manufacturer).",
  },
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
  "gc-rental-requested": {
    type: "CustomEvent<{ reference: string; plan: string; total: number; source: string | null }>",
    description: "A rental request was stored by the dealership: its reference (e.g. R-7K3M9Q), the plan and the total it was quoted.",
  },
};

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
  // A default read from the light theme's tokens (`--_d-primary: #0f766e`) is given as that value.
  const base = readFileSync(path.join(WIDGETS_DIR, "shared", "base.css"), "utf8");
  const tokens = new Map<string, string>();
  for (const m of base.matchAll(/(--_d-[a-z0-9-]+):\s*([^;]+);/g)) if (!tokens.has(m[1]!)) tokens.set(m[1]!, m[2]!.trim());
  const resolve = (def: string) => def.replace(/var\((--_d-[a-z0-9-]+)\)/g, (whole, name: string) => tokens.get(name) ?? whole);
  return [...found].map(([name, def]) => ({ name, ...(def !== undefined && { default: resolve(def) }) }));
}

export function buildManifest() {
  const shared = partsIn(path.join(WIDGETS_DIR, "shared"));
  return {
    schemaVersion: "2.1.0",
    readme: "README.md",
    modules: WIDGETS.map((el) => {
      const modulePath = widgetEntry(el);
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
              type: { text: attributeType(a) },
              description: "required" in a && a.required ? `${a.description} Required.` : a.description,
              ...("default" in a && { default: a.default }),
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
