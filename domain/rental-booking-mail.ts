/**
 * The mails a renter receives: "request received" with the reference, the quote, the cancellation terms
 * and the cancel link; "confirmed" with a calendar file for delivery and pickup; "declined" with the reason; "moved"
 * with the new dates and quote; "cancelled" with the refund. Every value the renter typed is escaped in the HTML and
 * kept to one line where it is one.
 */
import { escapeHtml as h, noEncodedWords, oneLine } from "./escape";
import { icsCalendar, type CalendarEvent } from "./ics";
import { formatUsd, formatUsdRate } from "./money";
import { RENTAL_CANCELLATION } from "./rental-cancellation";
import { depositText, planTitle, UNCONFIRMED_HOLD_HOURS, type CancellationRefund, type Reservation } from "./rental-booking";
import { fromLocalDateTime } from "./local-time";
import { primaryDomain, type Site } from "./site";
import { DELIVERY_RULES } from "./delivery";
import { factLines, factsTable, visitorMailHtml, visitorMailText, type MailFacts, type VisitorMail } from "./visitor-mail";

export type RentalMailKindOf = "received" | "confirmed" | "declined" | "moved" | "cancelled";

/** A renter's mail; a confirmed rental's carries the calendar file of the delivery (or pickup at the shop) and the return. */
export type RentalMailMessage = VisitorMail;

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Saturday, June 12, 2027 at 10:00 AM": a local date-time of the shop in words. */
export function localDateTimeWords(local: string): string {
  const [date, time] = local.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm] = time!.split(":").map(Number);
  return dateFormat.format(Date.UTC(y!, m! - 1, d!, hh!, mm!)).replace(/,(?= \d+:)/, " at");
}

/** The cancellation terms in the rental policy's words. */
export const CANCELLATION_TERMS = [
  `Cancel more than ${RENTAL_CANCELLATION.freeNoticeHours} hours before the start: full refund, no fee.`,
  `Cancel within ${RENTAL_CANCELLATION.freeNoticeHours} hours of the start: ${RENTAL_CANCELLATION.lateRefundPercent}% of the rental price back.`,
  "No-show: no refund.",
] as const;

/**
 * What a cancellation costs the renter, in the mail's words. Nothing is paid online (the request's mail says so), so
 * nothing is refunded either: the policy's refund is the part of the price the renter no longer owes.
 */
export function refundSentence(refund: CancellationRefund, total: number): string {
  if (refund.percent === 100) return "Nothing was charged, and you owe nothing: there is no fee.";
  const due = formatUsdRate(Math.round((total - refund.amount) * 100) / 100);
  if (refund.percent === 0) return `Nothing was charged online. The rental had started, so under the policy its price, ${due}, is due.`;
  return `Nothing was charged online. You cancelled within ${RENTAL_CANCELLATION.freeNoticeHours} hours of the start, so under the policy ${100 - refund.percent}% of the price, ${due}, is due.`;
}

const where = (r: Reservation, site: Site): string =>
  r.delivery.kind === "delivery"
    ? `Delivered to ${oneLine(r.delivery.street)}, ${oneLine(site.towns.find((t) => t.slug === (r.delivery as { town: string }).town)?.name ?? r.delivery.town)}`
    : `Picked up at the shop: ${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;

/** The calendar file of a confirmed rental: the hand-over and the return, each in the delivery window. */
export function rentalCalendar(r: Reservation, site: Site, now = new Date()): string {
  const window = DELIVERY_RULES.windowHours * 3_600_000;
  const delivered = r.delivery.kind === "delivery";
  const place = delivered
    ? where(r, site).replace(/^Delivered to /, "")
    : `${site.address.street}, ${site.address.city}, ${site.address.region} ${site.address.postalCode}`;
  const start = fromLocalDateTime(r.start, r.timeZone);
  const end = fromLocalDateTime(r.end, r.timeZone);
  const organizer = { name: site.name, email: site.email };
  const events: CalendarEvent[] = [
    {
      uid: `rental-${r.id}-start@${primaryDomain(site)}`,
      start,
      end: new Date(+start + (delivered ? window : 30 * 60_000)),
      summary: delivered ? `${planTitle(r.plan)} cart delivery (${r.reference})` : `Pick up your ${planTitle(r.plan)} cart (${r.reference})`,
      description: `${site.name} rental ${r.reference}. Bring a valid driver's licence and the card for the ${formatUsd(r.quote.deposit)} deposit.`,
      location: place,
      organizer,
      status: "confirmed",
      sequence: r.version,
    },
    {
      uid: `rental-${r.id}-end@${primaryDomain(site)}`,
      start: end,
      end: new Date(+end + (delivered ? window : 30 * 60_000)),
      summary: delivered ? `${planTitle(r.plan)} cart pickup (${r.reference})` : `Return your ${planTitle(r.plan)} cart (${r.reference})`,
      description: `${site.name} rental ${r.reference}: the rental ends. Late returns are charged by the hour.`,
      location: place,
      organizer,
      status: "confirmed",
      sequence: r.version,
    },
  ];
  return icsCalendar(events, { name: site.name, now });
}

