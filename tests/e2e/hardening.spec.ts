import { request as httpRequest } from "node:http";
import { DEMO, SITE } from "../../playwright.config";
import { test, expect } from "./fixtures";

/** A GET with the path sent byte for byte (URL parsers turn "\\" into "/", as browsers do when they follow a Location). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location?: string; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** What an answer must never show a visitor: a stack trace or a path of the server. */
const LEAKS = /\bat [\w.<>]+ \(|node_modules|\/dist\/|\/work\/|\/home\/|\/root\/|\/tmp\/|Internal server error/i;

test.describe("errors show no stack trace and no server path (the server runs as npm start runs it)", () => {
  test("an unsatisfiable Range on a widget script is 416 with the site's error page", async ({ request }) => {
    const res = await request.get("/widgets/gc-widgets.js", { headers: { Range: "bytes=999999999-" } });
    expect(res.status()).toBe(416);
    const body = await res.text();
    expect(body).not.toMatch(LEAKS);
    expect(res.headers()["content-type"]).toMatch(/^text\/html/);
    expect(body).toContain("Range Not Satisfiable");
  });

  for (const path of ["/%E0%A4%A", "/vehicles/%E0%A4%A", "/vehicle/%E0", "/widgets/%E0%A4%A.js", "/assets/%E0.css", "/images/%E0.png", "/rentals%C0"]) {
    test(`a bad percent-encoding in ${path} is 400 with the site's error page`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(400);
      const body = await res.text();
      expect(body).not.toMatch(LEAKS);
      expect(body).toContain('<h1 id="page-title">Bad Request</h1>');
    });
  }

  for (const path of ["/api/vehicles/%E0%A4%A", "/api/%E0", "/api/contact/%E0"]) {
    test(`a bad percent-encoding in ${path} is a 400 JSON error`, async ({ request }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({ error: "Malformed percent-encoding in the URL" });
    });
  }
});

test.describe("redirects", () => {
  for (const path of ["/\\evil.test/", "/\\/evil.test/", "//evil.test/", "/%5Cevil.test/"]) {
    test(`${JSON.stringify(path)} never redirects to another host`, async ({ baseURL }) => {
      const res = await rawGet(baseURL!, path);
      // Resolved as a browser resolves a Location against the page's URL.
      if (res.location !== undefined) expect(new URL(res.location, `${baseURL}/`).origin).toBe(new URL(baseURL!).origin);
      expect([301, 404]).toContain(res.status);
    });
  }

  for (const path of ["/widgets", "/widgets/", "/assets", "/assets/"]) {
    test(`${path} ends in a 404 page after at most one redirect, not a loop`, async ({ request, baseURL }) => {
      let url = `${baseURL}${path}`;
      const seen: string[] = [];
      for (let hops = 0; ; hops++) {
        const res = await request.get(url, { maxRedirects: 0 });
        if (res.status() !== 301) {
          expect(res.status()).toBe(404);
          break;
        }
        seen.push(url);
        expect(hops, `redirects: ${seen.join(" → ")}`).toBeLessThan(1);
        url = new URL(res.headers()["location"]!, url).href;
      }
    });
  }
});

/** Every path the sitemap lists: the prerendered pages, the town and policy pages, every vehicle page. */
async function sitemapPaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

test.describe("security headers", () => {
  test("every page of the site has a CSP without 'unsafe-inline' and a Permissions-Policy turning off unused features", async ({ request }) => {
    const paths = [...(await sitemapPaths(request)), "/no-such-page"];
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const res = await request.get(path);
      const csp = res.headers()["content-security-policy"] ?? "";
      expect(csp, path).toMatch(/(^|;)\s*style-src 'self'(;|$)/);
      expect(csp, path).not.toContain("unsafe-inline");
      expect(res.headers()["permissions-policy"], path).toMatch(/(^|, )camera=\(\)/);
      expect(res.headers()["permissions-policy"], path).toMatch(/(^|, )geolocation=\(\)/);
    }
  });

  test("pages with every widget run under that policy without a single violation", async ({ page, request }) => {
    const vehicle = (await sitemapPaths(request)).find((p) => p.startsWith("/vehicle/"))!;
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const path of ["/", "/inventory", "/rentals", "/eco-impact", "/contact", "/showroom", vehicle]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
    }
  });

  test("the demo origin sends the same security headers, and a page's own policy replaces the default", async ({ request }) => {
    const site = await request.get("/");
    for (const path of ["/", "/resort.html", "/landing.html", "/landing.js", "/no-such-page.html"]) {
      const res = await request.get(`${DEMO}${path}`);
      for (const name of ["x-content-type-options", "referrer-policy", "cross-origin-opener-policy", "x-frame-options", "permissions-policy"]) {
        expect(res.headers()[name], `${name} of ${path}`).toBe(site.headers()[name]);
      }
      expect(res.headers()["content-security-policy"], path).toContain(`script-src 'self' ${SITE}`);
      expect(res.headers()["content-security-policy"], path).not.toContain("unsafe-inline");
    }
    expect((await request.get(`${DEMO}/strict-csp.html`)).headers()["content-security-policy"]).toMatch(/^default-src 'none'; script-src/);
  });

  test("a bad percent-encoding on the demo origin is 400 without a stack trace", async ({ request }) => {
    const res = await request.get(`${DEMO}/%E0%A4%A.html`);
    expect(res.status()).toBe(400);
    expect(await res.text()).not.toMatch(LEAKS);
  });
});

/** Spellings of a map's path that a file server decodes to the map (api/source-maps.test.ts has the full list). */
const mapSpellings = (script: string) => [
  `${script}.map`,
  `${script}%2emap`,
  `${script}%2Emap`,
  `${script}.m%61p`,
  `${script}.MAP`,
  `${script.replace(/\/([^/]+)$/, "//$1")}%2emap`,
];

test.describe("source maps", () => {
  for (const script of ["gc-widgets", "contact-form", "inventory"]) {
    test(`${script}.js names no source map and its map is not public`, async ({ request }) => {
      const js = await request.get(`/widgets/${script}.js`);
      expect(js.status()).toBe(200);
      expect(await js.text()).not.toContain("sourceMappingURL");
      expect(js.headers()["sourcemap"]).toBeUndefined();
      for (const path of mapSpellings(`/widgets/${script}.js`)) {
        const map = await rawGet(SITE, path);
        expect(map.status, path).toBe(404);
        expect(map.body, path).not.toContain("sourcesContent");
      }
    });
  }

  test("the staff console's script names no source map and its map is not public", async ({ request }) => {
    const html = await (await request.get("/staff")).text();
    const script = /<script[^>]+src="(\/staff\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await request.get(script);
    expect(js.status()).toBe(200);
    expect(await js.text()).not.toContain("sourceMappingURL");
    for (const path of mapSpellings(script)) {
      const map = await rawGet(SITE, path);
      expect(map.status, path).toBe(404);
      expect(map.body, path).not.toContain("sourcesContent");
    }
  });
});
