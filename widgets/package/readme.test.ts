import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WIDGETS } from "../registry";
import { packageJson } from "./package-files";

const README = readFileSync("widgets/package/README.md", "utf8");
/** The README's events table: one row per event, named in backticks in its first cell. */
const tableEvents = [...README.matchAll(/^\| `(gc-[a-z-]+)` +\|/gm)].map((m) => m[1]);
/** What gc-action's `action` may be, as the README's table lists it. */
const actionsRow = README.split("\n").find((line) => /^\| `gc-action` +\|/.test(line)) ?? "";

describe("the package's README and package.json", () => {
  it.each(WIDGETS)("$tag: the README names it, its import, and each of its events", ({ tag, script, events }) => {
    expect(README).toContain(`\`<${tag}>\``);
    expect(README).toMatch(new RegExp(`or one: [^\\n]*\\b${script}\\b`));
    for (const event of events) expect(tableEvents).toContain(event);
  });

  it("documents api-base for every widget that calls the API, and every gc-action a widget dispatches", () => {
    const apiBaseLine = /Set `api-base` on the widgets that call the API \(([^)]*)\)/.exec(README.replace(/\n/g, " "))?.[1] ?? "";
    for (const w of WIDGETS.filter((w) => w.attributes.some((a) => a.name === "api-base"))) expect(apiBaseLine).toContain(w.title.toLowerCase());
    for (const action of ["call", "email", "quote", "details", "manufacturer", "estimate", "compare", "test-drive", "trade-in"])
      expect(actionsRow).toContain(`\`${action}\``);
  });

  it("package.json's description names every widget", () => {
    const { description } = JSON.parse(packageJson(readFileSync("widgets/package/package.json", "utf8"), "1.0.0")) as { description: string };
    for (const w of WIDGETS) expect(description).toContain(w.title.toLowerCase());
  });
});
