/**
 * The rental desk's operations, below HTTP: a quote with the cart count, a renter's request, the renter's
 * cancellation by a signed link, and the staff's confirm, decline, move and cancel. The public routes
 * (rentals.ts), the staff routes (staff/rentals.ts) and the cancel page (host-site/server/rental-cancel.ts) all go
 * through it, so each rule is applied in one place.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  RESERVATION_ACTIONS,
  cancellationRefund,
  planTitle,
  quoteRental,
  rentalHoursProblem,
  rentalTowns,
  type CancellationRefund,
  type RentalQuote,
  type RentalQuoteContext,
  type RentalQuoteInput,
  type RentalQuoteResult,
  type ReservationAction,
  type ReservationEvent,
  type ReservationRequest,
  type Reservation,
  tooManyUnconfirmedMessage,
  UNCONFIRMED_HOLD_HOURS,
  UNCONFIRMED_PER_RENTER,
  RENTAL_CONFIRM_PATH,
} from "../../domain/rental-booking";
import { fromLocalDateTime, localDay } from "../../domain/local-time";
import { formatUsd } from "../../domain/money";
import { siteOrigin, siteTimeZone, type Site } from "../../domain/site";
import type { Availability, ChangeResult, RentalMailKind, RentalStore } from "../store/rental-store";
import type { SiteStore } from "../store/site-store";
import type { Config } from "../config";
import { DEFAULT_BACKOFF, type Backoff } from "../mail/lead-outbox";
import { RentalOutbox, type SendRentalMail } from "../mail/rental-outbox";
import { smtpVisitorSender } from "../mail/visitor-sender";

/** Hears that a mail was stored for a reservation, to send it now (the outbox); absent when mail is off. */
export interface RentalMailQueue {
  kick(): void;
}

export type QuoteAnswer =
  { ok: true; quote: RentalQuote; availability: Availability; startsAt: Date; endsAt: Date } | Extract<RentalQuoteResult, { ok: false }>;

export type ReserveAnswer =
  | { ok: true; reservation: Reservation; mailQueued: boolean }
  | { ok: false; status: 400; errors: Record<string, string> }
  | { ok: false; status: 409; message: string; availability: Availability }
  | { ok: false; status: 429; message: string };

/** What a renter's e-mail confirmation link came to. */
export type EmailConfirmAnswer =
  | { ok: true; reservation: Reservation; already: boolean }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "closed" | "full"; reservation: Reservation };

/** What a renter's cancellation link finds. */
export type LinkAnswer = { ok: true; reservation: Reservation; refund: CancellationRefund; cancellable: boolean } | { ok: false };

export const EMAIL_LINK_INVALID = "This confirmation link is not valid: check that the whole link was copied, or call us.";

/** Why an e-mail confirmation did not keep the request, in words. */
export const emailConfirmRefusal = (done: Extract<EmailConfirmAnswer, { reason: "closed" | "full" }>): string =>
  done.reason === "full"
    ? `Your request ${done.reservation.reference} was not confirmed within ${UNCONFIRMED_HOLD_HOURS} hours, and its cart has been taken since: please send a new request or call us.`
    : `Your request ${done.reservation.reference} is ${done.reservation.status} already: nothing to confirm.`;

/** "No 6 Seater is free for those dates…": the 409's words. */
export const noCartMessage = (plan: Reservation["plan"]) =>
  `No ${planTitle(plan)} is free for those dates: choose other dates or another cart, or call us and we will do our best.`;

/** A refund in words: "a full refund of $1,050", "50% back: $525", "no refund (the rental has started)". */
export function refundWords(refund: CancellationRefund): string {
  if (refund.percent === 100) return `a full refund of ${formatUsd(refund.amount)}`;
  if (refund.percent === 0) return "no refund, as the rental has started";
  return `${refund.percent}% back: ${formatUsd(refund.amount)}, as the rental starts within 24 hours`;
}

export class RentalDesk {
  constructor(
    readonly store: RentalStore,
    private readonly mail: RentalMailQueue | null,
    private readonly now: () => Date = () => new Date(),
    /** Unconfirmed requests one renter may hold (RENTAL_UNCONFIRMED_LIMIT); 0: no limit. */
    private readonly unconfirmedLimit = UNCONFIRMED_PER_RENTER,
  ) {}

