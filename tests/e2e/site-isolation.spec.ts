/**
 * Many sites from one deployment, in Chromium: two sites served
 * side by side by one server, each crawled whole (every page of its sitemap,
 * its 404, robots.txt and sitemap.xml) with no byte naming the other's name,
 * phones, e-mail, domains, region, state, address or towns; a secondary
 * domain's 301; an unknown host refused; a site added while the server runs
 * serving its home page within a second. The server is the real app with the
 * built pages (`npm run build`), in this process so the test can add sites
 * through the store, as the console's save does; it runs on each storage
 * engine (PostgreSQL on a throw-away cluster), and crawls both sites on lowdb
 * and the added one on PostgreSQL, where the crawl's bytes come from the same
 * renderer and only the site records' store differs.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { startTestPostgres, type TestPostgres } from "../../api/testing/postgres";
import { startTestServer, type TestServer } from "../../api/testing/test-server";
import type { Site } from "../../domain/site";
import { firstSite, sitesFromExample } from "../../domain/site-seed";
import { siteTraces, tracesIn } from "../fixtures/site-traces";
import { expect, test } from "./fixtures";
import { hostGet as getWithHost } from "./host-get";

const [capeMayExample, oceanCityExample] = sitesFromExample(JSON.parse(readFileSync(new URL("../fixtures/example-sites.json", import.meta.url), "utf8")));
/** Cape May as the test serves it: its real domains, and a loopback name Chromium can reach. */
const capeMay: Site = { ...capeMayExample!, domains: [...capeMayExample!.domains, "cape-may.localhost"] };
const sussex = firstSite();

for (const engine of ["lowdb", "postgres"] as const) test.describe(`two sites from one deployment on ${engine}`, () => twoSites(engine));

