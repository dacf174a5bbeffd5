/**
 * The README is the short front door: a newcomer reads it whole, and each reader's detail is in their guide under
 * docs/. It stays under 12 KB, and its configuration table, like the full one in docs/operations/configuration.md,
 * names every environment variable the server reads (api/config.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "../api/config";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The README stays under 12 KB, so that a newcomer reads it whole. */
const README_MAX_BYTES = 12_000;

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The variables in the first column of the table under a document's `## Configuration` heading, sorted. */
function configurationTable(markdown: string): string[] {
  const section = markdown.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]!).sort();
}

describe("the README", () => {
  it(`is under ${README_MAX_BYTES.toLocaleString("en-US")} bytes`, () => {
    expect(Buffer.byteLength(read("README.md"))).toBeLessThan(README_MAX_BYTES);
  });

  it.each(["README.md", "docs/operations/configuration.md"])("%s's Configuration table names every environment variable the server reads, once", (file) => {
    expect(configurationTable(read(file))).toEqual(Object.keys(EnvSchema.shape).sort());
  });

  it.each(["docs/partners.md", "docs/staff.md", "docs/operations.md", "docs/development.md"])("links to the guide %s", (guide) => {
    expect(read("README.md")).toContain(`](${guide})`);
  });
});
