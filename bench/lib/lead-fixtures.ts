import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { archiveFile, LEADS_ARCHIVE_DIR, LEADS_FILE } from "../../api/store/lead-files";
import { LEAD_SEGMENT_SIZE } from "../../api/store/lead-store";
import { INSERT_LEAD_COLUMNS, insertLeadParams } from "../../api/store/pg/lead-store";
import { LeadSchema, type Lead } from "../../domain/lead";
import { INTERESTS } from "../../domain/contact";

const DAY_MS = 86_400_000;

/** The i-th of a set of plausible stored leads (current LeadSchema shape), oldest first. */
export function fixtureLead(i: number, count: number, now = Date.now()): Lead {
  const createdAt = new Date(now - (count - i) * (DAY_MS / 50)).toISOString();
  const sent = i % 10 !== 0;
  return {
    id: randomUUID(),
    createdAt,
    firstName: `Visitor${i}`,
    lastName: "Reyes",
    email: `visitor${i}@example.com`,
    phone: `302-555-${String(i % 10_000).padStart(4, "0")}`,
    interest: INTERESTS[i % INTERESTS.length]!,
    message: "Looking for a 6-seater for the summer, street legal, delivered to Rehoboth.",
    origin: i % 3 === 0 ? "https://resort.example" : null,
    source: i % 3 === 0 ? "resort-landing" : null,
    site: "sussex-coast",
    delivery: sent ? { status: "sent", attempts: 1, sentAt: createdAt } : { status: "not-sent", attempts: 0 },
  };
}

/** Write `count` leads as a leads.json (pretty-printed as lowdb writes it), streaming so that 100,000 fit easily. */
export async function writeLeadsFile(file: string, count: number): Promise<void> {
  LeadSchema.parse(fixtureLead(0, 1));
  const out = createWriteStream(file);
  out.write('{\n  "leads": [');
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const json = JSON.stringify(fixtureLead(i, count, now), null, 2).replace(/\n/g, "\n    ");
    if (!out.write(`${i ? "," : ""}\n    ${json}`)) await once(out, "drain");
  }
  out.end(count ? "\n  ]\n}" : "]\n}");
  await once(out, "finish");
}

/**
 * Write `count` leads into dataDir as the server keeps them once it has run: full
 * archive segments of `segmentSize` under leads-archive/, the rest in leads.json.
 * Compact JSON (the store reads either), so a million leads take seconds.
 */
export async function writeLeadSegments(dataDir: string, count: number, segmentSize = LEAD_SEGMENT_SIZE): Promise<void> {
  LeadSchema.parse(fixtureLead(0, 1));
  await mkdir(path.join(dataDir, LEADS_ARCHIVE_DIR), { recursive: true });
  const now = Date.now();
  const full = Math.floor(count / segmentSize);
  const write = async (file: string, from: number, to: number) => {
    const leads: string[] = [];
    for (let i = from; i < to; i++) leads.push(JSON.stringify(fixtureLead(i, count, now)));
    await writeFile(file, `{"leads":[${leads.join(",")}]}`);
  };
  for (let n = 0; n < full; n++) await write(archiveFile(dataDir, n + 1), n * segmentSize, (n + 1) * segmentSize);
  await write(path.join(dataDir, LEADS_FILE), full * segmentSize, count);
}

/** A CSV field as COPY reads it: quoted, its quotes doubled; null is an unquoted empty field. */
const csvField = (value: unknown): string => (value === null || value === undefined ? "" : `"${String(value).replace(/"/g, '""')}"`);

/**
 * Insert `count` fixture leads into the PostgreSQL database at `url` (migrated:
 * open the stores on it once first), with the columns the lead store writes,
 * by one COPY from a CSV file written first (100,000 in about 20 s on the
 * loaded 2-CPU machine, a million in about 5 min: the trigram indexes'
 * upkeep dominates). The file is readable by the database server, which may run as
 * another user (the test cluster's `postgres` when tests run as root), and is
 * removed after.
 */
export async function insertPgLeads(url: string, count: number): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "gc-lead-copy-"));
  const file = path.join(dir, "leads.csv");
  try {
    await chmod(dir, 0o755);
    const out = createWriteStream(file, { mode: 0o644 });
    const now = Date.now();
    for (let i = 0; i < count; i++) {
      if (
        !out.write(
          `${insertLeadParams(fixtureLead(i, count, now))
            .map(csvField)
            .join(",")}\n`,
        )
      )
        await once(out, "drain");
    }
    out.end();
    await once(out, "finish");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`COPY leads (${INSERT_LEAD_COLUMNS}) FROM '${file}' WITH (FORMAT csv)`);
      // As a server that has run for years finds it: vacuumed (the trigram indexes' pending lists merged, the visibility map set) and analysed,
      // rather than with autovacuum working through a million fresh rows during the measurements.
      await client.query("VACUUM (ANALYZE) leads");
      // And with the load's dirty pages written out, so no checkpoint of them lands in the measurements either.
      await client.query("CHECKPOINT");
    } finally {
      await client.end();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
