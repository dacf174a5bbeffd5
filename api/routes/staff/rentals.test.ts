/**
 * The rental desk's staff API: every endpoint refuses a request without a session and a write from a
 * foreign Origin, every step checks If-Match; sales run the desk, only owners set the fleet and turnaround; an
 * account scoped to another site sees none of this one's reservations; each step is audited.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Reservation } from "../../../domain/rental-booking";
import { toLocalDateTime } from "../../../domain/local-time";
import { openAccountStore } from "../../store/account-store";
import { addAccount, call, signIn } from "../../testing/staff-client";
import { postJson, startTestServer, type TestServer } from "../../testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SALES = { email: "sales@example.com", password: "sales password 1" };
const SCOPED = { email: "cape@example.com", password: "cape password 1" };
const HOUR = 3_600_000;
const day = (days: number, hour = 10) =>
  `${toLocalDateTime(new Date(Date.now() + days * 24 * HOUR), "America/New_York").slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
const booking = (over: Record<string, unknown> = {}) => ({
  plan: "4-seater",
  start: day(20),
  end: day(23),
  delivery: { kind: "pickup" },
  drivers: 0,
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "302-555-0199",
  adult: true,
  agreement: true,
  ...over,
});

let s: TestServer;
let owner: string;
let sales: string;
let scoped: string;
beforeAll(async () => {
  s = await startTestServer();
  await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
  await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
  await openAccountStore(s.dataDir).add({ ...SCOPED, role: "sales", sites: ["cape-may"] });
  owner = await signIn(s, OWNER.email, OWNER.password);
  sales = await signIn(s, SALES.email, SALES.password);
  scoped = await signIn(s, SCOPED.email, SCOPED.password);
});
afterAll(() => s.close());

type Listed = Reservation & { etag: string };
const request = async (over: Record<string, unknown> = {}): Promise<Listed> => {
  const res = await postJson(`${s.url}/api/rentals/reservations`, booking(over));
  expect(res.status).toBe(201);
  const { reference } = (await res.json()) as { reference: string };
  const r = (await s.rentals.byReference(reference))!;
  return (await (await call(s, "GET", `/api/staff/rentals/reservations/${r.id}`, { cookie: sales })).json()) as Listed;
};
const act = (r: Pick<Listed, "id" | "etag">, action: string, cookie: string, body: unknown = {}, etag = r.etag) =>
  call(s, "POST", `/api/staff/rentals/reservations/${r.id}/${action}`, { cookie, body, headers: { "if-match": etag } });

describe("every staff rentals endpoint", () => {
  it("answers 401 without a session, and 403 to a write from a foreign Origin (before the session is looked at)", async () => {
    const r = await request();
    const reads = ["/api/staff/rentals/reservations", `/api/staff/rentals/reservations/${r.id}`, "/api/staff/rentals/settings"];
    for (const url of reads) expect((await call(s, "GET", url)).status, url).toBe(401);
    const writes: [string, string, unknown][] = [
      ...["confirm", "decline", "move", "cancel"].map((a): [string, string, unknown] => [
        "POST",
        `/api/staff/rentals/reservations/${r.id}/${a}`,
        { reason: "x", start: day(30), end: day(31) },
      ]),
      ["PUT", "/api/staff/rentals/settings", { fleet: { "4-seater": 1, "6-seater": 1, utility: 1 }, turnaroundHours: 2 }],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(s, method, url, { body, headers: { "if-match": r.etag } })).status, `${url} without a session`).toBe(401);
      const foreign = await call(s, method, url, { cookie: owner, body, origin: "https://evil.example", headers: { "if-match": r.etag } });
      expect(foreign.status, `${url} from a foreign origin`).toBe(403);
    }
    expect((await s.rentals.get(r.id))!.status).toBe("requested");
  });

  it("refuses a step with a stale If-Match (412, with the current reservation) and one without (428)", async () => {
    const r = await request();
    const confirmed = await act(r, "confirm", sales);
    expect(confirmed.status).toBe(200);
    for (const action of ["decline", "move", "cancel", "confirm"]) {
      const stale = await act(r, action, sales, { reason: "No carts", start: day(30), end: day(31) });
      expect(stale.status, action).toBe(412);
      expect(((await stale.json()) as { current: Listed }).current.status).toBe("confirmed");
    }
    expect((await call(s, "POST", `/api/staff/rentals/reservations/${r.id}/cancel`, { cookie: sales, body: {} })).status).toBe(428);
    const settings = await call(s, "GET", "/api/staff/rentals/settings", { cookie: owner });
    const etag = settings.headers.get("etag")!;
    const body = { fleet: { "4-seater": 6, "6-seater": 3, utility: 2 }, turnaroundHours: 3 };
    expect((await call(s, "PUT", "/api/staff/rentals/settings", { cookie: owner, body, headers: { "if-match": etag } })).status).toBe(200);
    const stale = await call(s, "PUT", "/api/staff/rentals/settings", { cookie: owner, body, headers: { "if-match": etag } });
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as { current: unknown }).current).toMatchObject(body);
    expect((await call(s, "PUT", "/api/staff/rentals/settings", { cookie: owner, body })).status).toBe(428);
  });
});

describe("the desk", () => {
  it("lets sales confirm, decline with a reason, move and cancel; each step is in the reservation's history and the audit", async () => {
    const a = await request({ firstName: "Confirm" });
    const confirmed = await act(a, "confirm", sales);
    expect(confirmed.status).toBe(200);
    const c = (await confirmed.json()) as Listed;
    expect(c).toMatchObject({ status: "confirmed", history: [{ action: "requested" }, { action: "confirm", by: SALES.email }] });
    expect(confirmed.headers.get("etag")).toBe(c.etag);

    const b = await request({ firstName: "Decline" });
    expect((await act(b, "decline", sales, { reason: "" })).status).toBe(400);
    const declined = (await (await act(b, "decline", sales, { reason: "No cart can reach that street" })).json()) as Listed;
    expect(declined).toMatchObject({ status: "declined", reason: "No cart can reach that street" });
    expect((await act(declined, "confirm", sales)).status).toBe(409);

    const moved = await act(c, "move", sales, { start: day(40), end: day(47) });
    expect(moved.status).toBe(200);
    const m = (await moved.json()) as Listed;
    expect(m).toMatchObject({ start: day(40), end: day(47), quote: { periods: 7, rentalPrice: 1050 } });
    expect(m.history.at(-1)).toMatchObject({ action: "move", detail: expect.stringContaining("$1,050") });

    const cancelled = (await (await act(m, "cancel", sales)).json()) as Listed;
    expect(cancelled).toMatchObject({ status: "cancelled", refund: { percent: 100, amount: 1050 } });

    const audit = (await (await call(s, "GET", "/api/staff/audit", { cookie: owner })).json()) as { entries: { action: string; fields: string[] }[] };
    const actions = audit.entries.filter((e) => e.action.startsWith("rental-") && e.fields[1] === a.reference).map((e) => e.action);
    expect(actions.sort()).toEqual(["rental-cancel", "rental-confirm", "rental-move"]);
  });

  it("moves only onto free carts (409), re-quoted, and lists a site's reservations by period and status", async () => {
    const settings = await call(s, "GET", "/api/staff/rentals/settings", { cookie: owner });
    await call(s, "PUT", "/api/staff/rentals/settings", {
      cookie: owner,
      body: { fleet: { "4-seater": 6, "6-seater": 3, utility: 1 }, turnaroundHours: 2 },
      headers: { "if-match": settings.headers.get("etag")! },
    });
    const first = await request({ plan: "utility", start: day(50), end: day(52) });
    const second = await request({ plan: "utility", start: day(60), end: day(62) });
    const clash = await act(second, "move", sales, { start: day(51), end: day(53) });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: string }).error).toContain("No Utility is free");
    const past = await act(second, "move", sales, { start: "2020-01-01T10:00", end: "2020-01-02T10:00" });
    expect(past.status).toBe(400);
    const from = new Date(Date.now() + 49 * 24 * HOUR).toISOString();
    const to = new Date(Date.now() + 55 * 24 * HOUR).toISOString();
    const listed = (await (await call(s, "GET", `/api/staff/rentals/reservations?from=${from}&to=${to}&status=requested`, { cookie: sales })).json()) as {
      reservations: Listed[];
    };
    expect(listed.reservations.map((r) => r.id)).toEqual([first.id]);
    expect((await call(s, "GET", "/api/staff/rentals/reservations?status=lost", { cookie: sales })).status).toBe(400);
  });

  it("refuses, in words, a move whose pickup or return is outside the site's rental hours, and keeps the reservation", async () => {
    const r = await request({ start: day(70), end: day(72) });
    const night = await act(r, "move", sales, { start: day(74, 3), end: day(76) });
    expect(night.status).toBe(400);
    expect(((await night.json()) as { error: string }).error).toBe("The pickup at 3 AM is outside our rental hours, 9 AM to 5 PM: choose a time within them");
    const late = await act(r, "move", sales, { start: day(74), end: day(76, 21) });
    expect(((await late.json()) as { error: string }).error).toBe("The return at 9 PM is outside our rental hours, 9 AM to 5 PM: choose a time within them");
    const kept = (await (await call(s, "GET", `/api/staff/rentals/reservations/${r.id}`, { cookie: sales })).json()) as Listed;
    expect(kept).toMatchObject({ start: r.start, end: r.end, version: r.version });
    const inHours = await act(kept, "move", sales, { start: day(74, 9), end: day(76, 17) });
    expect(inHours.status).toBe(200);
  });

  it("lets only owners set the fleet and turnaround", async () => {
    const read = await call(s, "GET", "/api/staff/rentals/settings", { cookie: sales });
    expect(read.status).toBe(200);
    const body = { fleet: { "4-seater": 9, "6-seater": 9, utility: 9 }, turnaroundHours: 1 };
    const bySales = await call(s, "PUT", "/api/staff/rentals/settings", { cookie: sales, body, headers: { "if-match": read.headers.get("etag")! } });
    expect(bySales.status).toBe(403);
    const bad = await call(s, "PUT", "/api/staff/rentals/settings", {
      cookie: owner,
      body: { ...body, turnaroundHours: -1 },
      headers: { "if-match": read.headers.get("etag")! },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.turnaroundHours).toMatch(/turnaround/);
  });

  it("keeps an account scoped to another site out of this site's desk", async () => {
    const r = await request();
    expect((await call(s, "GET", `/api/staff/rentals/reservations/${r.id}`, { cookie: scoped })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/rentals/reservations", { cookie: scoped })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/rentals/reservations?site=sussex-coast", { cookie: scoped })).status).toBe(403);
    expect((await act(r, "confirm", scoped)).status).toBe(403);
    expect((await s.rentals.get(r.id))!.status).toBe("requested");
  });
});
