/**
 * The renters' cancel page on the built site: the signed link shows the reservation and the refund before
 * anything changes, in the site's own page (header, footer, its phone); the form posts without any script and cancels;
 * a forged link is the site's 404 page. Needs `npm run build` (dist/site), as `npm start` does.
 */
import { JSDOM } from "jsdom";
import { afterAll, describe, expect, it, vi } from "vitest";
import { toLocalDateTime } from "../../domain/local-time";
import { postJson, startTestServer, type TestServer } from "../../api/testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const HOUR = 3_600_000;
const clock = { now: Date.now() };
let s: TestServer;
afterAll(() => s?.close());

const day = (days: number) => `${toLocalDateTime(new Date(Date.now() + days * 24 * HOUR), "America/New_York").slice(0, 10)}T10:00`;
const page = async (res: Response) => new JSDOM(await res.text()).window.document;

describe("/rentals/cancel", () => {
  it("shows the refund before the renter confirms, cancels by a plain form post, and refuses a forged link", async () => {
    s = await startTestServer({}, undefined, { builtSite: true, now: () => clock.now });
    const res = await postJson(`${s.url}/api/rentals/reservations`, {
      plan: "4-seater",
      start: day(6),
      end: day(9),
      delivery: { kind: "pickup" },
      drivers: 0,
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "302-555-0142",
      adult: true,
      agreement: true,
    });
    const r = (await s.rentals.byReference(((await res.json()) as { reference: string }).reference))!;
    const token = await s.rentalDesk.cancelToken(r);
    clock.now = Date.parse(r.startsAt) - 12 * HOUR;

    const shown = await fetch(`${s.url}/rentals/cancel?token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const doc = await page(shown);
    expect(doc.querySelector("h1")?.textContent).toBe("Cancel your rental?");
    expect(doc.querySelector("header")).not.toBeNull();
    expect(doc.querySelector("footer")).not.toBeNull();
    expect(doc.body.textContent).toContain(r.reference);
    expect(doc.querySelector(".notice")?.textContent).toBe(
      "The rental starts within 24 hours: nothing was charged online; cancel now and under the policy 50% of the price, $342.50, is due.",
    );
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute("content")).toContain("noindex");
    expect((await s.rentals.get(r.id))!.status).toBe("requested");

    const form = doc.querySelector("form[method=post]")!;
    const posted = await fetch(new URL(form.getAttribute("action")!, s.url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url },
      body: new URLSearchParams({ token: (form.querySelector("input[name=token]") as HTMLInputElement).value }),
    });
    expect(posted.status).toBe(200);
    const done = await page(posted);
    expect(done.querySelector("h1")?.textContent).toBe("Your rental is cancelled");
    expect(done.querySelector(".notice")?.textContent).toContain(
      "Nothing was charged online. You cancelled within 24 hours of the start, so under the policy 50% of the price, $342.50, is due.",
    );
    expect(await s.rentals.get(r.id)).toMatchObject({ status: "cancelled", refund: { percent: 50, amount: 342.5 } });

    const again = await page(await fetch(`${s.url}/rentals/cancel?token=${encodeURIComponent(token)}`));
    expect(again.querySelector("h1")?.textContent).toBe("Your rental is cancelled");
    expect(again.querySelector("form[method=post]")).toBeNull();

    const forged = await fetch(`${s.url}/rentals/cancel?token=${encodeURIComponent(`${r.reference}.AAAA`)}`);
    expect(forged.status).toBe(404);
    expect((await page(forged)).querySelector("h1")?.textContent).toBe("This cancellation link is not valid");
  });
});
