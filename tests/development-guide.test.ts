/**
 * docs/development.md names the files each common change touches. For a new widget, the list between its
 * `registry-generated` markers is what `npm run build` regenerates from widgets/registry.ts: each file named there
 * exists and holds a copy of every widget (its tag, or its folder), so adding one changes it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WIDGETS } from "../widgets/registry";

const ROOT = path.resolve(import.meta.dirname, "..");
const GUIDE = "docs/development.md";

/** The text between `<!-- NAME:start -->` and `<!-- NAME:end -->` in `text`, or "" when the markers are missing. */
const between = (text: string, name: string) => text.split(`<!-- ${name}:start -->`)[1]?.split(`<!-- ${name}:end -->`)[0] ?? "";

/** Each listed item's file, relative to the repository root: its first `code` path, or its first link's file. */
function generatedFiles(guide: string): string[] {
  return [...between(guide, "registry-generated").matchAll(/^- (.+)$/gm)].map(([, item]) => {
    const link = /\]\(([^)#]+)/.exec(item!)?.[1];
    return link ? path.posix.join(path.posix.dirname(GUIDE), link) : /`([^`]+)`/.exec(item!)![1]!;
  });
}

describe(`${GUIDE}, "Add a widget"`, () => {
  const files = generatedFiles(readFileSync(path.join(ROOT, GUIDE), "utf8"));

  it("lists the files the build generates from the registry", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.filter((file) => file.includes("NAME")))("%s exists for every widget of the registry", (pattern) => {
    const missing = WIDGETS.filter((w) => !existsSync(path.join(ROOT, pattern.replace("NAME", w.folder)))).map((w) => w.tag);
    expect(missing).toEqual([]);
  });

  it.each(files.filter((file) => !file.includes("NAME")))("%s exists and holds every widget of the registry", (file) => {
    expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    const text = readFileSync(path.join(ROOT, file), "utf8");
    // A guide holds the generated part between the widgets markers; the rest of it is written by hand.
    const generated = file.endsWith(".md") ? between(text, "widgets") : text;
    const missing = WIDGETS.filter((w) => !generated.includes(w.tag) && !generated.includes(`/${w.folder}`)).map((w) => w.tag);
    expect(missing).toEqual([]);
  });
});
