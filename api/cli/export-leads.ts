/**
 * npm run leads -- [--since YYYY-MM-DD] [--site ID] [--format csv|json] [--out FILE]
 * Prints the stored leads (oldest first) with their source and delivery status,
 * from leads.json and every archive segment (or PostgreSQL's leads table when
 * DATABASE_URL is set), or writes them to FILE. Reads DATA_DIR or DATABASE_URL
 * like the server; never writes the data. The leads are read and written a
 * batch at a time, so memory does not grow with their number.
 */
import { fstatSync, ftruncateSync, writeSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Lead } from "../../domain/lead";
import { SITE_MESSAGES, SLUG_PATTERN } from "../../domain/site";
import { LEAD_CSV_HEADER, leadCsvRows } from "../../domain/leads-csv";
import { writeFileDurablyFrom } from "../store/durable-file";
import { cliLeadBatches } from "./cli-stores";

const USAGE = "Usage: npm run leads -- [--since YYYY-MM-DD] [--site ID] [--format csv|json] [--out FILE]";

/**
 * The run-script banner npm 7+ prints on stdout before it starts this script
 * ("\n> name@version leads\n> tsx … args\n\n"), rebuilt from the variables npm
 * sets; undefined when npm did not start it.
 */
function npmBanner(): string | undefined {
  const { npm_lifecycle_event: event, npm_lifecycle_script: script, npm_package_name: name, npm_package_version: version } = process.env;
  if (!event || !script) return undefined;
  const args = process.argv.slice(2);
  return `\n> ${name && version ? `${name}@${version} ` : ""}${event}\n> ${script.trim()}${args.length ? ` ${args.join(" ")}` : ""}\n\n`;
}

/**
 * A writer of the export to stdout, a piece at a time. `npm run leads --
 * --format csv > leads.csv` would otherwise leave npm's banner above the CSV:
 * when stdout is a file that holds exactly that banner and nothing else, it is
 * emptied and the export written from its start, so the file holds the export
 * alone. (A pipe cannot be taken back: use --out, or `npm run --silent`.)
 */
function stdoutWriter(): (text: string) => void {
  let position: number | null = null;
  const banner = npmBanner();
  try {
    const stat = fstatSync(1);
    if (banner && stat.isFile() && stat.size === Buffer.byteLength(banner)) {
      ftruncateSync(1, 0);
      position = 0;
    }
  } catch {
    // Not a file we can inspect: write as usual.
  }
  return (text) => {
    const data = Buffer.from(text, "utf8");
    for (let done = 0; done < data.length;) {
      const n = writeSync(1, data, done, data.length - done, position);
      done += n;
      if (position !== null) position += n;
    }
  };
}

/**
 * The chosen leads in `format`, as `write` takes them a batch at a time: the
 * CSV's header then rows, or the JSON array JSON.stringify(leads, null, 2)
 * makes, element by element. The number written.
 */
async function writeLeads(
  batches: AsyncIterable<Lead[]>,
  keep: (lead: Lead) => boolean,
  format: "csv" | "json",
  write: (text: string) => void | Promise<void>,
): Promise<number> {
  let n = 0;
  if (format === "csv") await write(LEAD_CSV_HEADER);
  for await (const batch of batches) {
    const chosen = batch.filter(keep);
    if (!chosen.length) continue;
    if (format === "csv") await write(leadCsvRows(chosen));
    else await write(chosen.map((l, i) => `${n + i ? "," : "["}\n  ${JSON.stringify(l, null, 2).replace(/\n/g, "\n  ")}`).join(""));
    n += chosen.length;
  }
  if (format === "json") await write(n ? "\n]\n" : "[]\n");
  return n;
}

function fail(message: string): never {
  console.error(`[leads] ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { since?: string; site?: string; format?: string; out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        since: { type: "string" },
        site: { type: "string" },
        format: { type: "string", default: "csv" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const format = values.format;
  if (format !== "csv" && format !== "json") fail(`--format must be csv or json, not "${format}"`);
  const since = values.since === undefined ? undefined : Date.parse(values.since);
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(values.since!) || Number.isNaN(since)))
    fail(`--since must be a date such as 2026-01-01, not "${values.since}"`);
  const site = values.site;
  if (site !== undefined && !SLUG_PATTERN.test(site)) fail(`--site ${SITE_MESSAGES.id}, not "${site}"`);

  const keep = (l: Lead) => (since === undefined || Date.parse(l.createdAt) >= since) && (site === undefined || l.site === site);
  if (values.out) {
    let n = 0;
    await writeFileDurablyFrom(path.resolve(values.out), async (write) => void (n = await writeLeads(cliLeadBatches(), keep, format, write)));
    console.error(`[leads] ${n} lead(s) written to ${values.out}`);
  } else {
    await writeLeads(cliLeadBatches(), keep, format, stdoutWriter());
  }
}

main().catch((err: unknown) => {
  console.error(`[leads] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
