/**
 * npm run leads -- [--since YYYY-MM-DD] [--format csv|json]
 * Prints the stored leads (oldest first) with their source and delivery status,
 * from leads.json and every archive segment. Reads DATA_DIR like the server; never writes.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { leadsToCsv } from "../../domain/leads-csv";
import { readStoredLeads } from "../store/lead-files";

const USAGE = "Usage: npm run leads -- [--since YYYY-MM-DD] [--format csv|json]";

function fail(message: string): never {
  console.error(`[leads] ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { since?: string; format?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { since: { type: "string" }, format: { type: "string", default: "csv" }, help: { type: "boolean", short: "h" } } }));
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
  if (since !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(values.since!) || Number.isNaN(since))) fail(`--since must be a date such as 2026-01-01, not "${values.since}"`);

  const leads = await readStoredLeads(path.resolve(process.env.DATA_DIR || "./data"));
  const chosen = since === undefined ? leads : leads.filter((l) => Date.parse(l.createdAt) >= since);
  process.stdout.write(format === "csv" ? leadsToCsv(chosen) : `${JSON.stringify(chosen, null, 2)}\n`);
}

main().catch((err: unknown) => {
  console.error(`[leads] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
