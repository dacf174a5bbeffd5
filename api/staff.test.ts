import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedCatalogue } from "../domain/catalogue/seed";
import { firstSite } from "../domain/site-seed";
import { PASSWORD_MESSAGES } from "../domain/staff";
import { VehicleSchema, type Vehicle } from "../domain/vehicle";
import { addAccount, call, readTree, signIn } from "./testing/staff-client";
import { readCatalogue } from "./store/catalogue-files";
import { postJson, startTestServer, tempDataDir, validLead, type TestServer } from "./testing/test-server";

// Each sign-in costs a deliberately slow scrypt hash (about 0.1 s alone); on a busy shared machine one can take a second.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SALES = { email: "sales@example.com", password: "sales password 1" };
const FOREIGN = "https://evil.example";

let s: TestServer;
let owner: string;
let sales: string;
beforeAll(async () => {
  s = await startTestServer();
  await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
  await addAccount(s.dataDir, SALES.email, "sales", SALES.password);
  owner = await signIn(s, OWNER.email, OWNER.password);
  sales = await signIn(s, SALES.email, SALES.password);
});
afterAll(() => s.close());

/** A new vehicle as the console would send it: a seed cart under another name, without an id or the seed unit's stock number. */
const newVehicle = (name: string, over: Partial<Vehicle> = {}) => {
  const { id: _id, stockNumber: _stock, ...rest } = seedCatalogue()[0]!;
  return { ...rest, name, ...over };
};
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const publicIds = async () => (await json<Vehicle[]>(await fetch(`${s.url}/api/vehicles`))).map((v) => v.id);