  /** Whether the desk stores a mail to the renter with each step: what it may promise ("we have sent you an e-mail"). */
  get sendsMail(): boolean {
    return this.mail !== null;
  }

  /** The site's time zone (its record's `timeZone`, else Eastern): its rentals' dates, "same day" and "2 PM" are read in it. */
  timeZone(site: Site): string {
    return siteTimeZone(site);
  }

  /** Today at the site ("2027-06-12"), in its time zone: where the desk's calendar starts. */
  today(site: Site): string {
    return localDay(this.now(), this.timeZone(site));
  }

  context(site: Site): RentalQuoteContext {
    return { now: this.now(), timeZone: this.timeZone(site), towns: rentalTowns(site.towns, site.geo) };
  }

  /** The quote's context with the site's booking horizon: what a renter may ask for (staff's moves are not bound by it). */
  async #renterContext(site: Site): Promise<RentalQuoteContext> {
    return { ...this.context(site), horizonDays: (await this.store.settings(site.id)).bookingHorizonDays };
  }

  /** The quote and how many carts of the plan are free over its hold. */
  async quote(site: Site, input: RentalQuoteInput, except?: string): Promise<QuoteAnswer> {
    const result = quoteRental(input, await this.#renterContext(site));
    if (!result.ok) return result;
    const tz = this.timeZone(site);
    const startsAt = fromLocalDateTime(input.start, tz);
    const endsAt = fromLocalDateTime(input.end, tz);
    const availability = await this.store.availability(site.id, input.plan, startsAt, endsAt, except);
    return { ok: true, quote: result.quote, availability, startsAt, endsAt };
  }

  /**
   * A renter's request: quoted, then stored when a cart is free, with the "request received" mail. It holds its cart
   * for UNCONFIRMED_HOLD_HOURS, or past them once its renter confirms their e-mail by the mail's link; one e-mail or
   * one `address` holds at most `unconfirmedLimit` such requests at once (429 past that).
   */
  async reserve(site: Site, request: ReservationRequest, origin: string, address?: string): Promise<ReserveAnswer> {
    const { plan, start, end, delivery, drivers, firstName, lastName, email, phone, source } = request;
    const result = quoteRental({ plan, start, end, delivery, drivers }, await this.#renterContext(site));
    if (!result.ok) return { ok: false, status: 400, errors: result.errors };
    const tz = this.timeZone(site);
    const now = this.now();
    const at = now.toISOString();
    const taken = await this.store.reserve(
      {
        site: site.id,
        plan,
        start: result.quote.start,
        end: result.quote.end,
        startsAt: fromLocalDateTime(start, tz).toISOString(),
        endsAt: fromLocalDateTime(end, tz).toISOString(),
        timeZone: tz,
        status: "requested",
        quote: result.quote,
        renter: { firstName, lastName, email, phone },
        delivery,
        drivers,
        source: source || null,
        origin,
        createdAt: at,
        holdUntil: new Date(+now + UNCONFIRMED_HOLD_HOURS * HOUR_MS).toISOString(),
        ...(address && { address }),
        history: [{ at, by: "renter", action: "requested", detail: `Requested through ${source || "the site"}: ${formatUsd(result.quote.total)}` }],
      },
      this.mailKind("received"),
      this.unconfirmedLimit > 0 ? { max: this.unconfirmedLimit } : undefined,
    );
    if (!taken.ok && "unconfirmed" in taken) return { ok: false, status: 429, message: tooManyUnconfirmedMessage(taken.unconfirmed) };
    if (!taken.ok) return { ok: false, status: 409, message: noCartMessage(plan), availability: taken.availability };
    this.mail?.kick();
    return { ok: true, reservation: taken.reservation, mailQueued: this.sendsMail };
  }

  // --- The renter's link -------------------------------------------------------------------------------------------

  /** The signed part of a reservation's link for `purpose`: HMAC-SHA256 of the purpose and its id, in base64url. */
  async #signature(reservation: Pick<Reservation, "id">, purpose: LinkPurpose): Promise<string> {
    return createHmac("sha256", await this.store.linkKey())
      .update(`${purpose}:${reservation.id}`)
      .digest("base64url");
  }

  /** The token of a reservation's cancellation link: its reference and the signature. */
  async cancelToken(reservation: Pick<Reservation, "id" | "reference">): Promise<string> {
    return `${reservation.reference}.${await this.#signature(reservation, "rental-cancel")}`;
  }

  /** The token of the link that confirms a renter's e-mail (a different signature: neither link opens the other's page). */
  async emailToken(reservation: Pick<Reservation, "id" | "reference">): Promise<string> {
    return `${reservation.reference}.${await this.#signature(reservation, "rental-email")}`;
  }

  /** The reservation a token for `purpose` names, when its signature is right. */
  async #signed(token: unknown, purpose: LinkPurpose): Promise<Reservation | undefined> {
    if (typeof token !== "string" || token.length > 100) return undefined;
    const [reference, signature] = token.split(".");
    if (!reference || !signature) return undefined;
    const reservation = await this.store.byReference(reference);
    if (!reservation) return undefined;
    const expected = Buffer.from(await this.#signature(reservation, purpose));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return reservation;
  }

  /** The reservation an e-mail confirmation token names, when its signature is right. */
  fromEmailToken(token: unknown): Promise<Reservation | undefined> {
    return this.#signed(token, "rental-email");
  }

  /**
   * The renter confirms their e-mail by the link of the "request received" mail: the request then holds its cart until
   * staff decide. A request whose hold had lapsed takes its cart again only when one is still free ("full" otherwise).
   */
  async confirmEmail(token: unknown): Promise<EmailConfirmAnswer> {
    const found = await this.fromEmailToken(token);
    if (!found) return { ok: false, reason: "invalid" };
    if (found.emailConfirmedAt) return { ok: true, reservation: found, already: true };
    if (found.status !== "requested") return { ok: false, reason: "closed", reservation: found };
    const at = this.now().toISOString();
    const result = await this.store.change(
      found.id,
      undefined,
      (r) => {
        if (r.status !== "requested") return { refused: `This reservation is ${r.status}.` };
        const { holdUntil: _lapses, ...kept } = r;
        return {
          ...kept,
          emailConfirmedAt: at,
          history: [
            ...r.history,
            { at, by: "renter", action: "e-mail confirmed", detail: `E-mail ${r.renter.email} confirmed: the cart is held until we decide` },
          ],
        };
      },
      null,
    );
    if (result.ok) return { ok: true, reservation: result.reservation, already: false };
    if (result.reason === "missing") return { ok: false, reason: "invalid" };
    return { ok: false, reason: result.reason === "full" ? "full" : "closed", reservation: result.current };
  }

  /** The reservation a cancellation token names, when its signature is right; the refund cancelling now would give. */
  async fromToken(token: unknown): Promise<LinkAnswer> {
    const reservation = await this.#signed(token, "rental-cancel");
    if (!reservation) return { ok: false };
    return {
      ok: true,
      reservation,
      refund: cancellationRefund(reservation, this.now()),
      cancellable: (RESERVATION_ACTIONS.cancel as readonly string[]).includes(reservation.status),
    };
  }

  /** The renter cancels through the link: the refund of the moment, the "cancelled" mail. */
  async cancelByRenter(
    token: unknown,
  ): Promise<LinkAnswer | { ok: true; reservation: Reservation; refund: CancellationRefund; cancellable: false; already: boolean }> {
    const found = await this.fromToken(token);
    if (!found.ok) return found;
    if (!found.cancellable) return { ...found, cancellable: false, already: true };
    const result = await this.act(found.reservation.id, undefined, "renter", "cancel", {});
    if (!result.ok) {
      const current = "current" in result ? result.current : found.reservation;
      return { ok: true, reservation: current, refund: current.refund ?? found.refund, cancellable: false, already: true };
    }
    return { ok: true, reservation: result.reservation, refund: result.reservation.refund!, cancellable: false, already: false };
  }

  // --- Staff actions ------------------------------------------------------------------------------------------------

  /**
   * A step of a reservation, by `by` (a staff member's e-mail, or "renter"): confirm, decline with a reason, move to
   * new dates (re-quoted; only when a cart is free), or cancel with the refund of the moment. Each is written to the
   * reservation's history and mailed to the renter.
   */
  async act(
    id: string,
    ifVersion: number | undefined,
    by: string,
    action: ReservationAction,
    args: { reason?: string; start?: string; end?: string },
    site?: Site,
  ): Promise<ChangeResult> {
    const now = this.now();
    const at = now.toISOString();
    const event = (detail: string): ReservationEvent => ({ at, by, action, detail });
    const allowed = RESERVATION_ACTIONS[action] as readonly string[];
    const refusedStatus = (r: Reservation) => ({ refused: `This reservation is ${r.status}: it cannot be ${PAST[action]}.` });
    return this.store
      .change(
        id,
        ifVersion,
        (r) => {
          if (!allowed.includes(r.status)) return refusedStatus(r);
          switch (action) {
            case "confirm": {
              // Staff's decision: held from now on, whatever became of the renter's e-mail.
              const { holdUntil: _decided, ...kept } = r;
              return { ...kept, status: "confirmed", history: [...r.history, event("Confirmed")] };
            }
            case "decline":
              return { ...r, status: "declined", reason: args.reason, history: [...r.history, event(`Declined: ${args.reason}`)] };
            case "cancel": {
              const refund = cancellationRefund(r, now);
              return { ...r, status: "cancelled", refund, history: [...r.history, event(`Cancelled: ${refundWords(refund)}`)] };
            }
            case "move": {
              // The site's zone of today (the reservation's own when the site is gone): the new dates are read in it.
              const tz = site ? this.timeZone(site) : r.timeZone;
              const result = quoteRental(
                { plan: r.plan, start: args.start!, end: args.end!, delivery: r.delivery, drivers: r.drivers },
                site ? this.context(site) : { now, timeZone: tz, towns: [] },
              );
              if (!result.ok) return { refused: Object.values(result.errors).join(" ") };
              const outside = site && rentalHoursProblem(site.hours, result.quote.start, result.quote.end);
              if (outside) return { refused: outside };
              const moved = `${r.start} – ${r.end} to ${result.quote.start} – ${result.quote.end}, ${formatUsd(r.quote.total)} to ${formatUsd(result.quote.total)}`;
              return {
                ...r,
                start: result.quote.start,
                end: result.quote.end,
                startsAt: fromLocalDateTime(result.quote.start, tz).toISOString(),
                endsAt: fromLocalDateTime(result.quote.end, tz).toISOString(),
                timeZone: tz,
                quote: result.quote,
                history: [...r.history, event(`Moved from ${moved}`)],
              };
            }
          }
        },
        this.mailKind(MAIL_OF[action]),
      )
      .then((result) => {
        if (result.ok) this.mail?.kick();
        return result;
      });
  }

  /** The mail to store with a change, or none when mail is off. */
  private mailKind(kind: RentalMailKind): RentalMailKind | null {
    return this.mail ? kind : null;
  }
}

