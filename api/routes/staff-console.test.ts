import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandedConsole, STAFF_CSP, staffConsole } from "./staff-console";
import { startTestServer } from "../testing/test-server";

const INDEX = '<!doctype html><meta name="robots" content="noindex"><script type="module" src="/staff/assets/index-AbC123xy.js"></script>';
let root: string;
let server: Server;
let url: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "staff-console-"));
  const built = path.join(root, "built");
  mkdirSync(path.join(built, "assets"), { recursive: true });
  writeFileSync(path.join(built, "index.html"), INDEX);
  writeFileSync(path.join(built, "assets", "index-AbC123xy.js"), "console.log(1)");
  const app = express();
  app.use("/staff", staffConsole(built));
  app.use("/unbuilt", staffConsole(path.join(root, "nothing-here")));
  app.use("/branded", staffConsole(built, { organisation: "Coast & Bay <Carts>" }));
  app.use((_req, res) => res.status(404).send("the site's 404"));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the staff console's serving", () => {
  it.each(["/staff", "/staff/", "/staff/vehicles/denago-ev-city", "/staff/accounts"])("%s answers the app's page, noindex, no-store, strict CSP", async (p) => {
    const res = await fetch(url + p);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("content-security-policy")).toBe(STAFF_CSP);
  });

  it("serves a hashed asset cached for good, and leaves a missing one to the site's 404", async () => {
    const asset = await fetch(`${url}/staff/assets/index-AbC123xy.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const missing = await fetch(`${url}/staff/assets/index-gone.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("the site's 404");
  });

  it("says how to build it when it is not built", async () => {
    const res = await fetch(`${url}/unbuilt`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("npm run build:staff");
  });

  it("allows no inline script, no other origin and no framing", () => {
    expect(STAFF_CSP).toContain("script-src 'self';");
    expect(STAFF_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https:|\*/);
    expect(STAFF_CSP).toContain("frame-ancestors 'none'");
  });
});

describe("the staff console's asset folder in the whole app", () => {
  it.each(["/staff/assets", "/staff/assets/"])("%s ends at the site's 404 in at most one redirect, never a loop", async (start) => {
    const s = await startTestServer({}, undefined, { builtSite: true });
    try {
      const hops: string[] = [start];
      let res = await fetch(`${s.url}${start}`, { redirect: "manual" });
      while (res.status >= 300 && res.status < 400 && hops.length < 5) {
        hops.push(new URL(res.headers.get("location")!, s.url).pathname);
        res = await fetch(`${s.url}${hops.at(-1)}`, { redirect: "manual" });
      }
      expect(hops.length, hops.join(" → ")).toBeLessThanOrEqual(2);
      expect(res.status, hops.join(" → ")).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe("the staff console's brand", () => {
  const BUILT = '<!doctype html><html><head><title>Staff console</title><script type="module" src="/staff/assets/a.js"></script></head><body></body></html>';

  it("is the organisation's name, in the title and in the meta element the app reads, escaped, the same on every path", async () => {
    const page = brandedConsole(BUILT, "Coast & Bay <Carts>");
    expect(page).toContain("<title>Staff console · Coast &amp; Bay &lt;Carts&gt;</title>");
    expect(page).toContain('<meta name="gc-organisation" content="Coast &amp; Bay &lt;Carts&gt;"></head>');
    expect(page).not.toContain("Sussex");
    for (const p of ["/branded", "/branded/origins", "/branded/origins"]) {
      const text = await (await fetch(url + p)).text();
      // The test's built page has no <title> or <head>: the meta element goes first, once.
      expect(text).toBe(`<meta name="gc-organisation" content="Coast &amp; Bay &lt;Carts&gt;">${INDEX}`);
    }
  });
});
