/**
 * A unit's cost is staff-only: with a unique cost set on every
 * vehicle, no byte the public can reach names it: the API's list and each
 * vehicle (fast path and Express), every page of the sitemap crawled (their
 * JSON-LD and the widgets' data in them), a sold unit's page, and the
 * widgets once their scripts have rendered in Chromium. The staff API, which
 * holds it, is asked too, so the search is known to look for a value that is set.
 * The listing feeds are searched too, and a unit sold leaves each by the next fetch.
 * The server is the real app with the built pages (`npm run build`).
 */
import { startTestServer, type TestServer } from "../../api/testing/test-server";
import { expect, test } from "./fixtures";

/** A cost no page would show by chance, and the forms a page could print it in. */
const COST = 187_463;
const COST_FORMS = ["187463", "187,463", "187.463"];

/** The listing feeds each site serves (host-site/server/feeds/). */
const FEEDS = ["/feeds/google-merchant.xml", "/feeds/google-local-inventory.xml", "/feeds/meta-catalog.csv"];

const found = (text: string) => COST_FORMS.filter((form) => text.includes(form));

test.describe("a unit's cost", () => {
  test.skip(({ isMobile }) => isMobile, "bytes, not a screen size, are under test");
  test.describe.configure({ mode: "serial", timeout: 180_000 });

  let s: TestServer;
  test.beforeAll(async () => {
    s = await startTestServer({}, undefined, { builtSite: true });
    for (const v of s.vehicles.all()) await s.vehicles.replace(v.id, { ...v, cost: COST }, "*");
    // One unit sold: its page says so (410) and must not name the cost either.
    const sold = s.vehicles.get("denago-ev-nomad")!;
    await s.vehicles.replace(sold.id, { ...sold, status: "sold" }, "*");
  });
  test.afterAll(async () => s?.close());

  test("appears in no public answer, page, JSON-LD or widget render", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 410 \(Gone\)/);
    const bodies = new Map<string, string>();
    await page.goto(`${s.url}/`);
    const fetchText = async (path: string, status = 200) => {
      const res = await page.evaluate(async (p) => {
        const r = await fetch(p);
        return { status: r.status, text: await r.text() };
      }, path);
      expect(res.status, path).toBe(status);
      bodies.set(path, res.text);
      return res.text;
    };

    const list = JSON.parse(await fetchText("/api/vehicles")) as { id: string }[];
    expect(list.length).toBeGreaterThan(20);
    for (const { id } of list) await fetchText(`/api/vehicles/${id}`);
    await fetchText("/api/vehicles/Denago%20EV%20City");
    const sitemap = await fetchText("/sitemap.xml");
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) await fetchText(path);
    await fetchText("/vehicle/denago-ev-nomad", 410);
    await fetchText("/robots.txt");
    for (const feed of FEEDS) await fetchText(feed);

    // The widgets as rendered by their scripts: the inventory and a vehicle's detail, each once it says it is ready.
    await page.addInitScript(() => {
      const ready: string[] = ((window as unknown as { gcReady: string[] }).gcReady = []);
      document.addEventListener("gc-ready", (e) => ready.push((e.target as Element).localName));
    });
    for (const [path, tag] of [
      ["/inventory", "gc-inventory"],
      ["/vehicle/denago-ev-city", "gc-vehicle-detail"],
    ] as const) {
      await page.goto(`${s.url}${path}`);
      await page.waitForFunction((t) => (window as unknown as { gcReady: string[] }).gcReady.includes(t), tag);
      const shadow = await page
        .locator(tag)
        .first()
        .evaluate((el) => el.shadowRoot?.innerHTML ?? "");
      expect(shadow.length, `${tag} rendered`).toBeGreaterThan(100);
      bodies.set(`${path} <${tag}> rendered`, shadow + (await page.content()));
    }

    const leaks = [...bodies].flatMap(([path, text]) => found(text).map((form) => `${path}: ${form}`));
    expect(leaks).toEqual([]);

    // The value searched for is set: the staff side holds it.
    expect(s.vehicles.get("denago-ev-city")!.cost).toBe(COST);
  });

  test("a unit marked sold leaves every listing feed by the next fetch; one put on hold is marked", async ({ request }) => {
    const feeds = async () => Promise.all(FEEDS.map(async (path) => (await request.get(`${s.url}${path}`)).text()));
    // The feeds carry only units with a photo of their own: these two get one.
    for (const id of ["denago-ev-city", "denago-ev-rover-xl"]) {
      const v = s.vehicles.get(id)!;
      await s.vehicles.replace(id, { ...v, images: ["/photos/0123456789abcdef0123-1600x1200.jpg", ...v.images] }, "*");
    }
    const city = s.vehicles.get("denago-ev-city")!;
    for (const text of await feeds()) expect(text).toContain(`${city.stockNumber}`);
    await s.vehicles.replace(city.id, { ...city, status: "sold" }, "*");
    for (const text of await feeds()) expect(text).not.toContain(`${city.stockNumber}`);
    const rover = s.vehicles.get("denago-ev-rover-xl")!;
    await s.vehicles.replace(rover.id, { ...rover, status: "on-hold" }, "*");
    const [merchant, , meta] = await feeds();
    expect(merchant).toMatch(
      new RegExp(
        `<g:id>${rover.stockNumber}</g:id>[^]*?<g:availability>out_of_stock</g:availability>[^]*?<g:custom_label_0>On hold</g:custom_label_0>[^]*?</item>`,
      ),
    );
    expect(meta).toContain(`\r\n${rover.stockNumber},`);
    expect(meta).toMatch(new RegExp(`\r\n${rover.stockNumber},.*,out of stock,.*,On hold,${rover.stockNumber}\r\n`));
  });
});
