/**
 * The renters' e-mail confirmation on the built site: the "request received" mail (a real SMTP sink) holds a signed
 * link to /rentals/confirm; opening it changes nothing (a mail scanner may open it), the page's plain form post
 * confirms the e-mail and the request keeps its cart until staff decide; a forged link is the site's 404.
 */
import { JSDOM } from "jsdom";
import { afterAll, describe, expect, it, vi } from "vitest";
import { toLocalDateTime } from "../../domain/local-time";
import { startSmtpSink, type SmtpSink } from "../../api/testing/smtp-sink";
import { postJson, startTestServer, type TestServer } from "../../api/testing/test-server";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
let s: TestServer;
let smtp: SmtpSink;
afterAll(async () => {
  await s?.close();
  await smtp?.close();
});
const day = (days: number) => `${toLocalDateTime(new Date(Date.now() + days * 86_400_000), "America/New_York").slice(0, 10)}T10:00`;
const page = async (res: Response) => new JSDOM(await res.text()).window.document;

describe("/rentals/confirm", () => {
  it("is linked from the 'request received' mail, confirms only by the page's form post, and refuses a forged link", async () => {
    smtp = await startSmtpSink();
    s = await startTestServer({ SMTP_URL: smtp.url, LEAD_TO: "sales@dealer.example", LEAD_FROM: "web@dealer.example" }, undefined, { builtSite: true });
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
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 10_000 });
    const mail = smtp.messages[0]!;
    expect(mail.text).toContain("we hold the cart for your request for 48 hours until you do");
    const link = /Confirm your e-mail: (\S+)/.exec(mail.text!)![1]!;
    expect(mail.html).toContain("Confirm my e-mail address</a>");
    const token = new URL(link).searchParams.get("token")!;
    expect(new URL(link).pathname).toBe("/rentals/confirm");

    const shown = await fetch(`${s.url}/rentals/confirm?token=${encodeURIComponent(token)}`);
    expect([shown.status, shown.headers.get("cache-control")]).toEqual([200, "no-store"]);
    const doc = await page(shown);
    expect(doc.querySelector("h1")?.textContent).toBe("Confirm your e-mail address");
    expect(doc.body.textContent).toContain(r.reference);
    expect((await s.rentals.get(r.id))!.holdUntil).toBe(r.holdUntil);

    const posted = await fetch(`${s.url}/rentals/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token }),
    });
    expect(posted.status).toBe(200);
    const done = await page(posted);
    expect(done.querySelector("h1")?.textContent).toBe("Thank you: your e-mail is confirmed");
    expect(done.querySelector("[role=status]")?.textContent).toBe(
      `We hold the cart for your request ${r.reference} until we have checked it and confirmed it to you.`,
    );
    const after = (await s.rentals.get(r.id))!;
    expect(after.holdUntil).toBeUndefined();
    expect(after.history.at(-1)).toMatchObject({ by: "renter", action: "e-mail confirmed" });

    const forged = await fetch(`${s.url}/rentals/confirm?token=${encodeURIComponent(`${r.reference}.forged`)}`);
    expect(forged.status).toBe(404);
    expect((await page(forged)).querySelector("h1")?.textContent).toBe("This confirmation link is not valid");
  });
});
