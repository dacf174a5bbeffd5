import { composeRentalMail, type RentalMailMessage } from "../../domain/rental-booking-mail";
import type { Reservation } from "../../domain/rental-booking";
import type { Site } from "../../domain/site";
import { ICS_CONTENT_TYPE } from "../../domain/ics";
import type { Config } from "../config";
import type { RentalMail, RentalStore } from "../store/rental-store";
import type { SiteStore } from "../store/site-store";
import { backoffDelay, DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";
import { smtpTransport } from "./smtp-transport";

/** Sends one renter's mail; rejects when the mail server did not take it. */
export type SendRentalMail = (message: RentalMailMessage, site: Site) => Promise<void>;

/** Renters' mail through SMTP_URL, from LEAD_FROM, replies to the site's address. */
export function smtpRentalSender(mail: NonNullable<Config["mail"]>): SendRentalMail {
  const send = smtpTransport(mail);
  return async (m, site) => {
    await send({
      from: { name: site.name, address: mail.from },
      to: m.to,
      replyTo: site.email,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: m.messageId,
      ...(m.ics && { attachments: [{ filename: m.ics.filename, content: m.ics.content, contentType: ICS_CONTENT_TYPE }] }),
    });
  };
}

/**
 * Delivers the mails owed to renters (rental-store.ts keeps each with the change it tells of, in the same write), one
 * at a time, retrying with backoff, and picking up where it left off after a restart. A mail server that is down
 * never loses a reservation nor its mail: the reservation was stored before its 201, and its mail waits.
 */
export class RentalOutbox {
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** Mail id → when its next attempt is due (after a failure). */
  readonly #due = new Map<string, number>();

  constructor(
    private readonly store: RentalStore,
    private readonly sites: Pick<SiteStore, "get" | "list">,
    private readonly send: SendRentalMail,
    /** The cancel link of a reservation (signed: rentals-desk.ts), on the address it was requested through. */
    private readonly cancelUrl: (reservation: Reservation) => Promise<string>,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Sends the mails left pending by a previous run. */
  async start(): Promise<number> {
    const pending = await this.store.pendingMails();
    this.kick();
    return pending.length;
  }

  /** A mail was stored: send what is due now. */
  kick(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      if (this.#again) {
        this.#again = false;
        this.kick();
      } else this.#schedule();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#draining;
  }

  #schedule(): void {
    if (this.#stopped || !this.#due.size) return;
    const next = Math.min(...this.#due.values());
    this.#timer = setTimeout(() => this.kick(), Math.max(0, next - Date.now()));
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    let pending: RentalMail[];
    try {
      pending = await this.store.pendingMails();
    } catch (err) {
      console.error("[mail] could not read the renters' pending mails:", err);
      return;
    }
    const ids = new Set(pending.map((m) => m.id));
    for (const id of this.#due.keys()) if (!ids.has(id)) this.#due.delete(id);
    for (const mail of pending) {
      if (this.#stopped) return;
      const due = this.#due.get(mail.id) ?? (mail.nextAttemptAt ? Date.parse(mail.nextAttemptAt) : 0);
      if (due > Date.now()) {
        this.#due.set(mail.id, due);
        continue;
      }
      try {
        const took = await this.store.deliverMail(mail.id, (claimed, reservation) => this.#attempt(claimed, reservation));
        // Another server holds it (PostgreSQL): should that one stop before its mail lands, this one tries later.
        if (!took) this.#due.set(mail.id, Date.now() + this.backoff.baseMs * 4);
      } catch (err) {
        console.error(`[mail] could not record the delivery of rental mail ${mail.id}:`, err);
      }
    }
  }

  async #attempt(mail: RentalMail, reservation: Reservation) {
    const attempts = mail.attempts + 1;
    try {
      const site = this.sites.get(reservation.site) ?? this.sites.list()[0]!;
      await this.send(composeRentalMail(mail.kind, reservation, site, await this.cancelUrl(reservation)), site);
      this.#due.delete(mail.id);
      return { status: "sent" as const, attempts, sentAt: new Date().toISOString() };
    } catch (err) {
      const wait = backoffDelay(attempts, this.backoff);
      const lastError = err instanceof Error ? err.message : String(err);
      const dueAt = Date.now() + wait;
      console.warn(
        `[mail] rental mail ${mail.kind} of ${reservation.reference} not delivered (attempt ${attempts}): ${lastError}; retrying in ${Math.round(wait / 1000)} s`,
      );
      this.#due.set(mail.id, dueAt);
      return { status: "pending" as const, attempts, lastError, nextAttemptAt: new Date(dueAt).toISOString() };
    }
  }
}
