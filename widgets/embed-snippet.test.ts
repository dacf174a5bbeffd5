import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUSINESS } from "../domain/business";
import { embedElement, embedSnippet } from "./embed-snippet";
import { ALL_IN_ONE } from "./registry";

/** The partner guide, its index and every topic page, which hold the snippets partners copy. */
const guide = [
  "docs/partners.md",
  ...readdirSync("docs/partners")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/partners/${f}`),
]
  .map((f) => readFileSync(f, "utf8"))
  .join("\n");

describe("the embed snippet", () => {
  it("is the partner guide's: the all-in-one script and two elements", () => {
    const snippet = embedSnippet(
      BUSINESS.siteUrl,
      ALL_IN_ONE.script,
      [{ tag: "gc-eco-calculator", attributes: { miles: "30" } }, { tag: "gc-rental-pricing" }],
      { phone: BUSINESS.phones.main },
    );
    expect(guide).toContain(`\`\`\`html\n${snippet}\n\`\`\``);
  });

  it("writes each element as the partner guide's examples do: values escaped, empty values kept, valueless booleans", () => {
    for (const element of [
      embedElement({ tag: "gc-inventory", attributes: { brand: "evolution", limit: "6" } }),
      embedElement({ tag: "gc-vehicle-detail", attributes: { "vehicle-id": "denago-ev-city" } }),
      embedElement({ tag: "gc-eco-calculator", attributes: { miles: "60", usage: "commercial", years: "3" } }),
      embedElement({ tag: "gc-contact-form", attributes: { source: "spring-landing", interest: "sales", redirect: "" } }),
    ]) {
      expect(guide).toContain(`\`\`\`html\n${element}\n\`\`\``);
    }
    expect(embedElement({ tag: "gc-inventory", attributes: { "sync-url": true, brand: undefined } })).toBe("<gc-inventory sync-url></gc-inventory>");
    expect(embedElement({ tag: "gc-contact-form", attributes: { source: `"><script>x</script>` } })).toBe(
      '<gc-contact-form source="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"></gc-contact-form>',
    );
  });
});
