/** GET /api/rentals/options: what the booking widget needs before the first date, for the Host's site, to any origin. */
import { afterAll, describe, expect, it } from "vitest";
import { rentalTowns } from "../../domain/rental-booking";
import { firstSite } from "../../domain/site-seed";
import { startTestServer, type TestServer } from "../testing/test-server";

let s: TestServer | undefined;
afterAll(async () => s?.close());

describe("GET /api/rentals/options", () => {
  it("answers the site's time zone, its date there and its towns with their miles from the shop, open to any origin and cacheable", async () => {
    s = await startTestServer();
    const res = await fetch(`${s.url}/api/rentals/options`, { headers: { origin: "https://resort.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const site = firstSite();
    const body = (await res.json()) as { timeZone: string; today: string; towns: { slug: string; name: string; miles: number }[] };
    expect(body.timeZone).toBe("America/New_York");
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.towns).toEqual(rentalTowns(site.towns, site.geo));
    expect(body.towns.length).toBeGreaterThan(3);
  });
});