/** The "request received" mail's ask, while the request holds its cart only for a while. */
export const confirmEmailAsk = () =>
  `Please confirm your e-mail address with the link below: we hold the cart for your request for ${UNCONFIRMED_HOLD_HOURS} hours until you do, and until we decide once you have.`;

/**
 * A renter's mail for one step of a reservation; `cancelUrl` for the steps that offer cancelling, `confirmEmailUrl`
 * for a request received that waits for its renter's e-mail (reservation.holdUntil).
 */
export function composeRentalMail(
  kind: RentalMailKindOf,
  r: Reservation,
  site: Site,
  cancelUrl: string,
  now = new Date(),
  confirmEmailUrl?: string,
): RentalMailMessage {
  const name = oneLine(`${r.renter.firstName} ${r.renter.lastName}`);
  const plan = planTitle(r.plan);
  const heading = {
    received: `We received your rental request ${r.reference}`,
    confirmed: `Your rental ${r.reference} is confirmed`,
    declined: `We cannot take your rental request ${r.reference}`,
    moved: `Your rental ${r.reference} has new dates`,
    cancelled: `Your rental ${r.reference} is cancelled`,
  }[kind];
  const intro = {
    received: "Thank you. We will confirm it by e-mail once we have checked the cart and the delivery. Nothing is paid online.",
    confirmed: `Your ${plan} cart is booked. The attached calendar file holds the delivery and the pickup.`,
    declined: `We are sorry: we cannot take this request. The reason: ${oneLine(r.reason ?? "not given")}. Call us at ${site.phones.main.display} and we will help you find another way.`,
    moved: "We changed the dates of your rental, as agreed. The new dates and price are below.",
    cancelled: r.refund ? refundSentence(r.refund, r.quote.total) : "Your rental is cancelled.",
  }[kind];
  const facts: MailFacts = [
    ["Reference", r.reference],
    ["Cart", plan],
    ["Start", localDateTimeWords(r.start)],
    ["End", localDateTimeWords(r.end)],
    ["Where", where(r, site)],
  ];
  const quoteLines: MailFacts = [...r.quote.lines.map((l): [string, string] => [l.label, formatUsd(l.amount)]), ["Total", formatUsd(r.quote.total)]];
  const offersCancel = kind === "received" || kind === "confirmed" || kind === "moved";
  const showsQuote = kind !== "declined";
  const asksEmail = kind === "received" && r.holdUntil !== undefined && confirmEmailUrl !== undefined;
  const text = visitorMailText(site, name, heading, [
    intro,
    ...(asksEmail ? ["", confirmEmailAsk(), `Confirm your e-mail: ${confirmEmailUrl}`] : []),
    "",
    ...factLines(facts),
    ...(showsQuote ? ["", "Price:", ...factLines(quoteLines, "  "), "", depositText(r.quote.deposit)] : []),
    ...(offersCancel ? ["", "Cancellation:", ...CANCELLATION_TERMS.map((t) => `  ${t}`), `To cancel, open ${cancelUrl}`] : []),
  ]);
  const html = visitorMailHtml(site, name, heading, [
    `<p>${h(intro)}</p>`,
    asksEmail ? `<p>${h(confirmEmailAsk())}</p><p><a href="${h(confirmEmailUrl!)}">Confirm my e-mail address</a></p>` : "",
    factsTable(facts),
    showsQuote ? `<h2 style="font-size:16px">Price</h2>${factsTable(quoteLines)}<p>${h(depositText(r.quote.deposit))}</p>` : "",
    offersCancel
      ? `<h2 style="font-size:16px">Cancellation</h2><ul>${CANCELLATION_TERMS.map((t) => `<li>${h(t)}</li>`).join("")}</ul><p><a href="${h(cancelUrl)}">Cancel this rental</a> (you will see the refund before you confirm).</p>`
      : "",
  ]);
  return {
    to: { name, address: r.renter.email },
    subject: noEncodedWords(`${heading} (${plan}, ${localDateTimeWords(r.start)})`),
    text,
    html,
    messageId: `<rental-${r.id}-${kind}-${r.version}@${primaryDomain(site)}>`,
    ...(kind === "confirmed" || (kind === "moved" && r.status === "confirmed")
      ? { ics: { filename: `rental-${r.reference}.ics`, content: rentalCalendar(r, site, now) } }
      : {}),
  };
}
