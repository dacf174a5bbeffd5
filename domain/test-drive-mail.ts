/**
 * The mail a visitor receives once their test drive is booked: the cart, the day and time in the site's
 * words, the showroom's address, and a calendar file (`.ics`) holding the drive at that address, its start and end the
 * slot's wall time in the site's time zone. Every value the visitor typed is escaped in the HTML and kept to one line.
 * See docs/decisions/0047-test-drive-picker-and-confirmation.md.
 */
import { escapeHtml as h, noEncodedWords, oneLine } from "./escape";
import { icsCalendar } from "./ics";
import { vehicleLabel, type Lead } from "./lead";
import { primaryDomain, siteTimeZone, type Site } from "./site";
import { formatSlot, SLOT_MINUTES, slotInstant } from "./test-drive";
import { factLines, factsTable, visitorMailHtml, visitorMailText, type MailFacts, type VisitorMail } from "./visitor-mail";
import { withFullStop } from "./full-stop";

export type TestDriveMailMessage = VisitorMail & { ics: NonNullable<VisitorMail["ics"]> };

/** The showroom's address on one line, as a calendar's location and the mail say it. */
export const siteAddressLine = (site: Site): string => `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;

/** What a confirmation needs of a lead: a test drive of a cart at a slot. */
type BookedLead = Lead & { slot: string; vehicle: NonNullable<Lead["vehicle"]> };

/** Whether a lead is a booked test drive a confirmation can be written for. */
export const isBookedTestDrive = (lead: Lead): lead is BookedLead => lead.kind === "test-drive" && lead.slot !== undefined && lead.vehicle !== undefined;

/** The calendar file of a booked test drive: one confirmed event at the showroom, SLOT_MINUTES long. */
export function testDriveCalendar(lead: BookedLead, site: Site, now = new Date()): string {
  const start = slotInstant(lead.slot, siteTimeZone(site));
  const about = oneLine(vehicleLabel(lead.vehicle));
  return icsCalendar(
    [
      {
        uid: `test-drive-${lead.id}@${primaryDomain(site)}`,
        start,
        end: new Date(+start + SLOT_MINUTES * 60_000),
        summary: `Test drive: ${about}`,
        description: `Your test drive of the ${about} at ${withFullStop(site.name)} Bring your driver's licence. To change or cancel it, call ${site.phones.main.display}.`,
        location: `${site.name}, ${siteAddressLine(site)}`,
        url: `https://${primaryDomain(site)}/vehicle/${encodeURIComponent(lead.vehicle.id)}`,
        organizer: { name: site.name, email: site.email },
        status: "confirmed",
      },
    ],
    { name: site.name, now },
  );
}

/** The visitor's confirmation of a booked test drive, from the site it was booked on. */
export function composeTestDriveMail(lead: BookedLead, site: Site, now = new Date()): TestDriveMailMessage {
  const name = oneLine(`${lead.firstName} ${lead.lastName}`);
  const about = oneLine(vehicleLabel(lead.vehicle));
  const when = formatSlot(lead.slot);
  const heading = `Your test drive of the ${about} is booked`;
  const facts: MailFacts = [
    ["Cart", about],
    ["When", `${when} (${SLOT_MINUTES} minutes)`],
    ["Where", `${site.name}, ${siteAddressLine(site)}`],
  ];
  const closing = `To change or cancel it, call us at ${site.phones.main.display} or reply to this mail. Please bring your driver's licence.`;
  const text = visitorMailText(site, name, heading, ["", ...factLines(facts), "", "The attached calendar file adds it to your calendar.", closing]);
  const html = visitorMailHtml(site, name, heading, [factsTable(facts), "<p>The attached calendar file adds it to your calendar.</p>", `<p>${h(closing)}</p>`]);
  return {
    to: { name, address: oneLine(lead.email) },
    subject: noEncodedWords(`Test drive booked: ${about}, ${when}`),
    text,
    html,
    messageId: `<test-drive-${lead.id}@${primaryDomain(site)}>`,
    ics: { filename: "test-drive.ics", content: testDriveCalendar(lead, site, now) },
  };
}
