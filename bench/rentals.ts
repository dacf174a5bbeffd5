/**
 * Part "rentals": availability queries and reservation posts per second with 1,000 reservations already on
 * the calendar, beside POST /api/contact on the same server in the same run; on lowdb, and on PostgreSQL where a
 * cluster can start. The calendar is filled through the API itself (so both engines hold the same), the posts ask for
 * dates spread over the coming year as renters would, and each server is our built one in its own process.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { toLocalDateTime } from "../domain/local-time";
import pg from "pg";
import { startTestPostgres } from "../api/testing/postgres";
import { RENTALS_FILE, RENTALS_JOURNAL } from "../api/store/rental-store";
import { validLead } from "../api/testing/test-server";
import { startOurServer } from "./lib/child-server";
import { ratio, runLoad, type LoadFigures } from "./lib/load";

export interface RentalsOptions {
  /** Reservations on the calendar before the runs. */
  calendar: number;
  connections: number;
  durationSeconds: number;
  ourMain: string;
}

export interface RentalsCase {
  engine: "lowdb" | "postgres";
  /** Reservations stored before the runs (201s of the fill). */
  stored: number;
  availability: LoadFigures;
  reservations: LoadFigures;
  /** Of the reservation posts, those refused because no cart was free (409): answered, not failed. */
  refused: number;
  contact: LoadFigures;
  /** Reservation posts per second over contact posts per second (1 = as fast as a lead). */
  postsVsContact: number | null;
}

export interface RentalsResults {
  calendar: number;
  connections: number;
  durationSeconds: number;
  cases: RentalsCase[];
  /** Why PostgreSQL was not measured, when it was not. */
  postgresUnavailable?: string;
}

const TZ = "America/New_York";
const DAY = 86_400_000;
const PLANS = ["4-seater", "6-seater", "utility"] as const;
/** Carts per plan: enough that the calendar and the run's posts mostly fit, so most posts are real bookings. */
const FLEET = { "4-seater": 40, "6-seater": 40, utility: 40 };
const SETTINGS = { fleet: FLEET, turnaroundHours: 2 };

