/**
 * The crawler: start at /, follow every internal link on the
 * built site, and require that none answers 404 and no vehicle link lands on
 * "Vehicle Not Found" (which the server answers with 404).
 */
import { BUSINESS } from "../../domain/business";
import { TOWNS } from "../../domain/towns";
import { internalLinks } from "./crawl";
import { expect, test } from "./fixtures";

test("following every internal link from / finds no 404 and no missing vehicle", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  const broken: string[] = [];
  const linkedFrom = new Map<string, string>();
  let vehiclePages = 0;
  while (queue.length) {
    const path = queue.shift()!;
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() !== 200) {
      broken.push(`${path} → ${res.status()} (linked from ${linkedFrom.get(path)})`);
      continue;
    }
    if (/^\/vehicles?\//.test(path)) vehiclePages++;
    if (!(res.headers()["content-type"] ?? "").includes("text/html")) continue;
    const html = await res.text();
    expect(html, path).not.toContain("Vehicle Not Found");
    for (const link of internalLinks(html, path, origin)) {
      if (seen.has(link)) continue;
      seen.add(link);
      linkedFrom.set(link, path);
      queue.push(link);
    }
  }
  expect(broken).toEqual([]);
  // The crawl reached the whole site: every town, the policies, and vehicles by every link rule.
  for (const t of TOWNS) expect(seen).toContain(t.url);
  for (const p of ["/policies/staffing-report", "/policies/terms-conditions", "/privacy", "/privacy-policy", "/terms-of-service", "/evolution", "/denago"]) {
    expect(seen).toContain(p);
  }
  expect(seen).toContain("/vehicles/d5-ranger-2+2");
  expect(seen).toContain("/vehicle/denago-ev-city");
  expect(vehiclePages).toBeGreaterThan(30);
  expect(BUSINESS.siteUrl).toMatch(/^https:/);
});
