/**
 * Every relative link in the README, the npm package's README and under docs/ resolves: the file or
 * folder it names exists, and its `#anchor`, if any, is a heading (or an
 * `id`/`name` anchor) of the Markdown file it points to. Links to other sites
 * are not fetched.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The Markdown files whose links are checked, relative to the repository root. */
function markdownFiles(): string[] {
  const files = ["README.md", "widgets/package/README.md"];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".md")) files.push(rel);
    }
  };
  walk("docs");
  return files;
}

/** The text with fenced code blocks and inline code spans blanked, so that code is never read as a link or a heading. */
function withoutCode(text: string): string {
  return text.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[^`\n][\s\S]*?\1/g, (code) => " ".repeat(code.length));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; a repeated one gets -1, -2, … */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, heading] of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link's text
      .replace(/<[^>]+>/g, ""); // inline HTML
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  for (const [, id] of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** The link targets of a Markdown text: inline links and images, and reference definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  const html = [...text.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...defined, ...html];
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** What is wrong with each relative link of `file`, as "target: reason". */
function brokenLinks(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const problems: string[] = [];
  for (const target of linkTargets(source)) {
    if (isExternal(target)) continue;
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const linked = rawPath ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(rawPath)) : path.join(ROOT, file);
    if (!linked.startsWith(ROOT + path.sep) && linked !== ROOT) {
      problems.push(`${target}: outside the repository`);
      continue;
    }
    if (!existsSync(linked)) {
      problems.push(`${target}: no such file`);
      continue;
    }
    if (anchor === undefined || !linked.endsWith(".md") || statSync(linked).isDirectory()) continue;
    if (!headingAnchors(readFileSync(linked, "utf8")).has(decodeURIComponent(anchor))) problems.push(`${target}: no heading #${anchor} there`);
  }
  return problems;
}

describe("GitHub's heading anchors, as the links expect them", () => {
  it.each([
    ["## Staff API and stores", "staff-api-and-stores"],
    ["## The server (`api/`)", "the-server-api"],
    ["### How a request finds its site", "how-a-request-finds-its-site"],
    ["## 3. Widget sizes (gzip)", "3-widget-sizes-gzip"],
    ["## Add a site / point a domain", "add-a-site--point-a-domain"],
    ["# Café, 2+2 seats", "café-22-seats"],
  ])("%s → #%s", (heading, anchor) => {
    expect([...headingAnchors(heading)]).toEqual([anchor]);
  });

  it("numbers a repeated heading, and ignores headings in code blocks", () => {
    expect([...headingAnchors("## Usage\n\n```sh\n# not a heading\n```\n\n## Usage\n")]).toEqual(["usage", "usage-1"]);
  });

  it("reads inline links, images and reference definitions, but not code", () => {
    const md = "See [ops](docs/operations.md#backups) and ![x](a.png).\n\n`[no](nope.md)`\n\n[ref]: docs/architecture.md\n";
    expect(linkTargets(md)).toEqual(["docs/operations.md#backups", "a.png", "docs/architecture.md"]);
  });
});

describe("every relative link in the README and docs/ resolves", () => {
  it.each(markdownFiles())("%s", (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
