/** The scale run's tables land between their markers in docs/benchmarks-scale.md, formatted as `npm run lint` checks them. */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { check } from "prettier";
import { describe, expect, it } from "vitest";
import { writeScaleTables } from "./scale-doc";

const START = "<!-- scale:start (npm run bench -- --only scale writes this part) -->";
const END = "<!-- scale:end -->";

describe("writeScaleTables", () => {
  it("replaces what is between the markers, headings two levels down, and leaves the rest as it was", async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "gc-scale-doc-")), "benchmarks.md");
    await writeFile(file, `# Benchmarks\n\n## 6g. Scale\n\n${START}\n\nthe last run\n\n${END}\n\n## 7. In CI\n\nText.\n`);
    await writeScaleTables(file, "# Benchmark run (full)\n\nA line.\n\n## Pages\n\n| a | bb |\n|--|--|\n| 1 | 2 |\n");
    const doc = await readFile(file, "utf8");
    expect(doc).not.toContain("the last run");
    expect(doc).toContain("### Benchmark run (full)");
    expect(doc).toContain("#### Pages");
    expect(doc).toMatch(/^## 7\. In CI\n\nText\.\n$/m);
    expect(doc.indexOf(START)).toBeLessThan(doc.indexOf("A line."));
    expect(doc.indexOf("A line.")).toBeLessThan(doc.indexOf(END));
    expect(await check(doc, { filepath: file })).toBe(true);
  });

  it("refuses a file without the markers, changing nothing", async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), "gc-scale-doc-")), "benchmarks.md");
    await writeFile(file, "# Benchmarks\n");
    await expect(writeScaleTables(file, "# Run\n")).rejects.toThrow(/no "<!-- scale:start/);
    expect(await readFile(file, "utf8")).toBe("# Benchmarks\n");
  });
});
