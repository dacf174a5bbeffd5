import { readFile, writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";

const SCALE_START = "<!-- scale:start (npm run bench -- --only scale writes this part) -->";
const SCALE_END = "<!-- scale:end -->";

/** Replace the part of `file` (docs/benchmarks-scale.md) between the scale markers with `markdown`, formatted as prettier would. */
export async function writeScaleTables(file: string, markdown: string): Promise<void> {
  const doc = await readFile(file, "utf8");
  const [start, end] = [doc.indexOf(SCALE_START), doc.indexOf(SCALE_END)];
  if (start < 0 || end < start) throw new Error(`${file} has no "${SCALE_START}" … "${SCALE_END}" part to write`);
  // Two levels down: the run's own headings sit under the section that holds the markers.
  const body = markdown.replace(/^(#+) /gm, "##$1 ").trim();
  const next = `${doc.slice(0, start + SCALE_START.length)}\n\n${body}\n\n${doc.slice(end)}`;
  // As `npm run lint` wants it (prettier --check): the run's tables are aligned the way prettier aligns them.
  await writeFile(file, await format(next, { ...(await resolveConfig(file)), filepath: file }));
}
