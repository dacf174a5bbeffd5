import { describe, expect, it } from "vitest";
import { buildManifest } from "./custom-elements";
import { WIDGETS } from "../registry";

describe("custom-elements.json", () => {
  const manifest = buildManifest();
  const declarations = manifest.modules.map((m) => m.declarations[0]!);

  it("lists every tag partners already embed", () => {
    expect(declarations.map((d) => d.tagName)).toEqual(
      expect.arrayContaining(["gc-inventory", "gc-vehicle-detail", "gc-rental-pricing", "gc-eco-calculator", "gc-contact-form"]),
    );
  });

  it.each(WIDGETS)("$tag: its element observes every attribute it declares", async ({ tag }) => {
    await import("../all");
    const element = customElements.get(tag) as (CustomElementConstructor & { observedAttributes?: string[] }) | undefined;
    const declared = declarations.find((d) => d.tagName === tag)!.attributes.map((a) => a.name);
    expect([...(element?.observedAttributes ?? [])].sort()).toEqual(declared.sort());
  });

  it("reads parts from the markup and --gc-* properties from the styles", () => {
    const eco = declarations.find((d) => d.tagName === "gc-eco-calculator")!;
    expect(eco.cssParts.map((p) => p.name)).toEqual(expect.arrayContaining(["banner", "results", "figure", "error"]));
    expect(eco.cssProperties).toContainEqual({ name: "--gc-color-primary", default: "#0f766e" });
    expect(eco.events.map((e) => e.name)).toEqual(["gc-calculated", "gc-ready", "gc-action", "gc-error"]);
  });
});
