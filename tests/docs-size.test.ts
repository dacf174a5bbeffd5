/**
 * Every guide page reads in one sitting: at most 2,000 words (counted as `wc -w` counts them, split on whitespace),
 * and no line so long that a reader scrolls sideways or a diff shows a whole paragraph changed. The decision records,
 * the changelog and the benchmarks' history keep the record of past choices and runs, so they are exempt.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The longest a guide page may be, in words: a reader's sitting (Shoelace's pages run 700-1,500). */
const MAX_WORDS = 2_000;
/** The longest line outside a code block, in characters: a wrapped paragraph or a table row of short cells. */
const MAX_LINE_CHARS = 400;
/** History, not guides: the record of choices and of past runs. */
const EXEMPT = [/^docs\/decisions\//, /^docs\/benchmarks-history\.md$/, /^CHANGELOG\.md$/];

/** The Markdown guide pages, relative to the repository root: README.md and every .md under docs/, less the exempt. */
function guidePages(): string[] {
  const files = ["README.md"];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".md")) files.push(rel);
    }
  };
  walk("docs");
  return files.filter((file) => !EXEMPT.some((pattern) => pattern.test(file))).sort();
}

/** The words of a text as `wc -w` counts them. */
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;

/** The lines of a Markdown text longer than `max` characters, outside fenced code blocks, as "line N: M characters". */
export function longLines(markdown: string, max: number): string[] {
  const long: string[] = [];
  let fence: string | undefined;
  markdown.split("\n").forEach((line, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined && [...line].length > max) long.push(`line ${i + 1}: ${[...line].length} characters`);
  });
  return long;
}

describe("counting as the page test does", () => {
  it.each([
    ["", 0],
    ["one", 1],
    ["  two\twords\n", 2],
    ["| a | b |", 5],
  ])("%j has %i words", (text, words) => {
    expect(wordCount(text)).toBe(words);
  });

  it("measures lines outside code blocks only", () => {
    const markdown = ["short", "x".repeat(12), "```sh", "y".repeat(50), "```", "z".repeat(11)].join("\n");
    expect(longLines(markdown, 10)).toEqual(["line 2: 12 characters", "line 6: 11 characters"]);
  });
});

describe("every guide page reads in one sitting", () => {
  it.each(guidePages())(`%s has at most ${MAX_WORDS.toLocaleString("en-US")} words and no line over ${MAX_LINE_CHARS} characters`, (file) => {
    const markdown = readFileSync(path.join(ROOT, file), "utf8");
    const words = wordCount(markdown);
    // Both at once, so that one run names every way a page is too long.
    expect({ words: words <= MAX_WORDS ? "within the limit" : words, longLines: longLines(markdown, MAX_LINE_CHARS) }).toEqual({
      words: "within the limit",
      longLines: [],
    });
  });
});