/** What a signed link of a reservation is for: its HMAC covers the purpose, so one link never stands for another. */
type LinkPurpose = "rental-cancel" | "rental-email";
const HOUR_MS = 3_600_000;

const PAST: Record<ReservationAction, string> = { confirm: "confirmed", decline: "declined", move: "moved", cancel: "cancelled" };
const MAIL_OF: Record<ReservationAction, RentalMailKind> = { confirm: "confirmed", decline: "declined", move: "moved", cancel: "cancelled" };

/** The desk and, when mail is on, the outbox of renters' mails, wired to each other. */
export function openRentalDesk(
  store: RentalStore,
  sites: Pick<SiteStore, "get" | "list">,
  mail: Config["mail"],
  options: { backoff?: Backoff; send?: SendRentalMail; now?: () => Date; publicOrigin?: string; unconfirmedLimit?: number } = {},
): { desk: RentalDesk; outbox: RentalOutbox | null } {
  // Links on the site's own address as stored, whatever Host the request came with.
  const siteUrl = (r: Reservation, path: string) => `${siteOrigin(sites.get(r.site) ?? sites.list()[0]!, options.publicOrigin)}${path}`;
  const cancelUrl = async (r: Reservation) => siteUrl(r, `/rentals/cancel?token=${encodeURIComponent(await desk.cancelToken(r))}`);
  const send = options.send ?? (mail ? smtpVisitorSender(mail) : null);
  const outbox = send
    ? new RentalOutbox(
        store,
        sites,
        send,
        cancelUrl,
        options.backoff ?? (mail ? { ...DEFAULT_BACKOFF, baseMs: mail.retryBaseMs } : DEFAULT_BACKOFF),
        async (r) => siteUrl(r, `${RENTAL_CONFIRM_PATH}?token=${encodeURIComponent(await desk.emailToken(r))}`),
      )
    : null;
  const desk: RentalDesk = new RentalDesk(store, outbox, options.now, options.unconfirmedLimit);
  return { desk, outbox };
}
