/**
 * Widget scripts served per site: a script loaded from a site's host carries that site's contact facts,
 * prepared once per (site version, file) with its own ETag and compressed bytes, and a site's integrity.json lists the
 * hashes of its own files; a pinned release keeps the facts it first served a site with.
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { siteForHost, type Site } from "../domain/site";
import { firstSite, sitesFromExample } from "../domain/site-seed";
import { contactLiteral, widgetContact } from "../domain/widget-contact";
import { resolveSite } from "./middleware/site";
import { openAccountStore } from "./store/account-store";
import { fetchAsHost } from "./testing/host-fetch";
import { addAccount, call, signIn } from "./testing/staff-client";
import { startTestServer, type TestServer } from "./testing/test-server";
import { widgetReleases } from "./widget-releases";

const FIRST = firstSite();
const [capeMay] = sitesFromExample(JSON.parse(readFileSync(new URL("../tests/fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May, reachable in tests as cape-may.localhost. */
const CAPE_MAY: Site = { ...capeMay!, domains: [...capeMay!.domains, "cape-may.localhost"] };
const VERSION = "9.9.9";
const OWNER = { email: "owner@example.com", password: "owner password 1" };
const SUSSEX_SALES = { email: "sussex-sales@example.com", password: "sales password 1" };
/** A built script as the build writes it: the first site's facts in its one literal. */
const SCRIPT = `(()=>{const c=${JSON.stringify(contactLiteral(widgetContact(FIRST)))};document.title=c})();\n`;
const sri = (text: string | Buffer) => `sha384-${createHash("sha384").update(text).digest("base64")}`;

const dirs: string[] = [];
const servers: { close(): unknown }[] = [];
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** dist/widgets of a build: a.js and its integrity list, and the pinned copy under VERSION/. */
function builtWidgets(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gc-widgets-"));
  dirs.push(dir);
  const integrity = JSON.stringify({ version: VERSION, files: { "a.js": sri(SCRIPT) } });
  for (const d of [dir, path.join(dir, VERSION)]) {
    mkdirSync(d, { recursive: true });
    writeFileSync(path.join(d, "a.js"), SCRIPT);
    writeFileSync(path.join(d, "integrity.json"), integrity);
  }
  return dir;
}

async function serverOfTwoSites(): Promise<TestServer> {
  const s = await startTestServer({}, undefined, { widgetsDir: builtWidgets() });
  servers.push(s);
  await s.sites.create(CAPE_MAY);
  return s;
}

const get = (s: { url: string }, host: string, file: string, headers: Record<string, string> = {}) =>
  fetchAsHost(`${s.url}/widgets/${file}`, host, { headers });

