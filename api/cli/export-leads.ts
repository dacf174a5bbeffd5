/**
 * npm run leads -- [--since YYYY-MM-DD] [--site ID] [--format csv|json] [--out FILE]
 * Prints the stored leads (oldest first) with their source and delivery status,
 * from leads.json and every archive segment (or PostgreSQL's leads table when
 * DATABASE_URL is set), or writes them to FILE. Reads DATA_DIR or DATABASE_URL
 * like the server; never writes the data.
 */
import { fstatSync, ftruncateSync, writeSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { SITE_MESSAGES, SLUG_PATTERN } from "../../domain/site";
import { leadsToCsv } from "../../domain/leads-csv";
import { writeFileDurably } from "../store/durable-file";
import { cliLeads } from "./cli-stores";

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
 * Write the export to stdout. `npm run leads -- --format csv > leads.csv`
 * would otherwise leave npm's banner above the CSV: when stdout is a file that
 * holds exactly that banner and nothing else, it is emptied and the export
 * written from its start, so the file holds the export alone. (A pipe cannot
 * be taken back: use --out, or `npm run --silent`.)
 */
function writeStdout(text: string): void {
  const data = Buffer.from(text, "utf8");
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
  for (let done = 0; done < data.length;) {
    const n = writeSync(1, data, done, data.length - done, position === null ? null : position + done);
    done += n;
  }
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

  const leads = await cliLeads();
  const chosen = leads.filter((l) => (since === undefined || Date.parse(l.createdAt) >= since) && (site === undefined || l.site === site));
  const text = format === "csv" ? leadsToCsv(chosen) : `${JSON.stringify(chosen, null, 2)}\n`;
  if (values.out) {
    await writeFileDurably(path.resolve(values.out), text);
    console.error(`[leads] ${chosen.length} lead(s) written to ${values.out}`);
  } else {
    writeStdout(text);
  }
}

main().catch((err: unknown) => {
  console.error(`[leads] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
