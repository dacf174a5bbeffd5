/**
 * Renters' mails through a real SMTP sink: "request received" with the reference, the quote, the terms and
 * a cancel link that works; "confirmed" with a calendar file a calendar app reads (ical.js) holding the delivery and
 * the pickup at the reservation's instants; "declined" with the reason; "cancelled" with the refund; and a mail server
 * that is down loses neither the reservation nor its mail.
 */
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { refundSentence } from "../../domain/rental-booking-mail";
import { type Reservation } from "../../domain/rental-booking";
import { freePort, startSmtpSink } from "../testing/smtp-sink";
import { addAccount, call, signIn } from "../testing/staff-client";
import { postJson, startTestServer, type TestServer } from "../testing/test-server";
import { closedAfterEach, dayAhead, mailEnv } from "../testing/mail-env";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const track = closedAfterEach();

const day = dayAhead;
const nasty = `<img src=x onerror="alert(1)"> Tom`;
const booking = (over: Record<string, unknown> = {}) => ({
  plan: "6-seater",
  start: day(9),
  end: day(12, 16),
  delivery: { kind: "delivery", street: "7 Dune Rd <b>", town: "lewes" },
  drivers: 2,
  firstName: nasty,
  lastName: "Renter",
  email: "renter@example.com",
  phone: "302-555-0142",
  adult: true,
  agreement: true,
  ...over,
});

async function reserve(s: TestServer, over: Record<string, unknown> = {}): Promise<Reservation> {
  const res = await postJson(`${s.url}/api/rentals/reservations`, booking(over));
  expect(res.status).toBe(201);
  return (await s.rentals.byReference(((await res.json()) as { reference: string }).reference))!;
}

describe("renters' mails", () => {
  it("sends 'request received', then 'confirmed' with a valid .ics of the delivery and the pickup", async () => {
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url)));
    const r = await reserve(s);

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000 });
    const received = smtp.messages[0]!;
    expect(received.to && "text" in received.to ? received.to.text : "").toContain("renter@example.com");
    expect(received.subject).toContain(`We received your rental request ${r.reference}`);
    expect(received.text).toContain(`Reference: ${r.reference}`);
    expect(received.text).toContain(`Total: $${r.quote.total.toLocaleString("en-US")}`);
    expect(received.text).toContain("Cancel within 24 hours of the start: 50% of the rental price back.");
    expect(received.text).toContain("A $750 security deposit is taken by card at delivery");
    expect(received.html).not.toContain("<img src=x");
    expect(received.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Tom");
    // The link in the mail opens the reservation (and its refund) through the API.
    const link = /(http:\/\/\S+\/rentals\/cancel\?token=\S+)/.exec(received.text!)![1]!;
    const token = new URL(link).searchParams.get("token")!;
    const shown = await fetch(`${s.url}/api/rentals/cancel?token=${encodeURIComponent(token)}`);
    expect(await shown.json()).toMatchObject({ reference: r.reference, refund: { percent: 100 } });

    await addAccount(s.dataDir, "sales@example.com", "sales", "sales password 1");
    const cookie = await signIn(s, "sales@example.com", "sales password 1");
    const confirm = await call(s, "POST", `/api/staff/rentals/reservations/${r.id}/confirm`, {
      cookie,
      body: {},
      headers: { "if-match": `"r-${r.id}-${r.version}"` },
    });
    expect(confirm.status).toBe(200);

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 5000 });
    const confirmed = smtp.messages[1]!;
    expect(confirmed.subject).toContain(`Your rental ${r.reference} is confirmed`);
    const ics = confirmed.attachments.find((a) => a.filename === `rental-${r.reference}.ics`)!;
    expect(ics.contentType).toBe("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(ics.content.toString("utf8")));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual([`6 Seater cart delivery (${r.reference})`, `6 Seater cart pickup (${r.reference})`]);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(r.startsAt);
    expect(events[1]!.startDate.toJSDate().toISOString()).toBe(r.endsAt);
    expect(events[0]!.location).toBe("7 Dune Rd <b>, Lewes");
  });

  it("tells the reason of a decline and the refund of a cancellation", async () => {
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url)));
    const a = await reserve(s);
    const b = await reserve(s, { plan: "4-seater" });
    await addAccount(s.dataDir, "sales@example.com", "sales", "sales password 1");
    const cookie = await signIn(s, "sales@example.com", "sales password 1");
    const step = (r: Reservation, action: string, body: unknown) =>
      call(s, "POST", `/api/staff/rentals/reservations/${r.id}/${action}`, { cookie, body, headers: { "if-match": `"r-${r.id}-${r.version}"` } });
    expect((await step(a, "decline", { reason: "Our carts cannot reach Dune Rd in June" })).status).toBe(200);
    expect((await step(b, "cancel", {})).status).toBe(200);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(4), { timeout: 5000 });
    const declined = smtp.messages.find((m) => m.subject?.includes(`We cannot take your rental request ${a.reference}`))!;
    expect(declined.text).toContain("The reason: Our carts cannot reach Dune Rd in June.");
    const cancelled = smtp.messages.find((m) => m.subject?.includes(`Your rental ${b.reference} is cancelled`))!;
    expect(cancelled.text).toContain("Nothing was charged, and you owe nothing: there is no fee.");
    expect(cancelled.text).not.toMatch(/refund: \$/);
  });

  it("answers 201 while the mail server is down, then delivers the mail once it is back", async () => {
    const port = await freePort();
    const s = track(await startTestServer(mailEnv(`smtp://127.0.0.1:${port}`)));
    const r = await reserve(s);
    await vi.waitFor(async () => expect((await s.rentals.pendingMails())[0]).toMatchObject({ attempts: 1, lastError: expect.any(String) }), { timeout: 5000 });
    expect((await s.rentals.get(r.id))!.status).toBe("requested");
    const smtp = track(await startSmtpSink(port));
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 10_000 });
    expect(smtp.messages[0]!.subject).toContain(r.reference);
    await vi.waitFor(async () => expect(await s.rentals.pendingMails()).toEqual([]));
  });
});

describe("the cancellation's words, where nothing was paid online", () => {
  it("never promise a refund: a late cancellation and a no-show say what is due", () => {
    expect(refundSentence({ percent: 50, amount: 527.5 }, 1055)).toBe(
      "Nothing was charged online. You cancelled within 24 hours of the start, so under the policy 50% of the price, $527.50, is due.",
    );
    expect(refundSentence({ percent: 0, amount: 0 }, 1055)).toBe(
      "Nothing was charged online. The rental had started, so under the policy its price, $1,055, is due.",
    );
  });
});
