import type { Delivery, Lead } from "../../domain/lead";
import { ICS_CONTENT_TYPE } from "../../domain/ics";
import type { Site } from "../../domain/site";
import { composeTestDriveMail, isBookedTestDrive, type TestDriveMailMessage } from "../../domain/test-drive-mail";
import type { Config } from "../config";
import type { LeadStore } from "../store/lead-store";
import type { SiteStore } from "../store/site-store";
import { backoffDelay, DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";
import { leadMailSite } from "./smtp-sender";
import { smtpTransport } from "./smtp-transport";

/** Sends one visitor's test-drive confirmation; rejects when the mail server did not take it. */
export type SendTestDriveMail = (message: TestDriveMailMessage, site: Site) => Promise<void>;

/** Visitors' confirmations through SMTP_URL, from LEAD_FROM with the site's name, replies to the site's address. */
export function smtpTestDriveSender(mail: NonNullable<Config["mail"]>): SendTestDriveMail {
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
      attachments: [{ filename: m.ics.filename, content: m.ics.content, contentType: ICS_CONTENT_TYPE }],
    });
  };
}

/**
 * Delivers visitors' test-drive confirmations (issue 30, decision 0047). The lead is stored with its confirmation
 * pending, in the same write as the booking itself, so neither a mail server that is down nor a restart loses it: this
 * outbox sends it, one at a time, retrying with backoff, and on start picks up those a previous run left pending.
 * Separate from the lead outbox, so the sales mail and the visitor's mail are each sent once, whichever fails.
 */
export class TestDriveOutbox {
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** Lead id → when its next attempt is due (after a failure). */
  readonly #due = new Map<string, number>();

  constructor(
    private readonly store: Pick<LeadStore, "pendingConfirmations" | "confirm">,
    private readonly sites: Pick<SiteStore, "get" | "list">,
    private readonly send: SendTestDriveMail,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Sends the confirmations left pending by a previous run; resolves with how many there were. */
  async start(): Promise<number> {
    const pending = await this.store.pendingConfirmations();
    this.kick();
    return pending.length;
  }

  /** A test drive was booked: send what is due now. */
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

  /** Stop scheduling; resolves once an attempt in flight has been recorded. */
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
    let pending: Lead[];
    try {
      pending = await this.store.pendingConfirmations();
    } catch (err) {
      console.error("[mail] could not read the pending test-drive confirmations:", err);
      return;
    }
    const ids = new Set(pending.map((l) => l.id));
    for (const id of this.#due.keys()) if (!ids.has(id)) this.#due.delete(id);
    for (const lead of pending) {
      if (this.#stopped) return;
      const due = this.#due.get(lead.id) ?? (lead.confirmation?.nextAttemptAt ? Date.parse(lead.confirmation.nextAttemptAt) : 0);
      if (due > Date.now()) {
        this.#due.set(lead.id, due);
        continue;
      }
      try {
        const took = await this.store.confirm(lead.id, (claimed) => this.#attempt(claimed));
        // Another server holds it (PostgreSQL): should that one stop before its mail lands, this one tries later.
        if (!took) this.#due.set(lead.id, Date.now() + this.backoff.baseMs * 4);
      } catch (err) {
        console.error(`[mail] could not record the test-drive confirmation of lead ${lead.id}:`, err);
      }
    }
  }

  async #attempt(lead: Lead): Promise<Delivery> {
    const attempts = (lead.confirmation?.attempts ?? 0) + 1;
    try {
      if (!isBookedTestDrive(lead)) throw new Error("not a booked test drive (no cart or slot)");
      const site = leadMailSite(this.sites, lead);
      await this.send(composeTestDriveMail(lead, site), site);
      this.#due.delete(lead.id);
      return { status: "sent", attempts, sentAt: new Date().toISOString() };
    } catch (err) {
      const wait = backoffDelay(attempts, this.backoff);
      const lastError = err instanceof Error ? err.message : String(err);
      const dueAt = Date.now() + wait;
      console.warn(
        `[mail] test-drive confirmation of lead ${lead.id} not delivered (attempt ${attempts}): ${lastError}; retrying in ${Math.round(wait / 1000)} s`,
      );
      this.#due.set(lead.id, dueAt);
      return { status: "pending", attempts, lastError, nextAttemptAt: new Date(dueAt).toISOString() };
    }
  }
}

/** The lead queue POST /api/contact hands leads to (its LeadQueue), which also confirms test drives to their visitors through `confirmations`. */
export const withTestDriveConfirmations = <Q extends { enqueue(lead: Lead): void; resend(id: string): Promise<"queued" | "sent" | "unknown"> }>(
  queue: Q,
  confirmations: TestDriveOutbox,
) => ({
  enqueue: (lead: Lead) => queue.enqueue(lead),
  resend: (id: string) => queue.resend(id),
  confirmTestDrive: (_lead: Lead) => confirmations.kick(),
});
