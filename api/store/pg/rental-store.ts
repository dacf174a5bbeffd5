import { randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";
import type { Reservation } from "../../../domain/rental-booking";
import type { RentalPlanId } from "../../../domain/rentals";
import {
  freeCarts,
  holdWindow,
  movedHold,
  newMail,
  sameUnconfirmedRenter,
  newReference,
  reservationIn,
  settingsToStore,
  storedSettings,
  type Availability,
  type RentalMail,
  type RentalStore,
  type StoredRentalSettings,
} from "../rental-store";
import type { Database } from "./database";

const HOUR_MS = 3_600_000;

/** Insert a reservation as taken: its id, then `columns`; a reference already given is skipped (no row). */
export const INSERT_RESERVATION = `INSERT INTO rental_reservations (id, reference, site, plan, status, starts_at, ends_at, version, reservation)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (reference) DO NOTHING`;

export const insertMail = (client: pg.PoolClient, mail: RentalMail) =>
  client.query("INSERT INTO rental_mails (id, reservation_id, status, mail) VALUES ($1, $2, $3, $4)", [
    mail.id,
    mail.reservationId,
    mail.status,
    JSON.stringify(mail),
  ]);

/** The rows of a reservation's columns, in the order of INSERT_RESERVATION's parameters 2-9. */
export const columns = (r: Reservation) => [r.reference, r.site, r.plan, r.status, r.startsAt, r.endsAt, r.version, JSON.stringify(r)];

/**
 * Rental reservations in PostgreSQL (migration 12), read fresh on every call so every server sees every change. A
 * reservation or a move is taken in a transaction holding an advisory lock on (site, plan): the count of free carts
 * and the insert are then one step for every server, and the commit (synchronous, so on disk) comes before the 201.
 */
export function openPgRentalStore(db: Database, now: () => number = Date.now): RentalStore {
  const settingsIn = async (q: pg.Pool | pg.PoolClient, site: string): Promise<StoredRentalSettings> => {
    const { rows } = await q.query<{ settings: Omit<StoredRentalSettings, "version">; version: number }>(
      "SELECT settings, version FROM rental_settings WHERE site = $1",
      [site],
    );
    return storedSettings(rows[0] && { ...rows[0].settings, version: rows[0].version });
  };

  /** Free carts over [start, end + turnaround), from the reservations of the plan whose hold may overlap it. */
  const freeIn = async (
    q: pg.Pool | pg.PoolClient,
    site: string,
    plan: RentalPlanId,
    startsAt: Date | string,
    endsAt: Date | string,
    except?: string,
  ): Promise<Availability> => {
    const s = await settingsIn(q, site);
    const window = holdWindow(startsAt, endsAt, s.turnaroundHours);
    const { rows } = await q.query<{ id: string; starts_at: Date; ends_at: Date; status: Reservation["status"]; hold_until: string | null }>(
      `SELECT id, starts_at, ends_at, status, reservation ->> 'holdUntil' AS hold_until FROM rental_reservations
        WHERE site = $1 AND plan = $2 AND status IN ('requested', 'confirmed') AND starts_at < $3 AND ends_at > $4`,
      [site, plan, new Date(window.end), new Date(window.start - s.turnaroundHours * HOUR_MS)],
    );
    const fleet = s.fleet[plan] ?? 0;
    const holds = rows.map((r) => ({
      id: r.id,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      status: r.status,
      ...(r.hold_until !== null && { holdUntil: r.hold_until }),
    }));
    return { fleet, free: freeCarts(fleet, s.turnaroundHours, holds, window, now(), except) };
  };

  /** Every write that takes a cart of (site, plan) waits for the others: one at a time across every server. */
  const lockPlan = (client: pg.PoolClient, site: string, plan: string) =>
    client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`rental:${site}:${plan}`]);

  const one = async (sql: string, params: unknown[]) => (await db.pool.query<{ reservation: Reservation }>(sql, params)).rows[0]?.reservation;

  let key: Promise<Buffer> | undefined;

  return {
    settings: (site) => settingsIn(db.pool, site),
    setSettings: (site, settings, ifVersion) =>
      db.transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`rental-settings:${site}`]);
        const current = await settingsIn(client, site);
        if (current.version !== ifVersion) return { ok: false as const, current };
        const next = settingsToStore(settings);
        await client.query(
          "INSERT INTO rental_settings (site, settings, version) VALUES ($1, $2, $3) ON CONFLICT (site) DO UPDATE SET settings = excluded.settings, version = excluded.version",
          [site, JSON.stringify(next), current.version + 1],
        );
        return { ok: true as const, settings: { ...next, version: current.version + 1 } };
      }),
    availability: (site, plan, startsAt, endsAt, except) => freeIn(db.pool, site, plan, startsAt, endsAt, except),
    reserve: (draft, mailKind, cap) =>
      db.transaction(async (client) => {
        if (cap) {
          // A site's capped requests one at a time across every server (before the plan's lock, which no other write
          // holds while waiting for this one): the count and the insert are one step.
          await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`rental-renters:${draft.site}`]);
          const { rows } = await client.query<{ reservation: Reservation }>(
            "SELECT reservation FROM rental_reservations WHERE site = $1 AND status = 'requested' AND reservation ->> 'holdUntil' IS NOT NULL",
            [draft.site],
          );
          const t = now();
          const unconfirmed = rows.filter((r) => sameUnconfirmedRenter(r.reservation, draft, t)).length;
          if (unconfirmed >= cap.max) return { ok: false as const, unconfirmed };
        }
        await lockPlan(client, draft.site, draft.plan);
        const availability = await freeIn(client, draft.site, draft.plan, draft.startsAt, draft.endsAt);
        if (availability.free < 1) return { ok: false as const, availability };
        for (;;) {
          const reservation: Reservation = { ...draft, id: randomUUID(), reference: newReference(), version: 1 };
          const { rowCount } = await client.query(INSERT_RESERVATION, [reservation.id, ...columns(reservation)]);
          if (!rowCount) continue; // a reference already given: another one
          if (mailKind) await insertMail(client, newMail(reservation.id, mailKind, draft.createdAt));
          return { ok: true as const, reservation };
        }
      }),
    get: (id) => one("SELECT reservation FROM rental_reservations WHERE id = $1", [id]),
    byReference: (reference) => one("SELECT reservation FROM rental_reservations WHERE reference = $1", [reference]),
    async list(site, query = {}) {
      const { turnaroundHours } = await settingsIn(db.pool, site);
      const params: unknown[] = [site];
      let where = "site = $1";
      if (query.status) where += ` AND status = $${params.push(query.status)}`;
      if (query.to) where += ` AND starts_at < $${params.push(query.to)}`;
      if (query.from) where += ` AND ends_at > $${params.push(new Date(+query.from - turnaroundHours * HOUR_MS))}`;
      const { rows } = await db.pool.query<{ reservation: Reservation }>(
        `SELECT reservation FROM rental_reservations WHERE ${where} ORDER BY starts_at, seq`,
        params,
      );
      return rows.map((r) => r.reservation).filter((r) => reservationIn(r, query, turnaroundHours));
    },
    change: (id, ifVersion, change, mailKind) =>
      db.transaction(async (client) => {
        const { rows } = await client.query<{ reservation: Reservation }>("SELECT reservation FROM rental_reservations WHERE id = $1 FOR UPDATE", [id]);
        const current = rows[0]?.reservation;
        if (!current) return { ok: false as const, reason: "missing" as const };
        if (ifVersion !== undefined && current.version !== ifVersion) return { ok: false as const, reason: "stale" as const, current };
        const next = change(current);
        if ("refused" in next) return { ok: false as const, reason: "refused" as const, current, message: next.refused };
        const updated: Reservation = { ...next, id, reference: current.reference, site: current.site, version: current.version + 1 };
        if (movedHold(current, updated, now())) {
          await lockPlan(client, current.site, updated.plan);
          const availability = await freeIn(client, current.site, updated.plan, updated.startsAt, updated.endsAt, id);
          if (availability.free < 1) return { ok: false as const, reason: "full" as const, current, availability };
        }
        await client.query(
          "UPDATE rental_reservations SET reference = $2, site = $3, plan = $4, status = $5, starts_at = $6, ends_at = $7, version = $8, reservation = $9 WHERE id = $1",
          [id, ...columns(updated)],
        );
        if (mailKind) await insertMail(client, newMail(id, mailKind, new Date().toISOString()));
        return { ok: true as const, reservation: updated };
      }),
    async pendingMails() {
      const { rows } = await db.pool.query<{ mail: RentalMail }>("SELECT mail FROM rental_mails WHERE status = 'pending' ORDER BY seq");
      return rows.map((r) => r.mail);
    },
    deliverMail: (id, attempt) =>
      db.transaction(async (client) => {
        // Held until the attempt is recorded: another server's claim skips it rather than waiting.
        const { rows } = await client.query<{ mail: RentalMail; reservation: Reservation }>(
          `SELECT m.mail, r.reservation FROM rental_mails m JOIN rental_reservations r ON r.id = m.reservation_id
            WHERE m.id = $1 AND m.status = 'pending' FOR UPDATE OF m SKIP LOCKED`,
          [id],
        );
        if (!rows[0]) return false;
        const delivery = await attempt(rows[0].mail, rows[0].reservation);
        const mail = { ...rows[0].mail, ...delivery };
        await client.query("UPDATE rental_mails SET status = $2, mail = $3 WHERE id = $1", [id, mail.status, JSON.stringify(mail)]);
        return true;
      }),
    linkKey: () =>
      (key ??= (async () => {
        await db.pool.query("INSERT INTO rental_link_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING", [randomBytes(32)]);
        const { rows } = await db.pool.query<{ key: Buffer }>("SELECT key FROM rental_link_key WHERE id = 1");
        return rows[0]!.key;
      })()),
  };
}
