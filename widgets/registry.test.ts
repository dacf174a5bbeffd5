/**
 * Everything that lists the widgets agrees with the registry (widgets/registry.ts):
 * what is derived from it needs no test; what cannot be (JSON, HTML, type
 * declarations, the all-in-one script's imports) is checked here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildManifest } from "./package/custom-elements";
import { ALL_IN_ONE, WIDGETS, type WidgetAttribute } from "./registry";

const read = (file: string) => readFileSync(file, "utf8");

describe("the widget registry", () => {
  it("has one entry per tag, script and folder", () => {
    for (const key of ["tag", "script", "folder", "className"] as const) {
      expect(new Set(WIDGETS.map((w) => w[key])).size, key).toBe(WIDGETS.length);
    }
  });

  it("gives every script, and the all-in-one, its size budget in .size-limit.json", () => {
    const budgets = JSON.parse(read(".size-limit.json")) as { path: string; limit: string }[];
    const expected = [...WIDGETS, ALL_IN_ONE].map((w) => ({ path: `dist/widgets/${w.script}.js`, limit: `${w.budgetKb} kB` }));
    expect(budgets.map(({ path, limit }) => ({ path, limit }))).toEqual(expect.arrayContaining(expected));
    expect(budgets).toHaveLength(expected.length);
  });

  it("puts every widget, and only those, in the all-in-one script", () => {
    const imports = [...read(ALL_IN_ONE.entry).matchAll(/^import "\.\/([^"]+)\/index";$/gm)].map((m) => m[1]);
    expect(imports.sort()).toEqual(WIDGETS.map((w) => w.folder).sort());
  });

  it("is what each widget's folder defines", () => {
    for (const w of WIDGETS) {
      const sources = read(`widgets/${w.folder}/index.ts`) + read(`widgets/${w.folder}/${w.className.replace(/^Gc|Element$/g, "")}.tsx`);
      expect(sources, w.folder).toContain(`"${w.tag}"`);
    }
  });

  it("types every attribute, with its allowed values, for React (widgets/jsx.d.ts)", () => {
    const jsx = read("widgets/jsx.d.ts");
    for (const w of WIDGETS) {
      const iface = new RegExp(`"${w.tag}": (\\w+);`).exec(jsx)?.[1];
      expect(iface, `${w.tag} in IntrinsicElements`).toBeDefined();
      const body = new RegExp(`interface ${iface} extends ([^{]+)\\{([\\s\\S]*?)\\n\\}`).exec(jsx);
      expect(body, iface).not.toBeNull();
      const [, base, own] = body!;
      // Members of the interfaces it extends (the shared attributes) count too.
      const inherited = [...base!.matchAll(/\b(Gc\w+Attributes)\b/g)].map(
        (m) => new RegExp(`interface ${m[1]}[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(jsx)?.[1] ?? "",
      );
      const members = [own, ...inherited].join("\n");
      const typed = (a: WidgetAttribute) => new RegExp(`\\n\\s+"?${a.name}"?\\??: ([^;]+);`).exec(members!)?.[1];
      for (const a of w.attributes as readonly WidgetAttribute[]) {
        if (a.name === "api-base") {
          // Declared once, on the base every element's attributes extend.
          expect(base, `${w.tag} api-base`).not.toMatch(/Omit<GcElementAttributes, "api-base">/);
          continue;
        }
        const type = typed(a);
        expect(type, `${w.tag} ${a.name}`).toBeDefined();
        for (const v of a.values ?? []) expect(type, `${w.tag} ${a.name}`).toContain(typeof v === "string" ? `"${v}"` : String(v));
      }
    }
  });

  it("is on the strict-CSP demo page: every element, from the all-in-one script", () => {
    const page = read("demo/pages/strict-csp.html");
    expect(page).toContain(`/widgets/${ALL_IN_ONE.script}.js`);
    for (const w of WIDGETS) expect(page, w.tag).toContain(`<${w.tag}`);
  });

  it("matches the committed custom-elements.json", () => {
    expect(JSON.parse(read("custom-elements.json"))).toEqual(buildManifest());
  });
});