describe("POST /api/staff/session", () => {
  it("signs in: 200 { email, role } and an HttpOnly, SameSite=Strict session cookie of at least 128 random bits", async () => {
    const res = await call(s, "POST", "/api/staff/session", { body: { email: "Owner@Example.com", password: OWNER.password } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: OWNER.email, role: "owner", leadMail: false });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^gc_staff=[A-Za-z0-9_-]{43,};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const wrong = await call(s, "POST", "/api/staff/session", { body: { email: SALES.email, password: "not the password" } });
    const unknown = await call(s, "POST", "/api/staff/session", { body: { email: "nobody@example.com", password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Wrong e-mail or password" });
    expect(await unknown.json()).toEqual({ error: "Wrong e-mail or password" });
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  it("answers 400 naming the fields when the body lacks them", async () => {
    const res = await call(s, "POST", "/api/staff/session", { body: { email: OWNER.email } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty("password");
  });

  it("sets a Secure cookie when PUBLIC_ORIGIN is https", async () => {
    const https = await startTestServer({ PUBLIC_ORIGIN: "https://carts.example" });
    try {
      await addAccount(https.dataDir, OWNER.email, "owner", OWNER.password);
      const res = await call(https, "POST", "/api/staff/session", { body: OWNER });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});

describe("GET and DELETE /api/staff/session", () => {
  it("answers who is signed in, then nothing once signed out: the old cookie is dead", async () => {
    const cookie = await signIn(s, SALES.email, SALES.password);
    const me = await call(s, "GET", "/api/staff/session", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ email: SALES.email, role: "sales", leadMail: false });

    const out = await call(s, "DELETE", "/api/staff/session", { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/^gc_staff=;.*Expires=Thu, 01 Jan 1970/);
    const after = await call(s, "GET", "/api/staff/session", { cookie });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Please sign in" });
    expect((await call(s, "GET", "/api/staff/vehicles", { cookie })).status).toBe(401);
  });

  it("answers 401 to a made-up cookie", async () => {
    const res = await call(s, "GET", "/api/staff/session", { cookie: "gc_staff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(res.status).toBe(401);
  });
});

/** Every staff endpoint, with a body that would succeed. */
const ENDPOINTS: { method: string; url: string; body?: unknown }[] = [
  { method: "GET", url: "/api/staff/session" },
  { method: "DELETE", url: "/api/staff/session" },
  { method: "GET", url: "/api/staff/vehicles" },
  { method: "GET", url: "/api/staff/vehicles/denago-ev-city" },
  { method: "POST", url: "/api/staff/vehicles", body: newVehicle("Guarded Cart") },
  { method: "PUT", url: "/api/staff/vehicles/denago-ev-nomad", body: { ...seedCatalogue()[1], price: 1 } },
  { method: "PATCH", url: "/api/staff/vehicles/denago-ev-nomad", body: { changes: { price: 2 }, base: { price: seedCatalogue()[1]!.price } } },
  { method: "DELETE", url: "/api/staff/vehicles/denago-ev-rover-xl" },
  // The guards answer before the body is read; api/photos.test.ts sends a real photo to both.
  { method: "POST", url: "/api/staff/vehicles/denago-ev-city/photos" },
  { method: "GET", url: "/api/staff/audit" },
  { method: "GET", url: "/api/staff/accounts" },
  { method: "GET", url: "/api/staff/accounts/waiting" },
  { method: "POST", url: "/api/staff/accounts", body: { email: "new@example.com", role: "sales", password: "a long password" } },
  { method: "DELETE", url: `/api/staff/accounts/${SALES.email}` },
  { method: "POST", url: `/api/staff/accounts/${SALES.email}/password-reset` },
  { method: "POST", url: `/api/staff/accounts/${SALES.email}/unlock` },
  { method: "POST", url: "/api/staff/session/password", body: { password: "a new long password" } },
  { method: "GET", url: "/api/staff/origins" },
  { method: "PUT", url: "/api/staff/origins", body: { added: ["https://partner.example"] } },
  { method: "GET", url: "/api/staff/sites" },
  { method: "POST", url: "/api/staff/sites", body: { ...firstSite(), id: "guarded", domains: ["guarded.localhost"] } },
  { method: "GET", url: "/api/staff/sites/sussex-coast" },
  { method: "GET", url: "/api/staff/sites/sussex-coast/widgets" },
  { method: "PUT", url: "/api/staff/sites/sussex-coast", body: { ...firstSite(), name: "Guarded" } },
  { method: "DELETE", url: "/api/staff/sites/sussex-coast?force=1" },
  // A trade-in's photo (api/routes/trade-in.test.ts stores one and reads it back with a session).
  { method: "GET", url: "/api/staff/leads/any-lead/trade-in-photos/1" },
];
const WRITES = ENDPOINTS.filter((e) => e.method !== "GET");

describe("every staff endpoint", () => {
  it.each(ENDPOINTS)("$method $url without a session: 401 JSON, no-store", async ({ method, url, body }) => {
    const headers = method === "PUT" || method === "PATCH" ? { "if-match": "*" } : undefined;
    const res = await call(s, method, url, { body, headers });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "Please sign in" });
  });

  it.each(WRITES)("$method $url from a foreign Origin, with the owner's cookie: 403, nothing changed", async ({ method, url, body }) => {
    const before = await readTree(s.dataDir);
    const publicBefore = await fetch(`${s.url}/api/vehicles`);
    for (const origin of [FOREIGN, "null", `http://localhost:1`]) {
      const res = await call(s, method, url, { cookie: owner, origin, body, headers: { "if-match": "*" } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Staff changes are accepted only from the dealership's own site" });
    }
    // No Origin but a cross-site fetch, as Sec-Fetch-Site tells.
    const res = await call(s, method, url, { cookie: owner, origin: null, body, headers: { "if-match": "*", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await readTree(s.dataDir)).toEqual(before);
    expect((await fetch(`${s.url}/api/vehicles`)).headers.get("etag")).toBe(publicBefore.headers.get("etag"));
    expect((await call(s, "GET", "/api/staff/session", { cookie: owner })).status).toBe(200);
  });

  it.each(ENDPOINTS.filter((e) => e.method === "GET"))("GET $url from a foreign Origin: no CORS header, so the page cannot read it", async ({ url }) => {
    const res = await call(s, "GET", url, { cookie: owner, origin: FOREIGN });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("signing in from a foreign Origin is 403, even with the right password", async () => {
    const res = await call(s, "POST", "/api/staff/session", { origin: FOREIGN, body: OWNER });
    expect(res.status).toBe(403);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("accepts writes from the site's own origin and its 127.0.0.1 twin, and from scripts that send no Origin", async () => {
    for (const origin of [s.origin, s.origin.replace("localhost", "127.0.0.1"), null]) {
      const res = await call(s, "PUT", "/api/staff/origins", { cookie: owner, origin, body: { added: [] } });
      expect(res.status).toBe(200);
    }
    const sameOrigin = await call(s, "PUT", "/api/staff/origins", {
      cookie: owner,
      origin: null,
      body: { added: [] },
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });
});

describe("staff vehicles", () => {
  it("GET /api/staff/vehicles lists every vehicle, sold ones included", async () => {
    const created = await json<Vehicle>(
      await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Sold Listing Cart", { status: "sold" }) }),
    );
    const res = await call(s, "GET", "/api/staff/vehicles", { cookie: sales });
    expect(res.status).toBe(200);
    const { vehicles } = await json<{ vehicles: Vehicle[] }>(res);
    expect(vehicles.find((v) => v.id === created.id)?.status).toBe("sold");
    expect(await publicIds()).not.toContain(created.id);
  });

  it("GET /api/staff/vehicles/:id answers the vehicle with its ETag, or 404", async () => {
    const res = await call(s, "GET", "/api/staff/vehicles/denago-ev-city", { cookie: sales });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(((await res.json()) as Vehicle).status).toBe("available");
    const missing = await call(s, "GET", "/api/staff/vehicles/no-such-cart", { cookie: sales });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Vehicle not found: no-such-cart" });
  });

  it("POST creates a vehicle whose id comes from its name: 201, ETag, Location, on disk and in the public list", async () => {
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("EVolution Classic 4 Plus 2+2 Demo") });
    expect(res.status).toBe(201);
    const v = await json<Vehicle>(res);
    expect(v.id).toBe("evolution-classic-4-plus-2-plus-2-demo");
    expect(res.headers.get("location")).toBe(`/api/staff/vehicles/${v.id}`);
    expect(res.headers.get("etag")).toMatch(/^"/);
    const onDisk = { vehicles: (await readCatalogue(s.dataDir))! };
    expect(onDisk.vehicles.find((x) => x.id === v.id)?.name).toBe("EVolution Classic 4 Plus 2+2 Demo");
    expect(await publicIds()).toContain(v.id);
    expect((await fetch(`${s.url}/api/vehicles/${v.id}`)).status).toBe(200);
  });

  it("POST answers 400 naming each bad field in the core schema's words, and stores nothing", async () => {
    const before = await readTree(s.dataDir);
    const body = { ...newVehicle("Bad Cart"), price: -5, specifications: { seatingCapacity: 0, range: "40 miles" }, status: "gone" };
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body });
    expect(res.status).toBe(400);
    const { error, fields } = await json<{ error: string; fields: Record<string, string> }>(res);
    expect(error).toBe("Please correct the highlighted fields.");
    const expected = VehicleSchema.safeParse({ ...body, id: "bad-cart" });
    expect(Object.keys(fields).sort()).toEqual(["price", "specifications.seatingCapacity", "status"]);
    expect(fields.price).toBe(expected.error!.issues.find((i) => i.path[0] === "price")!.message);
    expect(await readTree(s.dataDir)).toEqual(before);
  });

  it.each([
    ["a price with cents", { price: 7995.99 }, "price", "Price must be a whole number of dollars from $1 to $250,000"],
    ["a zero price", { price: 0 }, "price", "Price must be a whole number of dollars from $1 to $250,000"],
    [
      "a 250-seat cart",
      { specifications: { seatingCapacity: 250, range: "40 miles" } },
      "specifications.seatingCapacity",
      "Seating capacity must be a whole number of seats from 1 to 14",
    ],
  ])("POST answers 400 with the rule in words for %s", async (_what, patch, field, message) => {
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: { ...newVehicle("Odd Cart"), ...patch } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ [field]: message });
  });

  it("POST stores a cart sent as used with its NEW flag ticked as used, and serves it as not new", async () => {
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: { ...newVehicle("Used Demo Cart"), condition: "used", isNew: true } });
    expect(res.status).toBe(201);
    const served = await json<Vehicle>(await fetch(`${s.url}/api/vehicles/used-demo-cart`));
    expect([served.condition, served.isNew]).toEqual(["used", false]);
  });

  it("POST answers 400 on the name when no id can be derived from it", async () => {
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("!!! ???") });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ name: "The name needs at least one letter or digit" });
  });

  it.each([
    ["/photos/0123456789abcdef0123-800x600.jpg", "This photo is not stored here: upload it instead"],
    ["https://cdn.example/cart.jpg", "must be an uploaded photo or one of the site's images (/images/…): other paths and other sites' images cannot be shown"],
    ["//cdn.example/cart.jpg", "must be an uploaded photo or one of the site's images (/images/…): other paths and other sites' images cannot be shown"],
    ["images/cart.svg", "must be an uploaded photo or one of the site's images (/images/…): other paths and other sites' images cannot be shown"],
  ])("POST refuses the image %j, which the site cannot show, and stores nothing", async (image, message) => {
    const before = await readTree(s.dataDir);
    const res = await call(s, "POST", "/api/staff/vehicles", {
      cookie: sales,
      body: newVehicle("Unshowable Cart", { images: ["/images/vehicles/denago-ev-city.svg", image] }),
    });
    expect(res.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(res)).fields).toEqual({ "images.1": message });
    expect(await readTree(s.dataDir)).toEqual(before);
  });

  it("PUT refuses another site's image URL by its place in the list", async () => {
    const get = await call(s, "GET", "/api/staff/vehicles/denago-ev-city", { cookie: sales });
    const v = await json<Vehicle>(get);
    const res = await call(s, "PUT", "/api/staff/vehicles/denago-ev-city", {
      cookie: sales,
      headers: { "if-match": get.headers.get("etag")! },
      body: { ...v, images: [...v.images, "https://cdn.example/cart.jpg"] },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json<{ fields: Record<string, string> }>(res)).fields)).toEqual([`images.${v.images.length}`]);
  });

  it("a catalogue stored with another site's image URL (as earlier versions took) still loads", async () => {
    const dataDir = await tempDataDir();
    const [first, ...rest] = seedCatalogue();
    const external = "https://cdn.example/cart.jpg";
    await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: [{ ...first, images: [...first!.images, external] }, ...rest] }));
    const old = await startTestServer({}, dataDir);
    try {
      expect((await json<Vehicle>(await fetch(`${old.url}/api/vehicles/${first!.id}`))).images).toContain(external);
    } finally {
      await old.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("POST answers 409 when the id (or a link form of it) is taken", async () => {
    const taken = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Denago EV City") });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toMatch(/denago-ev-city/);
    // "ev-city" is the link key of denago-ev-city.
    const clash = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("EV City") });
    expect(clash.status).toBe(409);
  });

  it("POST without an id makes it from the model and stock number: a second unit of a model is added; a taken stock number is named under stockNumber", async () => {
    const first = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Onward 4 Passenger", { stockNumber: "N-3018" }) });
    expect(first.status).toBe(201);
    expect((await json<Vehicle>(first)).id).toBe("onward-4-passenger-n-3018");
    const second = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Onward 4 Passenger", { stockNumber: "N-3019" }) });
    expect(second.status).toBe(201);
    expect((await json<Vehicle>(second)).id).toBe("onward-4-passenger-n-3019");
    const again = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Onward 4 Passenger", { stockNumber: "n-3019" }) });
    expect(again.status).toBe(409);
    const message = "Stock number n-3019 is already on Onward 4 Passenger (onward-4-passenger-n-3019)";
    expect(await json(again)).toEqual({ error: message, fields: { stockNumber: message } });
  });

  it("POST refuses a unit whose VIN fails its check digit, in words, and stores nothing", async () => {
    const before = await readTree(s.dataDir);
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Mistyped VIN Cart", { vin: "1M8GDM9A1KP042788" }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "Please correct the highlighted fields.",
      fields: { vin: 'This VIN\'s check digit (9th character) is "1" but its other characters give "X": a character is mistyped' },
    });
    expect(await readTree(s.dataDir)).toEqual(before);
  });

  it("POST refuses a location that is none of the deployment's sites, naming them", async () => {
    const res = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Lost Lot Cart", { location: "atlantis" }) });
    expect(res.status).toBe(400);
    expect((await json<{ fields: Record<string, string> }>(res)).fields).toEqual({
      location: `Location must be the id of one of this deployment's sites (${firstSite().id}); "atlantis" is none`,
    });
  });

  it("POST and PATCH keep a unit's fields, and refuse a stock number another unit holds (409, naming it)", async () => {
    const unit = {
      stockNumber: "U-7001",
      vin: "1M8GDM9AXKP042788",
      year: 2024,
      color: "Champagne",
      hours: 35,
      streetLegal: true,
      cost: 6_100,
      receivedAt: "2026-09-01",
      location: firstSite().id,
    };
    const created = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Lot Unit 7001", { condition: "used", ...unit }) });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject(unit);

    const dup = await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Lot Unit 7002", { stockNumber: "u-7001" }) });
    expect(dup.status).toBe(409);
    const message = "Stock number u-7001 is already on Lot Unit 7001 (lot-unit-7001-u-7001)";
    expect(await dup.json()).toEqual({ error: message, fields: { stockNumber: message } });

    const city = await call(s, "GET", "/api/staff/vehicles/denago-ev-city", { cookie: sales });
    const { stockNumber, color } = await json<Vehicle>(city);
    const patch = (changes: Record<string, unknown>, base: Record<string, unknown>) =>
      call(s, "PATCH", "/api/staff/vehicles/denago-ev-city", { cookie: sales, headers: { "if-match": city.headers.get("etag")! }, body: { changes, base } });
    const clash = await patch({ stockNumber: "U-7001" }, { stockNumber });
    expect(clash.status).toBe(409);
    expect((await json<{ fields: Record<string, string> }>(clash)).fields).toEqual({
      stockNumber: "Stock number U-7001 is already on Lot Unit 7001 (lot-unit-7001-u-7001)",
    });
    const saved = await patch({ color: "Sky Blue", cost: 11_000 }, { color, cost: null });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ stockNumber, color: "Sky Blue", cost: 11_000 });
  });

  it("PUT replaces with If-Match: 200 and a new ETag; the public list and vehicle follow at once with a new ETag", async () => {
    const get = await call(s, "GET", "/api/staff/vehicles/denago-ev-nomad-xl", { cookie: sales });
    const etag = get.headers.get("etag")!;
    const listEtag = (await fetch(`${s.url}/api/vehicles`)).headers.get("etag");
    const changed: string[] = [];
    const off = s.vehicles.onChange((c) => changed.push(`${c.action} ${"vehicle" in c ? c.vehicle.id : ""}`));
    const v = await json<Vehicle>(get);
    const res = await call(s, "PUT", "/api/staff/vehicles/denago-ev-nomad-xl", { cookie: sales, body: { ...v, price: 12_345 }, headers: { "if-match": etag } });
    off();
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(etag);
    expect(((await res.json()) as Vehicle).price).toBe(12_345);
    expect(changed).toEqual(["update denago-ev-nomad-xl"]);
    const list = await fetch(`${s.url}/api/vehicles`);
    expect(list.headers.get("etag")).not.toBe(listEtag);
    expect(((await list.json()) as Vehicle[]).find((x) => x.id === "denago-ev-nomad-xl")?.price).toBe(12_345);
    // The fast path (canonical URL) and Express (slug form) both serve the new price.
    expect(((await (await fetch(`${s.url}/api/vehicles/denago-ev-nomad-xl`)).json()) as Vehicle).price).toBe(12_345);
    expect(((await (await fetch(`${s.url}/api/vehicles/Denago%20EV%20Nomad%20XL`)).json()) as Vehicle).price).toBe(12_345);
  });

  it("PUT answers 412 with the current vehicle and its ETag when someone changed it since; nothing is lost", async () => {
    const get = await call(s, "GET", "/api/staff/vehicles/denago-ev-rover-xl6", { cookie: sales });
    const stale = get.headers.get("etag")!;
    const v = await json<Vehicle>(get);
    const first = await call(s, "PUT", "/api/staff/vehicles/denago-ev-rover-xl6", {
      cookie: owner,
      body: { ...v, price: 20_000 },
      headers: { "if-match": stale },
    });
    expect(first.status).toBe(200);
    const second = await call(s, "PUT", "/api/staff/vehicles/denago-ev-rover-xl6", { cookie: sales, body: { ...v, price: 1 }, headers: { "if-match": stale } });
    expect(second.status).toBe(412);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const body = await json<{ error: string; current: Vehicle }>(second);
    expect(body.error).toMatch(/changed by someone else/);
    expect(body.current.price).toBe(20_000);
    expect((await json<Vehicle>(await call(s, "GET", "/api/staff/vehicles/denago-ev-rover-xl6", { cookie: sales }))).price).toBe(20_000);
  });

  it("PUT answers 428 without If-Match, 404 for an unknown id, 400 for a bad body or a changed id", async () => {
    const v = await json<Vehicle>(await call(s, "GET", "/api/staff/vehicles/denago-ev-rover-xxl", { cookie: sales }));
    const noMatch = await call(s, "PUT", "/api/staff/vehicles/denago-ev-rover-xxl", { cookie: sales, body: v });
    expect(noMatch.status).toBe(428);
    expect(((await noMatch.json()) as { error: string }).error).toMatch(/If-Match/);
    expect((await call(s, "PUT", "/api/staff/vehicles/no-such-cart", { cookie: sales, body: v, headers: { "if-match": "*" } })).status).toBe(404);
    const bad = await call(s, "PUT", "/api/staff/vehicles/denago-ev-rover-xxl", { cookie: sales, body: { ...v, name: "" }, headers: { "if-match": "*" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: object }).fields).toHaveProperty("name");
    const moved = await call(s, "PUT", "/api/staff/vehicles/denago-ev-rover-xxl", {
      cookie: sales,
      body: { ...v, id: "elsewhere" },
      headers: { "if-match": "*" },
    });
    expect(moved.status).toBe(400);
    expect(((await moved.json()) as { fields: object }).fields).toHaveProperty("id");
  });

  it("DELETE answers 204, then the vehicle is gone everywhere; 404 for an unknown id", async () => {
    const created = await json<Vehicle>(await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Short Lived Cart") }));
    const res = await call(s, "DELETE", `/api/staff/vehicles/${created.id}`, { cookie: sales });
    expect(res.status).toBe(204);
    expect((await call(s, "GET", `/api/staff/vehicles/${created.id}`, { cookie: sales })).status).toBe(404);
    expect((await fetch(`${s.url}/api/vehicles/${created.id}`)).status).toBe(404);
    expect(await publicIds()).not.toContain(created.id);
    expect((await call(s, "DELETE", `/api/staff/vehicles/${created.id}`, { cookie: sales })).status).toBe(404);
  });

  it("a vehicle marked sold leaves the public list (new ETag) and its API answer is 410; on hold stays listed", async () => {
    const id = "evolution-turfman-200";
    const get = await call(s, "GET", `/api/staff/vehicles/${id}`, { cookie: sales });
    const v = await json<Vehicle>(get);
    const before = await fetch(`${s.url}/api/vehicles`);
    const hold = await call(s, "PUT", `/api/staff/vehicles/${id}`, {
      cookie: sales,
      body: { ...v, status: "on-hold" },
      headers: { "if-match": get.headers.get("etag")! },
    });
    expect(hold.status).toBe(200);
    const held = await fetch(`${s.url}/api/vehicles`);
    expect(held.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(((await held.json()) as Vehicle[]).find((x) => x.id === id)?.status).toBe("on-hold");

    const sold = await call(s, "PUT", `/api/staff/vehicles/${id}`, {
      cookie: sales,
      body: { ...v, status: "sold" },
      headers: { "if-match": hold.headers.get("etag")! },
    });
    expect(sold.status).toBe(200);
    const after = await fetch(`${s.url}/api/vehicles`);
    expect(after.headers.get("etag")).not.toBe(held.headers.get("etag"));
    expect(((await after.json()) as Vehicle[]).map((x) => x.id)).not.toContain(id);
    const gone = await fetch(`${s.url}/api/vehicles/${id}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: `Vehicle sold: ${id}` });
    // A client holding the old list's ETag gets the new list, not a 304.
    expect((await fetch(`${s.url}/api/vehicles`, { headers: { "if-none-match": held.headers.get("etag")! } })).status).toBe(200);
  });
});

describe("GET /api/staff/audit", () => {
  it("lists who changed what, newest first, with the fields changed; limit picks the most recent", async () => {
    const created = await json<Vehicle>(await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle("Audited Cart") }));
    const get = await call(s, "GET", `/api/staff/vehicles/${created.id}`, { cookie: owner });
    await call(s, "PUT", `/api/staff/vehicles/${created.id}`, {
      cookie: owner,
      body: { ...created, price: 999, specifications: { ...created.specifications, range: "99 miles" } },
      headers: { "if-match": get.headers.get("etag")! },
    });
    await call(s, "DELETE", `/api/staff/vehicles/${created.id}`, { cookie: sales });
    const res = await call(s, "GET", "/api/staff/audit?limit=3", { cookie: sales });
    expect(res.status).toBe(200);
    const { entries } = await json<{ entries: { at: string; email: string; action: string; vehicleId: string; fields: string[] }[] }>(res);
    expect(entries.map((e) => [e.action, e.email, e.vehicleId])).toEqual([
      ["delete", SALES.email, created.id],
      ["update", OWNER.email, created.id],
      ["create", SALES.email, created.id],
    ]);
    expect(entries[1]!.fields).toEqual(["price", "specifications.range"]);
    expect(entries[2]!.fields).toEqual(expect.arrayContaining(["name", "price", "status"]));
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[2]!.at));
  });

  it("answers 400 to a bad limit", async () => {
    const res = await call(s, "GET", "/api/staff/audit?limit=lots", { cookie: sales });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/limit/);
  });

  it("pages with next and before, and filters by vehicle, person and kind", async () => {
    const made = await Promise.all(
      ["Paged Cart A", "Paged Cart B"].map(async (n) => json<Vehicle>(await call(s, "POST", "/api/staff/vehicles", { cookie: sales, body: newVehicle(n) }))),
    );
    const [a, b] = made as [Vehicle, Vehicle];
    for (const price of [11_001, 11_002]) {
      const got = await call(s, "GET", `/api/staff/vehicles/${a.id}`, { cookie: owner });
      await call(s, "PUT", `/api/staff/vehicles/${a.id}`, {
        cookie: owner,
        body: { ...(await json<Vehicle>(got)), price },
        headers: { "if-match": got.headers.get("etag")! },
      });
    }
    type Page = { entries: { action: string; email: string; vehicleId: string | null }[]; next: number | null };
    const page = async (query: string) => json<Page>(await call(s, "GET", `/api/staff/audit?${query}`, { cookie: sales }));
    const first = await page(`vehicle=${a.id}&limit=2`);
    expect(first.entries.map((e) => [e.action, e.email])).toEqual([
      ["update", OWNER.email],
      ["update", OWNER.email],
    ]);
    const second = await page(`vehicle=${a.id}&limit=2&before=${first.next}`);
    expect([second.entries.map((e) => [e.action, e.email]), second.next]).toEqual([[["create", SALES.email]], null]);
    expect((await page(`vehicle=${b.id}`)).entries.map((e) => e.action)).toEqual(["create"]);
    const byOwner = await page(`who=${encodeURIComponent(OWNER.email.toUpperCase())}&kind=vehicles&limit=2`);
    expect(byOwner.entries.map((e) => [e.email, e.vehicleId])).toEqual([
      [OWNER.email, a.id],
      [OWNER.email, a.id],
    ]);
    expect((await page("kind=leads&limit=1000")).entries.every((e) => e.action.startsWith("lead-"))).toBe(true);
    for (const bad of ["kind=everything", "before=soon"]) expect((await call(s, "GET", `/api/staff/audit?${bad}`, { cookie: sales })).status).toBe(400);
  });
});

describe("accounts (owner only)", () => {
  it("sales gets 403 on accounts and origins", async () => {
    for (const [method, url, body] of [
      ["GET", "/api/staff/accounts"],
      ["GET", "/api/staff/accounts/waiting"],
      ["POST", "/api/staff/accounts", { email: "x@example.com", role: "sales", password: "a long password" }],
      ["DELETE", `/api/staff/accounts/${OWNER.email}`],
      ["POST", `/api/staff/accounts/${OWNER.email}/password-reset`],
      ["POST", `/api/staff/accounts/${OWNER.email}/unlock`],
      ["GET", "/api/staff/origins"],
      ["PUT", "/api/staff/origins", { added: [] }],
    ] as const) {
      const res = await call(s, method, url, { cookie: sales, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(await res.json()).toEqual({ error: "Only the owner may do this" });
    }
  });

  it("the owner lists, adds (201, 400, 409) and removes (204, 404, 400 for oneself) accounts; a removed account's session dies", async () => {
    const list = await call(s, "GET", "/api/staff/accounts", { cookie: owner });
    expect(list.status).toBe(200);
    const { accounts } = await json<{ accounts: Record<string, unknown>[] }>(list);
    expect(accounts.map((a) => a.email)).toEqual(expect.arrayContaining([OWNER.email, SALES.email]));
    expect(Object.keys(accounts[0]!).sort()).toEqual(["createdAt", "email", "mustChangePassword", "role"]);

    const temp = { email: "temp@example.com", role: "sales", password: "tangerine password" };
    const added = await call(s, "POST", "/api/staff/accounts", { cookie: owner, body: temp });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ email: temp.email, role: "sales", createdAt: expect.any(String) });
    expect((await call(s, "POST", "/api/staff/accounts", { cookie: owner, body: temp })).status).toBe(409);
    const short = await call(s, "POST", "/api/staff/accounts", { cookie: owner, body: { ...temp, email: "b@example.com", password: "short" } });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { fields: Record<string, string> }).fields.password).toBe("Password must be at least 12 characters");
    for (const [password, message] of [
      [" ".repeat(12), PASSWORD_MESSAGES.repeated],
      ["aaaaaaaaaaaa", PASSWORD_MESSAGES.repeated],
      ["123456789012", PASSWORD_MESSAGES.sequence],
      ["P@ssword2026", PASSWORD_MESSAGES.common],
      ["weak.b@example.com is me", PASSWORD_MESSAGES.email],
    ]) {
      const weak = await call(s, "POST", "/api/staff/accounts", { cookie: owner, body: { ...temp, email: "weak.b@example.com", password } });
      expect([weak.status, ((await weak.json()) as { fields: Record<string, string> }).fields.password]).toEqual([400, message]);
    }

    const tempCookie = await signIn(s, temp.email, temp.password);
    expect((await call(s, "DELETE", `/api/staff/accounts/${temp.email}`, { cookie: owner })).status).toBe(204);
    expect((await call(s, "GET", "/api/staff/session", { cookie: tempCookie })).status).toBe(401);
    expect((await call(s, "DELETE", `/api/staff/accounts/${temp.email}`, { cookie: owner })).status).toBe(404);
    const self = await call(s, "DELETE", `/api/staff/accounts/${OWNER.email}`, { cookie: owner });
    expect(self.status).toBe(400);
    expect(((await self.json()) as { error: string }).error).toMatch(/your own account/);
  });
});

describe("partner origins (owner only)", () => {
  it("an origin the owner adds may post leads at once; once removed it may not; bad origins are named", async () => {
    const partner = "https://marina.example";
    expect((await postJson(`${s.url}/api/contact`, validLead(), { origin: partner })).status).toBe(403);
    const got = await json<{ startup: string[]; added: string[] }>(await call(s, "GET", "/api/staff/origins", { cookie: owner }));
    expect(got.startup).toEqual(expect.arrayContaining([s.origin]));

    const put = await call(s, "PUT", "/api/staff/origins", { cookie: owner, body: { added: [partner, `${partner}/`] } });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ site: "sussex-coast", startup: got.startup, added: [partner] });
    expect(JSON.parse(await readFile(path.join(s.dataDir, "partner-origins.json"), "utf8"))).toEqual({ added: [partner] });
    expect((await postJson(`${s.url}/api/contact`, validLead(), { origin: partner })).status).toBe(201);

    const bad = await call(s, "PUT", "/api/staff/origins", { cookie: owner, body: { added: [partner, "https://x.example/path"] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/https:\/\/x\.example\/path/);

    expect((await call(s, "PUT", "/api/staff/origins", { cookie: owner, body: { added: [] } })).status).toBe(200);
    expect((await postJson(`${s.url}/api/contact`, validLead(), { origin: partner })).status).toBe(403);

    // The history tells an addition from a removal.
    const { entries } = await json<{ entries: { action: string; changes?: unknown }[] }>(await call(s, "GET", "/api/staff/audit", { cookie: owner }));
    expect(entries.filter((e) => e.action === "origins-update").slice(0, 2)).toMatchObject([
      { changes: [{ field: "origin", from: partner, to: null }] },
      { changes: [{ field: "origin", from: null, to: partner }] },
    ]);
  });

  it.each(["https://*.test", "https://*.partner.example", "ftp://x.example", "ws://x.example", "file:///etc", "https://part ner.example"])(
    "%s is refused by name, and nothing is added",
    async (bad) => {
      const res = await call(s, "PUT", "/api/staff/origins", { cookie: owner, body: { added: ["https://marina.example", bad] } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(`Not an origin: ${JSON.stringify(bad)}`);
      expect((await json<{ added: string[] }>(await call(s, "GET", "/api/staff/origins", { cookie: owner }))).added).toEqual([]);
    },
  );

  it("an origin already allowed at start-up is refused with that reason, and nothing is added", async () => {
    const res = await call(s, "PUT", "/api/staff/origins", { cookie: owner, body: { added: ["https://marina.example", `${s.origin}/`] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      `Already allowed at start-up (the site, the demo pages or ALLOWED_ORIGINS): ${s.origin}. Nothing to add.`,
    );
    expect((await json<{ added: string[] }>(await call(s, "GET", "/api/staff/origins", { cookie: owner }))).added).toEqual([]);
  });
});
