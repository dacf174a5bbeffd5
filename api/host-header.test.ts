/**
 * The Host header names a site or is refused, and names nothing the server writes: a rental's mail links to the
 * site's own address as stored (its primary domain; PUBLIC_ORIGIN in development), whatever Host or X-Forwarded-Host
 * the request came with, and a Host no site claims (`localhost:@evil.test` included) is refused on every kind of route.
 */
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sitesFromExample } from "../domain/site-seed";
import { toLocalDateTime } from "../domain/local-time";
import { fetchAsHost } from "./testing/host-fetch";
import { startSmtpSink, type SmtpSink } from "./testing/smtp-sink";
import { startTestServer, type TestServer } from "./testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
const FORGED = ["localhost:@evil.test", "localhost:1@evil.test", "127.0.0.1:80:81", "evil.test", "localhost.evil.test"];

const day = (days: number, hour = 10) =>
  `${toLocalDateTime(new Date(Date.now() + days * 86_400_000), "America/New_York").slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
/** A day's rental `at` days from now: each test's own, so that no cart is taken by another. */
const booking = (email: string, at: number) =>
  JSON.stringify({
    plan: "4-seater",
    start: day(at),
    end: day(at + 1, 16),
    delivery: { kind: "pickup" },
    firstName: "A",
    lastName: "B",
    email,
    phone: "302-555-0100",
    adult: true,
    agreement: true,
  });

/** A request with exactly these headers, Host included (fetch would send the URL's own Host). */
function send(s: TestServer, path: string, headers: Record<string, string>, method = "GET", body?: string) {
  const url = new URL(path, s.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("mail links and the Host header", () => {
  let smtp: SmtpSink;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    s = await startTestServer({
      SMTP_URL: smtp.url,
      LEAD_TO: "sales@dealer.example",
      LEAD_FROM: "web@dealer.example",
      MAIL_RETRY_BASE_MS: "100",
      TRUST_PROXY: "loopback",
    });
    await s.sites.create({ ...capeMay!, domains: ["www.capemaycoastgolfcarts.example", "capemaycoastgolfcarts.example", "cape-may.localhost"] });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  const mailTo = async (email: string) => {
    await vi.waitFor(() => expect(smtp.messages.some((m) => (m.to && "text" in m.to ? m.to.text : "").includes(email))).toBe(true), { timeout: 20_000 });
    return smtp.messages.find((m) => (m.to && "text" in m.to ? m.to.text : "").includes(email))!;
  };
  const cancelLink = (text: string | undefined) => /(\S+)\/rentals\/cancel\?token=/.exec(text ?? "")?.[1];

  it("refuses a rental request whose Host or trusted X-Forwarded-Host names no site, and keeps nothing of it", async () => {
    const port = new URL(s.url).port;
    for (const host of FORGED) {
      const direct = await send(s, "/api/rentals/reservations", { ...json, host }, "POST", booking("victim@example.com", 5));
      expect(direct.status, host).toBe(421);
      const proxied = await send(
        s,
        "/api/rentals/reservations",
        { ...json, host: `127.0.0.1:${port}`, "x-forwarded-host": host },
        "POST",
        booking("victim@example.com", 5),
      );
      expect(proxied.status, `X-Forwarded-Host: ${host}`).toBe(421);
    }
    expect((await s.rentals.list("sussex-coast")).some((r) => r.renter.email === "victim@example.com")).toBe(false);
  });

  it("links a rental's mail to the site's own address, in development PUBLIC_ORIGIN, for any Host the site claims", async () => {
    const port = new URL(s.url).port;
    // The seeded site in development: PUBLIC_ORIGIN (http://localhost:3000 here), whichever of its names was asked.
    const asked: Record<string, string>[] = [
      { host: `127.0.0.1:${port}` },
      { host: `LOCALHOST:${port}` },
      { host: "upstream.internal", "x-forwarded-host": "localhost:8443" },
    ];
    for (const [i, headers] of asked.entries()) {
      const res = await send(s, "/api/rentals/reservations", { ...json, ...headers }, "POST", booking(`dev${i}@example.com`, 7 + 2 * i));
      expect(res.status, `${JSON.stringify(headers)} ${res.body}`).toBe(201);
      expect(cancelLink((await mailTo(`dev${i}@example.com`)).text)).toBe(s.origin);
    }
    // Another site, asked on its development name: its primary domain, over https.
    const res = await fetchAsHost(`${s.url}/api/rentals/reservations`, "cape-may.localhost", {
      method: "POST",
      headers: json,
      body: booking("cape@example.com", 7),
    });
    expect(res.status).toBe(201);
    const mail = await mailTo("cape@example.com");
    expect(cancelLink(mail.text)).toBe("https://www.capemaycoastgolfcarts.example");
    expect(mail.html).toContain('href="https://www.capemaycoastgolfcarts.example/rentals/cancel?token=');
    for (const m of smtp.messages) expect(`${m.text}${String(m.html)}`).not.toContain("evil");
  });
});

describe("a Host no site claims is refused on every kind of route", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ TRUST_PROXY: "loopback" }, undefined, { builtSite: true });
  });
  afterAll(() => s?.close());

  const vehicleId = () => s.vehicles.list()[0]!.id;
  const routes = (): [string, string][] => [
    ["GET", "/"],
    ["GET", "/inventory"],
    ["GET", `/vehicle/${vehicleId()}`],
    ["GET", "/rentals/cancel?token=x"],
    ["GET", "/sitemap.xml"],
    ["GET", "/robots.txt"],
    ["GET", "/feeds/google-merchant.xml"],
    ["GET", "/feeds/meta-catalog.csv"],
    ["GET", "/images/og-default.png"],
    ["GET", "/photos/not-there.jpg"],
    ["GET", "/widgets/gc-widgets.js"],
    ["GET", "/staff"],
    ["GET", "/staff/assets/index.js"],
    ["GET", "/api/vehicles"],
    ["GET", `/api/vehicles/${vehicleId()}`],
    ["GET", "/api/rentals/availability"],
    ["GET", "/api/staff/session"],
    ["GET", "/api/staff/vehicles"],
    ["POST", "/api/contact"],
    ["POST", "/api/staff/session"],
    ["OPTIONS", "/api/contact"],
  ];

  it("writes every absolute URL of pages, sitemaps and feeds from the site's primary domain, whichever of its names was asked", async () => {
    await s.sites.create({ ...capeMay!, domains: ["www.capemaycoastgolfcarts.example", "cape-may.localhost"] });
    // The listing feeds carry only units with a photo of their own: this one gets one, so the feeds have a link to check.
    const v = s.vehicles.get(vehicleId())!;
    await s.vehicles.replace(v.id, { ...v, images: ["/photos/0123456789abcdef0123-1600x1200.jpg", ...v.images] }, "*");
    try {
      for (const path of [
        "/",
        "/inventory",
        `/vehicle/${vehicleId()}`,
        "/sitemap.xml",
        "/robots.txt",
        "/feeds/google-merchant.xml",
        "/feeds/meta-catalog.csv",
      ]) {
        const res = await fetchAsHost(`${s.url}${path}`, "cape-may.localhost");
        expect(res.status, path).toBe(200);
        const urls = (await res.text()).match(/https?:\/\/[^\s"'<>)\\,]+/g) ?? [];
        expect(
          urls.filter((u) => /localhost|127\.0\.0\.1/.test(u)),
          path,
        ).toEqual([]);
        if (path !== "/robots.txt")
          expect(
            urls.some((u) => u.startsWith("https://www.capemaycoastgolfcarts.example/")),
            path,
          ).toBe(true);
      }
    } finally {
      await s.sites.remove(capeMay!.id);
    }
  });

  it("answers 421 for a forged Host, and for a forged X-Forwarded-Host from a trusted proxy", async () => {
    const port = new URL(s.url).port;
    for (const [method, path] of routes()) {
      // The site answers the same request on its own name (a status of its own, never 421).
      expect((await send(s, path, { host: `localhost:${port}`, ...json }, method, method === "POST" ? "{}" : undefined)).status, path).not.toBe(421);
      for (const host of FORGED) {
        const body = method === "POST" ? "{}" : undefined;
        expect((await send(s, path, { host, ...json }, method, body)).status, `${method} ${path} Host: ${host}`).toBe(421);
        const proxied = await send(s, path, { host: `localhost:${port}`, "x-forwarded-host": host, ...json }, method, body);
        expect(proxied.status, `${method} ${path} X-Forwarded-Host: ${host}`).toBe(421);
      }
    }
  });
});

const json = { "content-type": "application/json" };
