/**
 * A confirmation promises a mail only when one is on its way: the 201 of a rental request and of a booked test drive
 * says `mailQueued`, false with the site's mail off (nothing stored to send) and true once a mail to the visitor was
 * stored with the request. The widgets read it (RentalBooking.test.tsx, TestDrive.test.tsx).
 */
import { describe, expect, it, vi } from "vitest";
import type { TestDriveSlots } from "../routes/test-drives";
import { readRentals } from "../store/rental-store";
import { startSmtpSink } from "../testing/smtp-sink";
import { postJson, startTestServer, validLead, type TestServer } from "../testing/test-server";
import { closedAfterEach, dayAhead, mailEnv } from "../testing/mail-env";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
const track = closedAfterEach();

const day = dayAhead;
const rental = {
  plan: "4-seater",
  start: day(8),
  end: day(10),
  delivery: { kind: "pickup" },
  drivers: 0,
  firstName: "Dana",
  lastName: "Beach",
  email: "dana.beach@example.com",
  phone: "302-555-0100",
  adult: true,
  agreement: true,
};

async function testDrive(s: TestServer) {
  const cart = s.vehicles.all().find((v) => v.status === "available")!;
  const { days } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}`)).json()) as TestDriveSlots;
  const { slots } = (await (await fetch(`${s.url}/api/test-drives/slots?vehicle=${cart.id}&date=${days.at(-1)}`)).json()) as TestDriveSlots;
  return postJson(`${s.url}/api/contact`, validLead({ kind: "test-drive", vehicleId: cart.id, slot: slots.find((x) => x.free)!.slot }));
}

describe("the mail a confirmation promises", () => {
  it("with lead mail off: the rental and the test drive answer mailQueued false, and no mail is stored", async () => {
    const s = track(await startTestServer());
    const res = await postJson(`${s.url}/api/rentals/reservations`, rental);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: "requested", mailQueued: false });
    expect((await readRentals(s.dataDir))!.mails).toEqual([]);

    const drive = await testDrive(s);
    expect(drive.status).toBe(201);
    expect(await drive.json()).toMatchObject({ mailQueued: false });
  });

  it("with mail on: both answer mailQueued true and the visitor's mail arrives; a plain message promises none", async () => {
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url)));
    const res = await postJson(`${s.url}/api/rentals/reservations`, rental);
    expect(await res.json()).toMatchObject({ status: "requested", mailQueued: true });
    const drive = await testDrive(s);
    expect(await drive.json()).toMatchObject({ mailQueued: true });
    const message = await postJson(`${s.url}/api/contact`, validLead());
    expect(await message.json()).toMatchObject({ mailQueued: false });
    const toVisitors = () => smtp.messages.filter((m) => !(m.to && "text" in m.to && m.to.text === "sales@dealer.example"));
    await vi.waitFor(() => expect(toVisitors()).toHaveLength(2), { timeout: 10_000 });
  });
});
