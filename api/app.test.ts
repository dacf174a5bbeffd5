import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES } from "../domain/contact";
import facts from "../domain/catalogue/catalogue-facts.json" with { type: "json" };
import { seedCatalogue } from "../domain/catalogue/seed";
import { readStoredLeads } from "./store/lead-files";
import { postJson, startTestServer, tempDataDir, validLead, type TestServer } from "./testing/test-server";

const PARTNER = "https://resort.example";
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ ALLOWED_ORIGINS: PARTNER });
});
afterAll(() => s.close());

/** Every lead the server has stored. */
const readLeads = () => readStoredLeads(s.dataDir);

describe("GET /api/vehicles", () => {
  it("answers the catalogue as gzip JSON with an ETag, open to any origin", async () => {
    const res = await fetch(`${s.url}/api/vehicles`, { headers: { "accept-encoding": "gzip", origin: "https://anywhere.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    // Revalidated on every use, so no browser shows a price the staff have changed since.
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const vehicles = (await res.json()) as { id: string; price: number }[];
    expect(vehicles).toHaveLength(facts.vehicles.length);
    expect(vehicles.find((v) => v.id === "denago-ev-city")?.price).toBe(15000);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const etag = (await fetch(`${s.url}/api/vehicles`)).headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const res = await fetch(`${s.url}/api/vehicles`, { headers: { "if-none-match": etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
  });

  it("sends plain JSON to a client that takes no gzip", async () => {
    const res = await fetch(`${s.url}/api/vehicles`, { headers: { "accept-encoding": "identity" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Array.isArray(await res.json())).toBe(true);
  });
});

describe("GET /api/vehicles/:id", () => {
  it.each([
    ["evolution-d6-max-xt4", "evolution-d6-max-xt4"],
    ["d6-max-xt4", "evolution-d6-max-xt4"],
    ["d5-ranger-2+2", "evolution-d5-ranger-2-plus-2"],
    ["denago-ev-city", "denago-ev-city"],
  ])("%s → %s", async (slug, id) => {
    const res = await fetch(`${s.url}/api/vehicles/${slug}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(id);
  });

  it("answers 404 with a JSON error for an unknown id", async () => {
    const res = await fetch(`${s.url}/api/vehicles/no-such-cart`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Vehicle not found: no-such-cart" });
  });
});

describe("errors are JSON", () => {
  it.each(["/api/nope", "/api/vehicles/a/b", "/api"])("unknown path %s → 404", async (p) => {
    const res = await fetch(`${s.url}${p}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Not found/);
  });
});

describe("POST /api/contact", () => {
  it("stores a valid lead on disk and answers 201 { id }", async () => {
    const res = await postJson(`${s.url}/api/contact`, validLead({ source: "spring-landing" }), { origin: PARTNER });
    expect(res.status).toBe(201);
    expect(res.headers.get("access-control-allow-origin")).toBe(PARTNER);
    const { id } = (await res.json()) as { id: string };
    const lead = (await readLeads()).find((l) => l.id === id);
    expect(lead).toMatchObject({ ...validLead(), origin: PARTNER, source: "spring-landing" });
    expect(Date.parse(String(lead?.createdAt))).not.toBeNaN();
  });

  it("defaults interest to sales", async () => {
    const { interest: _i, ...rest } = validLead();
    const { id } = (await (await postJson(`${s.url}/api/contact`, rest)).json()) as { id: string };
    expect((await readLeads()).find((l) => l.id === id)?.interest).toBe("sales");
  });

  it.each([
    ["firstName", { firstName: "" }, CONTACT_MESSAGES.firstName],
    ["firstName", { firstName: "   " }, CONTACT_MESSAGES.firstName],
    ["lastName", { lastName: "" }, CONTACT_MESSAGES.lastName],
    ["email", { email: "not-an-email" }, "Invalid email address"],
    ["email", { email: "  " }, "Invalid email address"],
    ["email", { email: "" }, "Invalid email address"],
    ["phone", { phone: "" }, "Phone number is required"],
    ["phone", { phone: "555-0101" }, "Phone number is required"],
    ["phone", { phone: "302 555 01" }, "Phone number is required"],
    ["phone", { phone: "aaaaaaaaaaaa" }, "Phone number is required"],
    ["message", { message: "too short" }, CONTACT_MESSAGES.message],
    ["interest", { interest: "rentals" }, CONTACT_MESSAGES.interest],
    ["firstName", { firstName: 42 }, CONTACT_MESSAGES.firstName],
  ])("400 names %s: %j reads the spec's %s", async (field, over, message) => {
    const before = (await readLeads()).length;
    const res = await postJson(`${s.url}/api/contact`, validLead(over));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toEqual(expect.any(String));
    expect(body.fields[field]).toBe(message);
    expect((await readLeads()).length).toBe(before);
  });

  it.each(["+44 (0)1273 555010", "302.555.0101", "(302) 555-0142"])("takes the phone %j: 10 digits or more, however written", async (phone) => {
    const res = await postJson(`${s.url}/api/contact`, validLead({ phone }));
    expect(res.status).toBe(201);
  });

  it("answers every missing field at once", async () => {
    const res = await postJson(`${s.url}/api/contact`, {});
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      firstName: CONTACT_MESSAGES.firstName,
      lastName: CONTACT_MESSAGES.lastName,
      email: "Invalid email address",
      phone: "Phone number is required",
      message: CONTACT_MESSAGES.message,
    });
  });

  it.each([
    ["malformed JSON", '{"firstName": ', "application/json", 400],
    ["a JSON string", '"hello"', "application/json", 400],
    ["JSON null", "null", "application/json", 400],
    ["a JSON array", "[]", "application/json", 400],
    ["form encoding", "firstName=Dana", "application/x-www-form-urlencoded", 415],
    ["plain text", "hello", "text/plain", 415],
    ["an oversized body", JSON.stringify(validLead({ message: "x".repeat(20_000) })), "application/json", 413],
  ])("%s → its status, as JSON", async (_name, body, type, status) => {
    const res = await fetch(`${s.url}/api/contact`, { method: "POST", headers: { "content-type": type }, body });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
  });

  it("refuses an origin that is not allowed, storing nothing", async () => {
    const before = (await readLeads()).length;
    const res = await postJson(`${s.url}/api/contact`, validLead(), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: string; code: string };
    expect(body.error).toMatch(/evil\.example/);
    // Readable by the page that posted, so the form can say it cannot send from there.
    expect(body.code).toBe("origin-not-allowed");
    expect(res.headers.get("access-control-allow-origin")).toBe("https://evil.example");
    expect((await readLeads()).length).toBe(before);
  });

  it("answers an allowed origin's preflight", async () => {
    const res = await fetch(`${s.url}/api/contact`, {
      method: "OPTIONS",
      headers: { origin: PARTNER, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/content-type/i);
  });

  it("quietly drops a bot that fills the honeypot", async () => {
    const before = (await readLeads()).length;
    const res = await postJson(`${s.url}/api/contact`, validLead({ website: "http://spam.example" }));
    expect(res.status).toBe(201);
    expect((await readLeads()).length).toBe(before);
  });
});

describe("security headers", () => {
  it("sends helmet's headers and keeps the API same-origin for no-cors loads", async () => {
    const res = await fetch(`${s.url}/api/health`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});

describe("rate limit", () => {
  it("answers 429 JSON past the per-minute limit", async () => {
    const limited = await startTestServer({ CONTACT_RATE_LIMIT: "2" });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await postJson(`${limited.url}/api/contact`, validLead())).status);
      expect(statuses).toEqual([201, 201, 429]);
      const res = await postJson(`${limited.url}/api/contact`, validLead());
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: string }).error).toMatch(/Too many/);
    } finally {
      await limited.close();
    }
  });

  /** The statuses of posts in turn, each claiming to come from the X-Forwarded-For given. */
  const postsFrom = async (url: string, forwardedFor: (string | null)[]) => {
    const statuses: number[] = [];
    for (const xff of forwardedFor) {
      const res = await postJson(`${url}/api/contact`, validLead(), xff ? { "x-forwarded-for": xff } : {});
      statuses.push(res.status);
    }
    return statuses;
  };

  it("behind a trusted proxy (TRUST_PROXY), limits each visitor, not everyone at once", async () => {
    // The test client posts from 127.0.0.1: with TRUST_PROXY=loopback it is the proxy, naming the visitor in X-Forwarded-For.
    const proxied = await startTestServer({ CONTACT_RATE_LIMIT: "2", TRUST_PROXY: "loopback" });
    try {
      expect(await postsFrom(proxied.url, ["203.0.113.7", "203.0.113.7", "203.0.113.7"])).toEqual([201, 201, 429]);
      // Another visitor through the same proxy still gets in.
      expect(await postsFrom(proxied.url, ["198.51.100.23", "198.51.100.23", "198.51.100.23"])).toEqual([201, 201, 429]);
    } finally {
      await proxied.close();
    }
    // A hop count works the same way.
    const hop = await startTestServer({ CONTACT_RATE_LIMIT: "1", TRUST_PROXY: "1" });
    try {
      expect(await postsFrom(hop.url, ["203.0.113.7", "198.51.100.23", "203.0.113.7"])).toEqual([201, 201, 429]);
    } finally {
      await hop.close();
    }
  });

  it.each([
    ["off (the default)", {}],
    ["trusting only another subnet", { TRUST_PROXY: "10.0.0.0/8" }],
  ])("a forged X-Forwarded-For from a client that is not a trusted proxy changes nothing: %s", async (_name, env: Record<string, string>) => {
    const direct = await startTestServer({ CONTACT_RATE_LIMIT: "2", ...env });
    try {
      expect(await postsFrom(direct.url, ["203.0.113.1", "203.0.113.2", "203.0.113.3", null])).toEqual([201, 201, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe("URLs in the catalogue", () => {
  it.each([
    ["an externalUrl", { externalUrl: "javascript:alert(document.domain)" }, /externalUrl/],
    ["an image", { images: ["javascript:alert(1)"] }, /images/],
    ["an externalUrl of data:", { externalUrl: "data:text/html,<script>alert(1)</script>" }, /externalUrl/],
  ])("a catalogue with %s that is not http(s) stops start-up, naming the file and the field", async (_name, over, field) => {
    const dataDir = await tempDataDir();
    const vehicle = { ...seedCatalogue()[0], ...over };
    await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: [vehicle] }));
    const failure = startTestServer({}, dataDir);
    await expect(failure).rejects.toThrow(/catalogue\.json is corrupt/);
    await expect(failure).rejects.toThrow(field);
  });
});
