/**
 * The visitor's test-drive confirmation (decision 0047), through a real SMTP sink: sent once, beside the
 * sales mail, with a calendar file a calendar parser reads; owed from the booking's own write, so a mail server that
 * is down delays it and loses nothing; and only when mail is on. On lowdb and on PostgreSQL.
 */
import ICAL from "ical.js";
import { describe, expect, it, vi } from "vitest";
import { slotInstant } from "../../domain/test-drive";
import type { TestDriveSlots } from "../routes/test-drives";
import { postgresForSuite } from "../testing/suite-postgres";
import { freePort, startSmtpSink } from "../testing/smtp-sink";
import { postJson, startTestServer, validLead, type TestServer } from "../testing/test-server";
import { closedAfterEach, mailEnv } from "../testing/mail-env";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const postgres = await postgresForSuite();
const { unavailable, engineEnv } = postgres;
const track = closedAfterEach();

/** Book the first free slot of the last bookable day for a cart; the lead's id, the cart and the slot. */
async function book(s: TestServer) {
  const cart = s.vehicles.all().find((v) => v.status === "available")!;
  const { days } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}`)).json()) as TestDriveSlots;
  const { slots } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}&date=${days.at(-1)}`)).json()) as TestDriveSlots;
  const slot = slots.find((x) => x.free)!.slot;
  const res = await postJson(`${s.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: cart.id, slot, email: "visitor@example.com" }));
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, cart, slot };
}

describe.each(["lowdb", "postgres"] as const)("test-drive confirmation (%s)", (engine) => {
  it.skipIf(engine === "postgres" && unavailable)(
    "the visitor gets one mail naming the cart and time, with a calendar file of the drive at the showroom; sales get the lead mail as before",
    async () => {
      const smtp = track(await startSmtpSink());
      const s = track(await startTestServer({ ...mailEnv(smtp.url), ...(await engineEnv(engine)) }));
      const { id, cart, slot } = await book(s);
      await vi.waitFor(() => expect(smtp.messages).toHaveLength(2), { timeout: 10_000 });
      const toVisitor = smtp.messages.filter((m) => m.to && "text" in m.to && m.to.text.includes("visitor@example.com"));
      const toSales = smtp.messages.filter((m) => m.to && "text" in m.to && m.to.text === "sales@dealer.example");
      expect(toVisitor).toHaveLength(1);
      expect(toSales).toHaveLength(1);
      const mail = toVisitor[0]!;
      expect(mail.subject).toContain(`Test drive booked: ${cart.name}`);
      expect(mail.from?.value[0]?.address).toBe("web@dealer.example");
      const site = s.sites.list()[0]!;
      expect(mail.replyTo?.value[0]?.address).toBe(site.email);
      const ics = mail.attachments.find((a) => a.filename === "test-drive.ics")!;
      expect(ics.contentType).toBe("text/calendar");
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.content.toString("utf8"))).getFirstSubcomponent("vevent")!);
      expect(event.startDate.toJSDate().toISOString()).toBe(slotInstant(slot, "America/New_York").toISOString());
      expect(+event.endDate.toJSDate() - +event.startDate.toJSDate()).toBe(60 * 60_000);
      expect(event.location).toContain(site.address.street);
      expect(event.summary).toContain(cart.name);
      await vi.waitFor(async () => expect((await s.leads.get(id))?.confirmation).toMatchObject({ status: "sent", attempts: 1 }));
      expect((await s.leads.get(id))?.delivery.status).toBe("sent");
      // Nothing more is sent, however often the outbox is woken.
      expect(await s.leads.pendingConfirmations()).toEqual([]);
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.messages).toHaveLength(2);
    },
  );

  it.skipIf(engine === "postgres" && unavailable)(
    "with the mail server down the booking is answered at once and kept; the confirmation is retried and lands once when it is back",
    async () => {
      const port = await freePort();
      const s = track(await startTestServer({ ...mailEnv(`smtp://127.0.0.1:${port}`), ...(await engineEnv(engine)) }));
      const { id } = await book(s);
      await vi.waitFor(async () => expect((await s.leads.get(id))?.confirmation?.attempts).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
      expect((await s.leads.get(id))?.confirmation?.status).toBe("pending");
      expect((await s.leads.pendingConfirmations()).map((l) => l.id)).toEqual([id]);
      const smtp = track(await startSmtpSink(port));
      await vi.waitFor(async () => expect((await s.leads.get(id))?.confirmation?.status).toBe("sent"), { timeout: 15_000 });
      await vi.waitFor(() => expect(smtp.messages.filter((m) => m.attachments.some((a) => a.filename === "test-drive.ics"))).toHaveLength(1));
    },
  );
});

it("with mail off a test drive is booked and owes no confirmation", async () => {
  const s = track(await startTestServer());
  const { id } = await book(s);
  const lead = await s.leads.get(id);
  expect(lead?.kind).toBe("test-drive");
  expect(lead).not.toHaveProperty("confirmation");
  expect(await s.leads.pendingConfirmations()).toEqual([]);
});
