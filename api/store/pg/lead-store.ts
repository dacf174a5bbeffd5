import { DeliverySchema, LeadSchema, type Delivery, type Lead } from "../../../domain/lead";
import { inMemoryQueries, newLead, type LeadStore } from "../lead-store";
import type { Database } from "./database";

interface LeadRow {
  seq: string;
  lead: Omit<Lead, "delivery">;
  delivery: Delivery;
}

const fromRow = (row: LeadRow): Lead => LeadSchema.parse({ ...row.lead, delivery: row.delivery });

/** Why the database cannot take leads, for the health check: the error's code, never the URL. */
export function describeDbError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return `leads cannot be written: database ${e?.code ?? "unreachable"}`;
}

/**
 * Leads in PostgreSQL, one row each. `add` resolves once the row is
 * committed (the 201 comes after), so a lead acknowledged by any instance
 * survives that instance's crash. Every lead is also held in memory, in the
 * order stored, for the inbox and the outbox; leads and delivery changes
 * committed by other instances arrive by NOTIFY. A delivery is claimed with
 * SELECT … FOR UPDATE SKIP LOCKED, held while the mail is sent, so two
 * instances never mail the same lead at once, and a sent lead never again.
 */
export async function openPgLeadStore(db: Database): Promise<LeadStore> {
  const all: Lead[] = [];
  const byId = new Map<string, { lead: Lead; seq: number }>();
  const remote = new Set<(lead: Lead) => void>();
  /** Leads this instance is storing: their NOTIFY is no news from another server. */
  const mine = new Set<string>();

  /** Hold a lead read from the database, in seq order (it may commit after a later one). */
  const hold = (row: LeadRow): { lead: Lead; added: boolean } => {
    const seq = Number(row.seq);
    const lead = fromRow(row);
    const known = byId.get(lead.id);
    if (known) {
      known.lead.delivery = lead.delivery;
      return { lead: known.lead, added: false };
    }
    byId.set(lead.id, { lead, seq });
    let i = all.length;
    while (i > 0 && byId.get(all[i - 1]!.id)!.seq > seq) i--;
    all.splice(i, 0, lead);
    return { lead, added: true };
  };

  const loadAll = async () => {
    const { rows } = await db.pool.query<LeadRow>("SELECT seq, lead, delivery FROM leads ORDER BY seq");
    for (const row of rows) hold(row);
  };
  await loadAll();

  /** Leads (new, or with a new delivery) other writers committed: fetched in batches. */
  let wanted = new Set<string>();
  let fetching: Promise<void> | null = null;
  const fetchWanted = async () => {
    while (wanted.size) {
      const ids = [...wanted];
      wanted = new Set();
      try {
        const { rows } = await db.pool.query<LeadRow>("SELECT seq, lead, delivery FROM leads WHERE id = ANY($1::text[]) ORDER BY seq", [ids]);
        for (const row of rows) {
          const { lead, added } = hold(row);
          if (added && !mine.has(lead.id)) for (const l of remote) l(lead);
        }
      } catch (err) {
        console.error("[leads] could not read a change from the database:", err);
      }
    }
  };
  db.onChange("leads", (id) => {
    wanted.add(id);
    fetching ??= fetchWanted().finally(() => (fetching = null));
  });
  db.onResync(loadAll);

  return {
    async add(input, delivery) {
      const lead = newLead(input, delivery);
      const { delivery: d, ...body } = lead;
      mine.add(lead.id);
      let rows: { seq: string }[];
      try {
        ({ rows } = await db.pool.query<{ seq: string }>(
          "INSERT INTO leads (id, created_at, lead, delivery, delivery_status) VALUES ($1, $2, $3, $4, $5) RETURNING seq",
          [lead.id, lead.createdAt, JSON.stringify(body), JSON.stringify(d), d.status],
        ));
      } finally {
        // Its NOTIFY may still be on its way: forget the id a little later.
        setTimeout(() => mine.delete(lead.id), 60_000).unref();
      }
      // Committed (a statement outside a transaction commits on its own): only now is it in memory and answered.
      return hold({ seq: rows[0]!.seq, lead: body, delivery: d }).lead;
    },
    async setDelivery(id, delivery) {
      const found = byId.get(id);
      if (!found) throw new Error(`No lead ${id}`);
      const d = DeliverySchema.parse(delivery);
      await db.pool.query("UPDATE leads SET delivery = $2, delivery_status = $3 WHERE id = $1", [id, JSON.stringify(d), d.status]);
      found.lead.delivery = d;
    },
    async deliver(id, attempt) {
      const found = byId.get(id);
      if (!found) return false;
      const delivery = await db.transaction(async (client) => {
        const { rows } = await client.query<LeadRow>("SELECT seq, lead, delivery FROM leads WHERE id = $1 FOR UPDATE SKIP LOCKED", [id]);
        const row = rows[0];
        if (!row) return undefined; // Another instance holds it right now.
        const claimed = fromRow(row);
        found.lead.delivery = claimed.delivery;
        if (claimed.delivery.status !== "pending") return undefined;
        const d = DeliverySchema.parse(await attempt(claimed));
        await client.query("UPDATE leads SET delivery = $2, delivery_status = $3 WHERE id = $1", [id, JSON.stringify(d), d.status]);
        return d;
      });
      if (!delivery) return false;
      found.lead.delivery = delivery;
      return true;
    },
    // Every write was committed before it resolved: nothing waits to be written.
    flush: async () => {},
    pending: () => all.filter((l) => l.delivery.status === "pending"),
    ...inMemoryQueries(() => all),
    all: () => all,
    get: (id) => byId.get(id)?.lead,
    async writeProblem() {
      try {
        await db.pool.query("SELECT 1 FROM leads LIMIT 0");
        return null;
      } catch (err) {
        return describeDbError(err);
      }
    },
    onRemoteLead(listener) {
      remote.add(listener);
      return () => remote.delete(listener);
    },
  };
}