describe("widget scripts served per site", () => {
  it("gives each site's host its own facts, ETag and hashes; the first site gets the script as built", async () => {
    const s = await serverOfTwoSites();
    const first = await get(s, "127.0.0.1", "a.js");
    expect(first.status).toBe(200);
    const firstText = await first.text();
    expect(firstText).toBe(SCRIPT);

    const cape = await get(s, "cape-may.localhost", "a.js");
    const capeText = await cape.text();
    expect(capeText).toContain(CAPE_MAY.phones.main.display);
    expect(capeText).toContain(CAPE_MAY.phones.tollFree!.e164);
    expect(capeText).not.toContain(FIRST.phones.main.display);
    expect(capeText).not.toContain(FIRST.financing!.url);
    // The script is still valid JavaScript, its literal read back as Cape May's facts.
    expect(() => new Function(capeText)).not.toThrow();

    expect(cape.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((await get(s, "cape-may.localhost", "a.js")).headers.get("etag")).toBe(cape.headers.get("etag"));
    expect(cape.headers.get("vary")).toBe("Accept-Encoding");
    expect(cape.headers.get("access-control-allow-origin")).toBe("*");

    // Each site's integrity list holds the hash of the bytes that site serves.
    expect(await (await get(s, "127.0.0.1", "integrity.json")).json()).toEqual({ version: VERSION, files: { "a.js": sri(SCRIPT) } });
    expect(await (await get(s, "cape-may.localhost", "integrity.json")).json()).toEqual({ version: VERSION, files: { "a.js": sri(capeText) } });
  });

  it("serves a chunk (decision 0060) as built on every site, with the build's hash, cached for good, the latest and pinned", async () => {
    const dir = builtWidgets();
    const chunk = "export const a=1;\n";
    for (const d of [dir, path.join(dir, VERSION)]) {
      writeFileSync(path.join(d, "chunk-runtime-Ab_1-x.js"), chunk);
      writeFileSync(
        path.join(d, "integrity.json"),
        JSON.stringify({ version: VERSION, files: { "a.js": sri(SCRIPT), "chunk-runtime-Ab_1-x.js": sri(chunk) } }),
      );
    }
    const s = await startTestServer({}, undefined, { widgetsDir: dir });
    servers.push(s);
    await s.sites.create(CAPE_MAY);
    for (const host of ["127.0.0.1", "cape-may.localhost"]) {
      const latest = await get(s, host, "chunk-runtime-Ab_1-x.js");
      expect(await latest.text()).toBe(chunk);
      expect(latest.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(latest.headers.get("access-control-allow-origin")).toBe("*");
      expect(await (await get(s, host, `${VERSION}/chunk-runtime-Ab_1-x.js`)).text()).toBe(chunk);
      const { files } = (await (await get(s, host, "integrity.json")).json()) as { files: Record<string, string> };
      expect(files["chunk-runtime-Ab_1-x.js"]).toBe(sri(chunk));
    }
  });

  it("answers 304 to the site's own ETag and sends the same bytes brotli- or gzip-compressed", async () => {
    const s = await serverOfTwoSites();
    const cape = await get(s, "cape-may.localhost", "a.js");
    const etag = cape.headers.get("etag")!;
    const text = await cape.text();
    expect((await get(s, "cape-may.localhost", "a.js", { "if-none-match": etag })).status).toBe(304);
    // Another site's ETag is not this site's file.
    expect((await get(s, "127.0.0.1", "a.js", { "if-none-match": etag })).status).toBe(200);

    const br = await get(s, "cape-may.localhost", "a.js", { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    const gz = await get(s, "cape-may.localhost", "a.js", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
  });

  it("answers a Range from the site's own bytes: 206 for one range, 416 for none it can satisfy", async () => {
    const s = await serverOfTwoSites();
    const text = await (await get(s, "cape-may.localhost", "a.js")).text();
    const part = await get(s, "cape-may.localhost", "a.js", { range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-9/${Buffer.byteLength(text)}`);
    expect(await part.text()).toBe(text.slice(0, 10));
    const none = await get(s, "cape-may.localhost", "a.js", { range: "bytes=999999999-" });
    expect(none.status).toBe(416);
  });

  it("follows a change to the site: the next request gets its new phone under a new ETag", async () => {
    const s = await serverOfTwoSites();
    const before = await get(s, "cape-may.localhost", "a.js");
    const site = s.sites.get(CAPE_MAY.id)!;
    const phone = { display: "(609) 555-0177", e164: "+16095550177" };
    await s.sites.replace(site.id, { ...site, phones: { ...site.phones, main: phone } }, s.sites.etag(site));
    const after = await get(s, "cape-may.localhost", "a.js");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    expect(await after.text()).toContain(phone.display);
  });

  it("gives the console each site's pinned hashes (GET /api/staff/sites/:id/widgets), within the account's sites", async () => {
    const s = await serverOfTwoSites();
    await addAccount(s.dataDir, OWNER.email, "owner", OWNER.password);
    await openAccountStore(s.dataDir).add({ ...SUSSEX_SALES, role: "sales", sites: [FIRST.id] });
    const [owner, sales] = await Promise.all([signIn(s, OWNER.email, OWNER.password), signIn(s, SUSSEX_SALES.email, SUSSEX_SALES.password)]);

    const listed = await call(s, "GET", `/api/staff/sites/${CAPE_MAY.id}/widgets`, { cookie: owner });
    expect(listed.status).toBe(200);
    const pinned = await (await get(s, "cape-may.localhost", `${VERSION}/a.js`)).text();
    expect(await listed.json()).toEqual({ version: VERSION, files: { "a.js": sri(pinned) } });
    expect(await (await call(s, "GET", `/api/staff/sites/${FIRST.id}/widgets`, { cookie: sales })).json()).toEqual({
      version: VERSION,
      files: { "a.js": sri(SCRIPT) },
    });
    expect((await call(s, "GET", `/api/staff/sites/${CAPE_MAY.id}/widgets`, { cookie: sales })).status).toBe(403);
    expect((await call(s, "GET", "/api/staff/sites/nowhere/widgets", { cookie: owner })).status).toBe(404);
  });

  it("keeps a pinned release's file, and so its SRI hash, for a site whose phone changed; v{major} moves on", async () => {
    const widgetsDir = builtWidgets();
    const data = mkdtempSync(path.join(tmpdir(), "gc-data-"));
    dirs.push(data);
    let sites: Site[] = [FIRST, CAPE_MAY];
    const app = express();
    app.use(resolveSite({ forHost: (host) => siteForHost(sites, host) }));
    app.use("/widgets", await widgetReleases(widgetsDir, data));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const s = { url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };

    const pinned = await (await get(s, "cape-may.localhost", `${VERSION}/a.js`)).text();
    expect(pinned).toContain(CAPE_MAY.phones.main.display);
    expect(await (await get(s, "cape-may.localhost", `${VERSION}/integrity.json`)).json()).toEqual({ version: VERSION, files: { "a.js": sri(pinned) } });
    expect(await (await get(s, "127.0.0.1", `${VERSION}/a.js`)).text()).toBe(SCRIPT);

    // The site's phone changes (a new version of its record): the pinned file stays, the moving one follows.
    const phone = { display: "(609) 555-0177", e164: "+16095550177" };
    sites = [FIRST, { ...CAPE_MAY, phones: { ...CAPE_MAY.phones, main: phone } }];
    const again = await get(s, "cape-may.localhost", `${VERSION}/a.js`);
    expect(await again.text()).toBe(pinned);
    expect(again.headers.get("cache-control")).toContain("immutable");
    expect(await (await get(s, "cape-may.localhost", "v9/a.js")).text()).toContain(phone.display);
    expect(readdirSync(path.join(data, "widget-releases", VERSION, "sites"))).toEqual([`${CAPE_MAY.id}.txt`, `${FIRST.id}.txt`].sort());
  });
});
