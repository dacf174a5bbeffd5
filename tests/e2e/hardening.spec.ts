import { request as httpRequest } from "node:http";
import { test, expect } from "./fixtures";

/** A GET with the path sent byte for byte (URL parsers turn "\\" into "/", as browsers do when they follow a Location). */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: "GET" }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, location: res.headers.location });
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
      expect(body).toContain("<h1 id=\"page-title\">Bad Request</h1>");
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
