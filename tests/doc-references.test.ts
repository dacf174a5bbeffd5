/**
 * A comment that cites a numbered section of a guide ("docs/benchmarks.md §6g") points at a section that is there:
 * the file exists and has a heading numbered so.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The folders whose sources may cite the docs. */
const SOURCE_DIRS = ["api", "bench", "domain", "host-site", "scripts", "server", "staff", "tests", "widgets"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "results" ? [] : sources(rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

/** Each "docs/….md §N" a text cites, as [file, section]. */
export function sectionCitations(text: string): [string, string][] {
  return [...text.matchAll(/\b(docs\/[\w./-]+\.md)[,)]? §(\d+[a-z]?)\b/g)].map((m) => [m[1]!, m[2]!]);
}

/** Whether a Markdown text has a heading numbered `section` ("## 6g. …"). */
const hasSection = (markdown: string, section: string) => new RegExp(`^#{1,6} ${section}\\. `, "m").test(markdown);

describe("reading citations", () => {
  it("finds a file and a section, and nothing else", () => {
    expect(sectionCitations("held the loop (docs/benchmarks.md §6g). See docs/partners.md, and docs/x.md §4.")).toEqual([
      ["docs/benchmarks.md", "6g"],
      ["docs/x.md", "4"],
    ]);
    expect(hasSection("# B\n\n## 6g. The scale run\n", "6g")).toBe(true);
    expect(hasSection("# B\n\n## 6. Leads\n", "6g")).toBe(false);
  });
});

const citations = SOURCE_DIRS.flatMap((dir) =>
  sources(dir).flatMap((file) => sectionCitations(readFileSync(path.join(ROOT, file), "utf8")).map(([doc, section]) => ({ file, doc, section }))),
).filter(({ file }) => file !== "tests/doc-references.test.ts");

describe("every numbered section a comment cites is there", () => {
  it("finds the citations", () => {
    expect(citations.length).toBeGreaterThan(0);
  });

  it.each(citations.map(({ file, doc, section }) => [file, `${doc} §${section}`, doc, section]))("%s cites %s", (_file, _cited, doc, section) => {
    const docPath = path.join(ROOT, doc as string);
    expect(existsSync(docPath) && hasSection(readFileSync(docPath, "utf8"), section as string)).toBe(true);
  });
});
