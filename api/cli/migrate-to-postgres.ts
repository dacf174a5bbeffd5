/**
 * npm run migrate-to-postgres
 *
 * Copies a lowdb installation (DATA_DIR: the catalogue, every lead segment of
 * leads.json and leads-archive/, the follow-ups, staff accounts, sessions, the
 * audit history and the added partner origins) into the empty PostgreSQL
 * database DATABASE_URL names, in one transaction: it checks the counts in the
 * database against the files before it commits, and refuses a database that
 * already holds data. The files are only read.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { FollowUpEventSchema } from "../../domain/lead-follow-up";
import { AuditEntrySchema } from "../../domain/staff";
import { VehicleListSchema } from "../../domain/vehicle";
import { AccountsFileSchema, ACCOUNTS_FILE } from "../store/account-store";
import { AUDIT_FILE } from "../store/audit-store";
import { FOLLOW_UP_FILE } from "../store/follow-up-store";
import { CorruptDataFileError, readJsonFile } from "../store/json-file";
import { readStoredLeads } from "../store/lead-files";
import { OriginsFileSchema, ORIGINS_FILE } from "../store/origin-store";
import { openDatabase, redactUrl } from "../store/pg/database";
import { SessionsFileSchema, SESSIONS_FILE } from "../store/session-store";
import { CATALOGUE_FILE } from "../store/vehicle-store";
import { cliPlace } from "./cli-stores";

const say = (message: string) => process.stderr.write(`[migrate] ${message}\n`);

/** Every table the stores write, in the order they are filled. */
export const DATA_TABLES = ["catalogue", "leads", "lead_follow_ups", "staff_accounts", "staff_sessions", "staff_audit", "partner_origins"] as const;

/** A JSON-lines file's complete lines (a last line cut short by a crash never got its 2xx and is left out, as at start-up). */
async function readLines<S extends z.ZodType>(file: string, schema: S): Promise<z.infer<S>[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const complete = text.slice(0, text.lastIndexOf("\n") + 1);
  return complete
    .split("\n")
    .filter(Boolean)
    .map((line, i) => {
      try {
        return schema.parse(JSON.parse(line)) as z.infer<S>;
      } catch (err) {
        throw new CorruptDataFileError(file, new Error(`line ${i + 1}: ${(err as Error).message}`));
      }
    });
}

export class NotEmptyError extends Error {
  override name = "NotEmptyError";
}

/** Copy dataDir into the database at url, in one transaction; the number of rows written per table. */
export async function migrateToPostgres(dataDir: string, url: string): Promise<Record<string, number>> {
  const catalogue = await readJsonFile(path.join(dataDir, CATALOGUE_FILE), (d) => z.object({ vehicles: VehicleListSchema }).parse(d));
  const leads = await readStoredLeads(dataDir);
  const followUps = await readLines(path.join(dataDir, FOLLOW_UP_FILE), FollowUpEventSchema);
  const accounts = (await readJsonFile(path.join(dataDir, ACCOUNTS_FILE), (d) => AccountsFileSchema.parse(d)))?.accounts ?? [];
  const sessions = (await readJsonFile(path.join(dataDir, SESSIONS_FILE), (d) => SessionsFileSchema.parse(d)))?.sessions ?? [];
  const audit = await readLines(path.join(dataDir, AUDIT_FILE), AuditEntrySchema);
  const origins = await readJsonFile(path.join(dataDir, ORIGINS_FILE), (d) => OriginsFileSchema.parse(d));
  const expected: Record<(typeof DATA_TABLES)[number], number> = {
    catalogue: catalogue ? 1 : 0,
    leads: leads.length,
    lead_follow_ups: followUps.length,
    staff_accounts: accounts.length,
    staff_sessions: sessions.length,
    staff_audit: audit.length,
    partner_origins: origins ? 1 : 0,
  };

  const db = await openDatabase(url, { max: 1, listen: false });
  try {
    await db.transaction(async (c) => {
      // No server may write while the copy runs and is checked.
      await c.query(`LOCK TABLE ${DATA_TABLES.join(", ")} IN EXCLUSIVE MODE`);
      const held: string[] = [];
      for (const table of DATA_TABLES) {
        const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
        if (Number(rows[0]!.n) > 0) held.push(`${table} (${rows[0]!.n})`);
      }
      if (held.length) throw new NotEmptyError(`The database already holds data: ${held.join(", ")}. Nothing was copied; migrate into an empty database.`);

      if (catalogue) await c.query("INSERT INTO catalogue (id, version, vehicles) VALUES (1, 1, $1)", [JSON.stringify(catalogue.vehicles)]);
      for (const lead of leads) {
        const { delivery, ...body } = lead;
        await c.query("INSERT INTO leads (id, created_at, lead, delivery, delivery_status) VALUES ($1, $2, $3, $4, $5)", [
          lead.id,
          lead.createdAt,
          JSON.stringify(body),
          JSON.stringify(delivery),
          delivery.status,
        ]);
      }
      for (const e of followUps) await c.query("INSERT INTO lead_follow_ups (lead_id, event) VALUES ($1, $2)", [e.leadId, JSON.stringify(e)]);
      for (const a of accounts)
        await c.query(
          "INSERT INTO staff_accounts (email, role, created_at, password_hash, password_changed_at, failures, locked_until) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          [a.email, a.role, a.createdAt, a.passwordHash, a.passwordChangedAt, a.failures, a.lockedUntil],
        );
      for (const s of sessions)
        await c.query("INSERT INTO staff_sessions (hash, email, created_at, last_seen_at) VALUES ($1, $2, $3, $4)", [
          s.hash,
          s.email,
          s.createdAt,
          s.lastSeenAt,
        ]);
      for (const e of audit) await c.query("INSERT INTO staff_audit (entry) VALUES ($1)", [JSON.stringify(e)]);
      if (origins) await c.query("INSERT INTO partner_origins (id, added) VALUES (1, $1)", [JSON.stringify(origins.added)]);

      for (const table of DATA_TABLES) {
        const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
        if (Number(rows[0]!.n) !== expected[table])
          throw new Error(`${table}: ${rows[0]!.n} rows in the database, ${expected[table]} in the files; nothing was copied`);
      }
    });
  } finally {
    await db.close();
  }
  return expected;
}

async function main(): Promise<void> {
  const { dataDir, databaseUrl } = cliPlace();
  if (!databaseUrl) {
    say(
      "Set DATABASE_URL to the empty PostgreSQL database to copy DATA_DIR into, e.g. DATABASE_URL=postgres://user:password@host/db npm run migrate-to-postgres",
    );
    process.exitCode = 2;
    return;
  }
  say(`copying ${dataDir} into ${redactUrl(databaseUrl)}`);
  const counts = await migrateToPostgres(dataDir, databaseUrl);
  for (const [table, n] of Object.entries(counts)) say(`${table}: ${n} row(s), checked`);
  say("done: start the server with this DATABASE_URL. The files in DATA_DIR were left as they were.");
}

main().catch((err: unknown) => {
  say(`Error: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
