import type { ChildProcess } from "node:child_process";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readStoredLeads } from "./store/lead-files";
import { readCatalogue } from "./store/catalogue-files";
import { readRentals, RENTALS_FILE, RENTALS_JOURNAL } from "./store/rental-store";
import { dayAhead } from "./testing/mail-env";
import { seedCatalogue } from "../domain/catalogue/seed";
import { addAccount } from "./testing/staff-client";
import { startServerProcess } from "./testing/server-process";
import { postJson, startTestServer, tempDataDir, validLead } from "./testing/test-server";

/** The real server entry point as its own process, so that it can be killed hard; `ready` gives its URL (free ports). */
function startProcess(dataDir: string): { child: ChildProcess; ready: Promise<string>; output: () => string } {
  const p = startServerProcess(dataDir);
  return { child: p.child, ready: p.url, output: p.output };
}

const exited = (child: ChildProcess) => new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

describe("lead durability", () => {
  // Each write waits for two fsyncs: on a busy shared machine the burst can outlast vitest's default 5 s.
  it("300 concurrent valid submissions leave exactly 300 leads in a file that parses", async () => {
    const s = await startTestServer();
    try {
      const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => postJson(`${s.url}/api/contact`, validLead({ firstName: `Visitor ${i}` }))));
      expect(responses.map((r) => r.status)).toEqual(Array(300).fill(201));
      const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
      const stored = await readStoredLeads(s.dataDir);
      expect(stored).toHaveLength(300);
      expect(new Set(stored.map((l) => l.id))).toEqual(new Set(ids));
    } finally {
      await s.close();
    }
  }, 30_000);

  it("a server killed with SIGKILL mid-burst restarts with every lead that got a 201", async () => {
    const dataDir = await tempDataDir();
    const first = startProcess(dataDir);
    children.push(first.child);
    const url = await first.ready;

    const acknowledged: string[] = [];
    let stop = false;
    let midBurst!: () => void;
    const enoughLeads = new Promise<void>((r) => (midBurst = r));
    const sender = async () => {
      while (!stop) {
        try {
          const res = await postJson(`${url}/api/contact`, validLead());
          if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
          if (acknowledged.length > 40) midBurst();
        } catch {
          return; // the server is gone
        }
      }
    };
    const senders = Array.from({ length: 20 }, sender);
    // Kill mid-burst once leads are acknowledged (an event: on a busy machine 400 ms may see none).
    await enoughLeads;
    const gone = exited(first.child);
    first.child.kill("SIGKILL");
    await gone;
    stop = true;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThan(20);

    const second = startProcess(dataDir);
    children.push(second.child);
    const secondUrl = await second.ready;
    const stored = new Set((await readStoredLeads(dataDir)).map((l) => l.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    const res = await fetch(`${secondUrl}/api/health`);
    expect(res.status).toBe(200);
  }, 30_000);

  it("refuses to start on a corrupt data file, names it and leaves it untouched", async () => {
    const dataDir = await tempDataDir();
    const file = path.join(dataDir, "leads.json");
    const corrupt = '{"leads": [ {"id": "1", ';
    await writeFile(file, corrupt);
    const p = startProcess(dataDir);
    children.push(p.child);
    const code = await exited(p.child);
    await p.ready.catch(() => {});
    expect(code).toBe(1);
    expect(p.output()).toContain(file);
    expect(p.output()).toMatch(/corrupt/);
    expect(await readFile(file, "utf8")).toBe(corrupt);
  }, 20_000);

  it("refuses a leads file whose content has the wrong shape", async () => {
    const dataDir = await tempDataDir();
    await writeFile(path.join(dataDir, "leads.json"), JSON.stringify({ leads: [{ id: 1 }] }));
    await expect(startTestServer({}, dataDir)).rejects.toThrow(/leads\.json is corrupt/);
  });

  it("20 health checks at once all answer 200: concurrent checks do not spoil each other's probe of the disk", async () => {
    const s = await startTestServer();
    try {
      const statuses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${s.url}/api/health`).then((r) => r.status)));
      expect(statuses).toEqual(Array(20).fill(200));
      // No probe file is left behind.
      expect((await readdir(s.dataDir)).filter((n) => n.startsWith(".write-check"))).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("a lead answered 500 is not stored, ever; health answers 503 with the reason until leads can be written again", async () => {
    const s = await startTestServer();
    const file = path.join(s.dataDir, "leads.json");
    const health = async () => {
      const res = await fetch(`${s.url}/api/health`);
      return { status: res.status, body: (await res.json()) as { status: string; reason?: string } };
    };
    try {
      const first = await postJson(`${s.url}/api/contact`, validLead({ firstName: "Kept" }));
      expect(first.status).toBe(201);
      expect((await health()).status).toBe(200);

      // leads.json becomes a folder: a real failure of the real write, that also happens for root (unlike chmod).
      await rename(file, `${file}.aside`);
      await mkdir(file);
      const refused = await postJson(`${s.url}/api/contact`, validLead({ firstName: "Refused" }));
      expect(refused.status).toBe(500);
      const refusal = (await refused.json()) as { error: string };
      expect(refusal.error).toMatch(/could not be saved/);
      expect(JSON.stringify(refusal)).not.toContain(s.dataDir);
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe("unavailable");
      expect(down.body.reason).toMatch(/leads cannot be written: EISDIR/);
      expect(down.body.reason).not.toContain(s.dataDir);
      // Still down on a second look: nothing has changed.
      expect((await health()).status).toBe(503);

      await rm(file, { recursive: true });
      await rename(`${file}.aside`, file);
      expect(await health()).toMatchObject({ status: 200, body: { status: "ok" } });
      const third = await postJson(`${s.url}/api/contact`, validLead({ firstName: "Later" }));
      expect(third.status).toBe(201);

      const names = (await readStoredLeads(s.dataDir)).map((l) => l.firstName);
      expect(names).toEqual(["Kept", "Later"]);
      // No temp file is left behind either.
      expect((await readdir(s.dataDir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    } finally {
      await s.close();
    }
  });
});

describe("catalogue durability", () => {
  it("a server killed with SIGKILL amid staff writes leaves a whole catalogue holding every write that got a 2xx", async () => {
    const dataDir = await tempDataDir();
    await addAccount(dataDir, "sales@example.com", "sales", "sales password 1");
    const first = startProcess(dataDir);
    children.push(first.child);
    const base = await first.ready;
    const signIn = await postJson(`${base}/api/staff/session`, { email: "sales@example.com", password: "sales password 1" });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const { id: _id, stockNumber: _stock, ...template } = seedCatalogue()[0]!;

    const created: string[] = [];
    const prices = new Map<string, number>();
    let stop = false;
    // Kill once writes are well under way (an event, not a time: the machine may be slow).
    let underWay!: () => void;
    const enoughWrites = new Promise<void>((r) => (underWay = r));
    const acknowledged = () => {
      if (created.length + prices.size >= 12 && created.length >= 6) underWay();
    };
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          if (n % 2) {
            const res = await postJson(`${base}/api/staff/vehicles`, { ...template, name: `Crash Cart ${w} ${n}` }, { cookie });
            if (res.status === 201) created.push(((await res.json()) as { id: string }).id);
            acknowledged();
          } else {
            const target = seedCatalogue()[w]!;
            const price = w * 100_000 + n;
            const res = await fetch(`${base}/api/staff/vehicles/${target.id}`, {
              method: "PUT",
              headers: { "content-type": "application/json", cookie, "if-match": "*" },
              body: JSON.stringify({ ...target, price }),
            });
            if (res.status === 200) prices.set(target.id, price);
            acknowledged();
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await enoughWrites;
    const gone = exited(first.child);
    first.child.kill("SIGKILL");
    await gone;
    stop = true;
    await Promise.all(writers);
    expect(created.length).toBeGreaterThanOrEqual(6);

    const onDisk = (await readCatalogue(dataDir))!;
    const ids = new Set(onDisk.map((v) => v.id));
    expect(created.filter((id) => !ids.has(id))).toEqual([]);
    // Writers wait for each answer, so the last acknowledged price of each vehicle is the one stored (or a later one in flight).
    for (const [id, price] of prices) expect(onDisk.find((v) => v.id === id)!.price).toBeGreaterThanOrEqual(price);

    const second = startProcess(dataDir);
    children.push(second.child);
    const secondUrl = await second.ready;
    const listed = new Set(((await (await fetch(`${secondUrl}/api/vehicles`)).json()) as { id: string }[]).map((v) => v.id));
    expect(created.filter((id) => !listed.has(id))).toEqual([]);
  }, 120_000);
});

describe("rental durability (lowdb: rentals.json and its journal)", () => {
  /**
   * A data folder whose first site has 1,000 carts of each plan: started once, then its rentals.json written as an
   * earlier release kept it (the whole store, no journal), so each test also starts on a migrated folder.
   */
  async function rentalFolder() {
    const dataDir = await tempDataDir();
    const once = startServerProcess(dataDir);
    await once.url;
    once.child.kill("SIGTERM");
    await once.exited;
    await rm(path.join(dataDir, RENTALS_JOURNAL));
    const fleet = { "4-seater": 1000, "6-seater": 1000, utility: 1000 };
    await writeFile(
      path.join(dataDir, RENTALS_FILE),
      JSON.stringify({ settings: { "sussex-coast": { fleet, turnaroundHours: 2, version: 1 } }, reservations: [], mails: [] }),
    );
    return dataDir;
  }
  const book = (base: string, n: number) =>
    postJson(`${base}/api/rentals/reservations`, {
      plan: "4-seater",
      start: dayAhead(8 + (n % 20)),
      end: dayAhead(9 + (n % 20)),
      delivery: { kind: "pickup" },
      drivers: 0,
      firstName: "Crash",
      lastName: `Renter ${n}`,
      email: `renter${n}@example.com`,
      phone: "302-555-0100",
      adult: true,
      agreement: true,
    });
  const noCap = { RENTAL_UNCONFIRMED_LIMIT: "0" };

  it("a server killed with SIGKILL amid bookings restarts with every reservation that got a 201", async () => {
    const dataDir = await rentalFolder();
    const first = startServerProcess(dataDir, noCap);
    children.push(first.child);
    const base = await first.url;
    const booked: string[] = [];
    let stop = false;
    let underWay!: () => void;
    const enough = new Promise<void>((r) => (underWay = r));
    const booker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        try {
          const res = await book(base, w * 10_000 + n);
          if (res.status === 201) booked.push(((await res.json()) as { reference: string }).reference);
          if (booked.length >= 30) underWay();
        } catch {
          return; // the server is gone
        }
      }
    };
    const bookers = Array.from({ length: 6 }, (_, w) => booker(w));
    await enough;
    first.child.kill("SIGKILL");
    await first.exited;
    stop = true;
    await Promise.all(bookers);

    const onDisk = new Set((await readRentals(dataDir))!.reservations.map((r) => r.reference));
    expect(booked.filter((ref) => !onDisk.has(ref))).toEqual([]);
    const second = startServerProcess(dataDir, noCap);
    children.push(second.child);
    await second.url;
    second.child.kill("SIGTERM");
    await second.exited;
    expect((await readRentals(dataDir))!.reservations.length).toBeGreaterThanOrEqual(booked.length);
  }, 120_000);

  it("on a disk that fills, a booking answered 500 is not kept and every one answered 201 is", async () => {
    const dataDir = await rentalFolder();
    // A first start writes the snapshot and the journal's first line; the limit applies from the second start.
    const first = startServerProcess(dataDir, noCap);
    await first.url;
    first.child.kill("SIGTERM");
    await first.exited;
    const journal = (await stat(path.join(dataDir, RENTALS_JOURNAL))).size;
    const limited = startServerProcess(dataDir, noCap, { fileSizeLimitKb: Math.ceil(journal / 1024) + 8 });
    children.push(limited.child);
    const base = await limited.url;
    const kept: string[] = [];
    const refused: string[] = [];
    for (let n = 0; n < 30; n++) {
      const res = await book(base, n);
      const body = (await res.json()) as { reference?: string; error?: string };
      if (res.status === 201) kept.push(`renter${n}@example.com`);
      else {
        expect(res.status).toBe(500);
        expect(body.error).toEqual(expect.any(String));
        refused.push(`renter${n}@example.com`);
      }
    }
    expect(kept.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    limited.child.kill("SIGTERM");
    await limited.exited;

    const renters = new Set((await readRentals(dataDir))!.reservations.map((r) => r.renter.email));
    expect(kept.filter((e) => !renters.has(e))).toEqual([]);
    expect(refused.filter((e) => renters.has(e))).toEqual([]);
  }, 120_000);
});