/** The `i`th of a year of requests: a plan, a start 2-362 days on at 9:00-15:00, 1-7 days long, pickup or delivery. */
export function request(i: number, now: number) {
  const startDay = 2 + ((i * 7919) % 360);
  const hour = 9 + (i % 7);
  const start = `${toLocalDateTime(new Date(now + startDay * DAY), TZ).slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
  const end = `${toLocalDateTime(new Date(now + (startDay + 1 + (i % 7)) * DAY), TZ).slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
  return {
    plan: PLANS[i % 3]!,
    start,
    end,
    delivery: i % 2 ? { kind: "delivery" as const, street: `${i} Ocean Dr`, town: "rehoboth-beach" } : { kind: "pickup" as const },
    drivers: i % 3,
  };
}

export const renter = (i: number) => ({
  firstName: "Bench",
  lastName: `Renter ${i}`,
  email: `renter${i}@example.com`,
  phone: "302-555-0142",
  adult: true,
  agreement: true,
  source: "bench",
});

/** POSTs `count` reservations, `parallel` at a time; the number answered 201. */
export async function fill(url: string, count: number, parallel = 8): Promise<number> {
  const now = Date.now();
  let next = 0;
  let stored = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await fetch(`${url}/api/rentals/reservations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...request(i, now), ...renter(i) }),
      });
      if (res.status === 201) stored++;
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return stored;
}

export async function benchRentals(o: RentalsOptions, log: (line: string) => void): Promise<RentalsResults> {
  const cases: RentalsCase[] = [];
  const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-rentals-"));
  const cluster = await startTestPostgres({ durable: true });
  const postgresUnavailable = "unavailable" in cluster ? cluster.unavailable : undefined;
  if (postgresUnavailable) log(`rentals: PostgreSQL not measured: ${postgresUnavailable}`);
  try {
    const engines: ["lowdb" | "postgres", Record<string, string>][] = [["lowdb", {}]];
    if (!("unavailable" in cluster)) engines.push(["postgres", { DATABASE_URL: await cluster.createDatabase() }]);
    for (const [engine, extra] of engines) {
      const env = {
        CONTACT_RATE_LIMIT: "0",
        // The load books from one address: the cap on a renter's unconfirmed requests would refuse all but the first few.
        RENTAL_UNCONFIRMED_LIMIT: "0",
        ...extra,
      };
      const start = () => startOurServer({ name: `rentals-${engine}`, main: o.ourMain, dataDir: path.join(root, engine), env });
      // The fleet, set as an owner would: on lowdb in the files a first start made (a rentals.json as an earlier
      // release kept it, which the next start takes over); on PostgreSQL in the row whose schema the first start makes.
      if (engine === "lowdb") {
        await (await start()).stop();
        await rm(path.join(root, engine, RENTALS_JOURNAL), { force: true });
        await writeFile(
          path.join(root, engine, RENTALS_FILE),
          JSON.stringify({ settings: { "sussex-coast": { ...SETTINGS, version: 1 } }, reservations: [], mails: [] }),
        );
      }
      const server = await start();
      try {
        if (extra.DATABASE_URL) {
          const client = new pg.Client({ connectionString: extra.DATABASE_URL });
          await client.connect();
          await client.query("INSERT INTO rental_settings (site, settings, version) VALUES ('sussex-coast', $1, 1)", [JSON.stringify(SETTINGS)]);
          await client.end();
        }
        const stored = await fill(server.url, o.calendar);
        log(`rentals (${engine}): ${stored} reservations on the calendar`);
        const now = Date.now();
        const queries = Array.from({ length: 200 }, (_, i) => {
          const q = request(o.calendar + i, now);
          return { path: `/api/rentals/availability?${new URLSearchParams({ plan: q.plan, start: q.start, end: q.end, town: "lewes", street: "1 Main St" })}` };
        });
        const availability = await runLoad({
          url: server.url,
          requests: queries,
          connections: o.connections,
          durationSeconds: o.durationSeconds,
          serverCpuSeconds: server.cpuSeconds,
        });
        const bodies = Array.from({ length: 500 }, (_, i) => ({
          method: "POST" as const,
          path: "/api/rentals/reservations",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...request(o.calendar + 1000 + i, now), ...renter(i) }),
        }));
        const reservations = await runLoad({
          url: server.url,
          requests: bodies,
          connections: o.connections,
          durationSeconds: o.durationSeconds,
          serverCpuSeconds: server.cpuSeconds,
        });
        const contact = await runLoad({
          url: `${server.url}/api/contact`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validLead({ source: "bench" })),
          connections: o.connections,
          durationSeconds: o.durationSeconds,
          serverCpuSeconds: server.cpuSeconds,
        });
        const refused = reservations.non2xx;
        const c: RentalsCase = {
          engine,
          stored,
          availability,
          reservations,
          refused,
          contact,
          postsVsContact: ratio(reservations.requests / o.durationSeconds, contact.rps),
        };
        log(
          `rentals (${engine}): availability ${availability.rps} req/s (p99 ${availability.p99Ms} ms); reservations ${reservations.rps} posts/s (${reservations.ok} 201, ${refused} 409, p99 ${reservations.p99Ms} ms); POST /api/contact ${contact.rps} req/s: ${c.postsVsContact}×`,
        );
        cases.push(c);
      } finally {
        await server.stop();
      }
    }
  } finally {
    if ("stop" in cluster) await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
  return { calendar: o.calendar, connections: o.connections, durationSeconds: o.durationSeconds, cases, ...(postgresUnavailable && { postgresUnavailable }) };
}

/** The part's table for the report. */
export function rentalsMarkdown(r: RentalsResults, table: (header: string[], rows: (string | number | null | undefined)[][]) => string): string {
  return [
    `## Rentals: ${r.calendar.toLocaleString("en-US")} reservations on the calendar, ${r.connections} connections, ${r.durationSeconds} s per run`,
    "",
    table(
      [
        "Engine",
        "On the calendar",
        "Availability req/s",
        "p99 ms",
        "Reservation posts/s",
        "201",
        "409",
        "p99 ms",
        "POST /api/contact req/s",
        "Posts vs contact",
      ],
      r.cases.map((c) => [
        c.engine,
        c.stored,
        c.availability.rps,
        c.availability.p99Ms,
        c.reservations.rps,
        c.reservations.ok,
        c.refused,
        c.reservations.p99Ms,
        c.contact.rps,
        c.postsVsContact,
      ]),
    ),
    ...(r.postgresUnavailable ? ["", `PostgreSQL not measured: ${r.postgresUnavailable}`] : []),
  ].join("\n");
}
