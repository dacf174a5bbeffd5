/**
 * Part "rental-journal": lowdb keeps its rentals as a snapshot and a journal (api/store/rental-store.ts),
 * so a booking costs the same at 2,000 reservations as at none, and contact posts keep their pace while bookings land
 * beside them. Measured on our built server in its own process, on lowdb, in one run:
 * - booking posts per second on an empty calendar, then (the same server) with 2,000 reservations on it;
 * - POST /api/contact alone, then with booking posts on the same server at the same time.
 * Goals: bookings at 2,000 ≥ 0.8× at 0; contact beside bookings ≥ 0.8× alone.
 */
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { RENTALS_FILE, RENTALS_JOURNAL } from "../api/store/rental-store";
import { validLead } from "../api/testing/test-server";
import { startOurServer, type ChildServer } from "./lib/child-server";
import { ratio, runLoad, type LoadFigures } from "./lib/load";
import { fill, renter, request } from "./rentals";

export interface RentalJournalOptions {
  /** Reservations on the calendar for the second booking run. */
  calendar: number;
  connections: number;
  durationSeconds: number;
  ourMain: string;
}

export interface RentalJournalResults {
  calendar: number;
  connections: number;
  durationSeconds: number;
  /** Booking posts on an empty calendar, and with `calendar` reservations on it. */
  bookingsAtZero: LoadFigures;
  bookingsAtCalendar: LoadFigures;
  /** Reservations stored when the second run began. */
  storedBeforeSecond: number;
  bookingsRatio: number | null;
  contactAlone: LoadFigures;
  contactBeside: LoadFigures;
  /** The booking posts that ran beside contact. */
  bookingsBeside: LoadFigures;
  contactRatio: number | null;
  /** rentals.json and its journal after the runs. */
  snapshotBytes: number;
  journalBytes: number;
}

/** Carts per plan: more than the run books, so every post is a real booking (a 201 and a journal line), none a 409. */
const FLEET = { "4-seater": 5_000, "6-seater": 5_000, utility: 5_000 };

/** Booking posts, each a different renter and time, numbered from `from`. */
const bookings = (from: number, now: number) =>
  Array.from({ length: 500 }, (_, i) => ({
    method: "POST" as const,
    path: "/api/rentals/reservations",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...request(from + i, now), ...renter(from + i) }),
  }));

export async function benchRentalJournal(o: RentalJournalOptions, log: (line: string) => void): Promise<RentalJournalResults> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "gc-bench-rental-journal-"));
  const start = (): Promise<ChildServer> =>
    startOurServer({ name: "rental-journal", main: o.ourMain, dataDir: dir, env: { CONTACT_RATE_LIMIT: "0", RENTAL_UNCONFIRMED_LIMIT: "0" } });
  try {
    // A first start makes the folder; the fleet is then set in rentals.json as an earlier release kept it (no
    // journal), so the measured server also starts by taking such a file over.
    await (await start()).stop();
    await rm(path.join(dir, RENTALS_JOURNAL));
    await writeFile(
      path.join(dir, RENTALS_FILE),
      JSON.stringify({ settings: { "sussex-coast": { fleet: FLEET, turnaroundHours: 2, version: 1 } }, reservations: [], mails: [] }),
    );
    const server = await start();
    try {
      const load = (requests: ReturnType<typeof bookings>) =>
        runLoad({ url: server.url, requests, connections: o.connections, durationSeconds: o.durationSeconds, serverCpuSeconds: server.cpuSeconds });
      const contactLoad = () =>
        runLoad({
          url: `${server.url}/api/contact`,
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(validLead({ source: "bench" })),
          connections: o.connections,
          durationSeconds: o.durationSeconds,
          serverCpuSeconds: server.cpuSeconds,
        });
      const now = Date.now();
      const bookingsAtZero = await load(bookings(1_000_000, now));
      log(
        `rental-journal: bookings on an empty calendar ${bookingsAtZero.rps}/s (${bookingsAtZero.ok} 201, ${bookingsAtZero.non2xx} other, p99 ${bookingsAtZero.p99Ms} ms)`,
      );
      const toFill = Math.max(0, o.calendar - bookingsAtZero.ok);
      const filled = await fill(server.url, toFill);
      const storedBeforeSecond = bookingsAtZero.ok + filled;
      log(`rental-journal: ${storedBeforeSecond} reservations on the calendar`);
      const bookingsAtCalendar = await load(bookings(2_000_000, now));
      log(`rental-journal: bookings at ${storedBeforeSecond} ${bookingsAtCalendar.rps}/s (${bookingsAtCalendar.ok} 201, p99 ${bookingsAtCalendar.p99Ms} ms)`);

      const contactAlone = await contactLoad();
      log(`rental-journal: POST /api/contact alone ${contactAlone.rps}/s (p99 ${contactAlone.p99Ms} ms)`);
      const [contactBeside, bookingsBeside] = await Promise.all([contactLoad(), load(bookings(3_000_000, now))]);
      log(
        `rental-journal: POST /api/contact beside bookings ${contactBeside.rps}/s (p99 ${contactBeside.p99Ms} ms), bookings meanwhile ${bookingsBeside.rps}/s`,
      );
      const results: RentalJournalResults = {
        calendar: o.calendar,
        connections: o.connections,
        durationSeconds: o.durationSeconds,
        bookingsAtZero,
        bookingsAtCalendar,
        storedBeforeSecond,
        bookingsRatio: ratio(bookingsAtCalendar.rps, bookingsAtZero.rps),
        contactAlone,
        contactBeside,
        bookingsBeside,
        contactRatio: ratio(contactBeside.rps, contactAlone.rps),
        snapshotBytes: (await stat(path.join(dir, RENTALS_FILE))).size,
        journalBytes: (await stat(path.join(dir, RENTALS_JOURNAL))).size,
      };
      log(`rental-journal: bookings at ${storedBeforeSecond} vs 0: ${results.bookingsRatio}×; contact beside bookings vs alone: ${results.contactRatio}×`);
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The part's table for the report. */
export function rentalJournalMarkdown(r: RentalJournalResults, table: (header: string[], rows: (string | number | null | undefined)[][]) => string): string {
  const row = (name: string, f: LoadFigures, vs: number | null | undefined) => [
    name,
    f.rps,
    f.ok,
    f.p50Ms,
    f.p99Ms,
    f.serverCpuPercent,
    vs === undefined ? null : vs,
  ];
  return [
    `## lowdb rentals as a journal: ${r.connections} connections, ${r.durationSeconds} s per run`,
    "",
    "Goals: booking posts at 2,000 reservations ≥ 0.8× those at 0; contact posts beside bookings ≥ 0.8× alone.",
    "",
    table(
      ["Run", "req/s", "2xx", "p50 ms", "p99 ms", "server CPU %", "ratio"],
      [
        row("Booking posts, empty calendar", r.bookingsAtZero, undefined),
        row(`Booking posts, ${r.storedBeforeSecond.toLocaleString("en-US")} reservations`, r.bookingsAtCalendar, r.bookingsRatio),
        row("POST /api/contact alone", r.contactAlone, undefined),
        row("POST /api/contact beside bookings", r.contactBeside, r.contactRatio),
        row("Booking posts beside contact", r.bookingsBeside, undefined),
      ],
    ),
    "",
    `rentals.json ${(r.snapshotBytes / 1000).toFixed(0)} kB, rentals-journal.jsonl ${(r.journalBytes / 1000).toFixed(0)} kB after the runs.`,
  ].join("\n");
}