/** The tests of one server serving two sites, its stores on `engine`. */
function twoSites(engine: "lowdb" | "postgres") {
  test.skip(({ isMobile }) => isMobile, "hosts and bytes, not a screen size, are under test");
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  let s: TestServer;
  let cluster: TestPostgres | undefined;
  let port: string;
  const at = (host: string, path = "/") => `http://${host}:${port}${path}`;
  test.beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === "postgres") {
      const started = await startTestPostgres();
      if ("unavailable" in started) return test.skip(true, `PostgreSQL: ${started.unavailable}`);
      cluster = started;
      env = { DATABASE_URL: await cluster.createDatabase() };
    }
    s = await startTestServer(env, undefined, { builtSite: true });
    port = new URL(s.url).port;
    await s.sites.create(capeMay);
  });
  test.afterAll(async () => {
    await s?.close();
    await cluster?.stop();
  });

  /** A GET with the given Host header from Node: its status and redirect. */
  const hostGet = async (path: string, host: string) => {
    const { status, location } = await getWithHost(port, path, host);
    return { status, ...(location ? { location } : {}) };
  };

  /** Every byte a site serves that a crawler reads: robots.txt, sitemap.xml, every page it lists, and a 404 page, each fetched by Chromium from the site's own page. */
  async function crawl(page: Page, host: string): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    await page.goto(at(host, "/"));
    const fetchText = async (path: string, status = 200) => {
      const res = await page.evaluate(async (p) => {
        const r = await fetch(p, { redirect: "manual" });
        return { status: r.status, text: await r.text() };
      }, path);
      expect(res.status, `${host}${path}`).toBe(status);
      bodies.set(path, res.text);
      return res.text;
    };
    await fetchText("/robots.txt");
    const sitemap = await fetchText("/sitemap.xml");
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) await fetchText(path);
    await fetchText("/no-such-page", 404);
    return bodies;
  }

  // One full crawl per site on lowdb; on PostgreSQL the site added to its store (the first is seeded the same way on both).
  const crawled = [
    ["Sussex Coast", "localhost", sussex, capeMay],
    ["Cape May", "cape-may.localhost", capeMay, sussex],
  ] as const;
  for (const [name, host, own, other] of engine === "lowdb" ? crawled : crawled.slice(1)) {
    test(`a crawl of ${name} finds none of the other site's facts in any byte it serves`, async ({ page, consoleGuard }) => {
      // The crawl asks for one missing page on purpose.
      consoleGuard.allow(/status of 404 \(Not Found\)/);
      const bodies = await crawl(page, host);
      const leaks = [...bodies].flatMap(([path, text]) => tracesIn(text, siteTraces(other)).map((t) => `${path}: ${t}`));
      expect(leaks).toEqual([]);
      // Its own facts: the name in the header, its phone, its JSON-LD, its robots.txt naming its own sitemap, its towns' pages.
      await page.goto(at(host, "/"));
      await expect(page.locator(".site-header .brand__name")).toHaveText(own.name);
      await expect(page.locator(".floating-call")).toContainText(own.phones.main.display);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as { name: string; telephone: string };
      expect(ld).toMatchObject({ name: own.name, telephone: own.phones.main.e164 });
      expect(bodies.get("/robots.txt")).toContain(`Sitemap: https://${own.domains[0]}/sitemap.xml`);
      for (const town of own.towns) expect(bodies.has(`/${town.slug}-golf-carts`), town.name).toBe(true);
    });
  }

  test("the widgets on a site's pages show its phones once their scripts have run", async ({ page }) => {
    test.skip(engine === "postgres", "the widgets read the site the page was rendered for, whichever store it came from: once, on lowdb");
    await page.addInitScript(() => {
      const ready: string[] = ((window as unknown as { gcReady: string[] }).gcReady = []);
      document.addEventListener("gc-ready", (e) => ready.push((e.target as Element).localName));
    });
    for (const [host, own, other] of [
      ["cape-may.localhost", capeMay, sussex],
      ["localhost", sussex, capeMay],
    ] as const) {
      // The phone link of each: the vehicle's call line (its test drive is booked in a picker once the script runs), and the
      // line beside RESERVE TODAY (which opens the booking on /rentals).
      for (const [path, tag, call] of [
        ["/vehicle/denago-ev-city", "gc-vehicle-detail", ".call a"],
        ["/rentals", "gc-rental-pricing", ".gc-plan__call a"],
      ] as const) {
        await page.goto(at(host, path));
        // The widget's own render is done once it says it is ready.
        await page.waitForFunction((t) => (window as unknown as { gcReady: string[] }).gcReady.includes(t), tag);
        const link = page.locator(`${tag} ${call}`).first();
        const line = own.phones.tollFree && tag === "gc-vehicle-detail" ? own.phones.tollFree : own.phones.main;
        await expect(link).toHaveAttribute("href", `tel:${line.e164}`);
        const shadow = await page
          .locator(tag)
          .first()
          .evaluate((el) => el.shadowRoot?.innerHTML ?? "");
        expect(tracesIn(shadow, siteTraces(other)), `${host}${path}`).toEqual([]);
      }
    }
  });

  test("a town page is a 404 on the site that does not serve the town", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 \(Not Found\)/);
    expect((await page.goto(at("localhost", "/lewes-golf-carts")))?.status()).toBe(200);
    expect((await page.goto(at("cape-may.localhost", "/lewes-golf-carts")))?.status()).toBe(404);
    expect((await page.goto(at("cape-may.localhost", "/wildwood-golf-carts")))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Golf carts in Wildwood, New Jersey");
    expect((await page.goto(at("localhost", "/wildwood-golf-carts")))?.status()).toBe(404);
  });

  test("a secondary domain answers 301 to the same path on the primary", async () => {
    // Chromium cannot resolve the example domains: the request goes to the server with their Host header, as a browser's would.
    expect(await hostGet("/rentals?plan=utility", `capemaycoastgolfcarts.example:${port}`)).toEqual({
      status: 301,
      location: `http://www.capemaycoastgolfcarts.example:${port}/rentals?plan=utility`,
    });
  });

  test("an unknown host is refused with a plain page that names no site", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 421 \(Misdirected Request\)/);
    const res = await page.goto(at("unknown-dealer.localhost", "/"));
    expect(res?.status()).toBe(421);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site not found");
    const body = (await res!.body()).toString("utf8");
    expect(tracesIn(body, [...siteTraces(sussex), ...siteTraces(capeMay)])).toEqual([]);
  });

  test("a site added while the server runs serves its home page within a second", async ({ page }) => {
    const site: Site = { ...oceanCityExample!, domains: ["ocean-city-md.localhost"] };
    expect((await hostGet("/", `ocean-city-md.localhost:${port}`)).status).toBe(421);
    const started = Date.now();
    await s.sites.create(site);
    // The clock stops when the server has answered with the page: timed from Node, since a browser's new renderer
    // process for a new host is not the server's time; then Chromium shows it.
    const served = await getWithHost(port, "/", `ocean-city-md.localhost:${port}`);
    const elapsed = Date.now() - started;
    expect(served.status).toBe(200);
    expect(served.body).toContain(site.phones.main.display);
    const res = await page.goto(at("ocean-city-md.localhost", "/"));
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".floating-call")).toContainText(site.phones.main.display);
    expect(await page.title()).toContain(site.name);
    expect(elapsed, `served ${elapsed} ms after the save`).toBeLessThan(1000);
  });
}
