import { backoffDelay, DEFAULT_BACKOFF, type Backoff } from "./lead-outbox";

/** A mail owed, as the outbox finds it among the pending. */
export interface OwedMail {
  id: string;
  /** Set after a failed attempt: not before then. */
  nextAttemptAt?: string;
}

/** A mail claimed for an attempt: the attempts made before, its name in the log, and how to send it. */
export interface ClaimedMail {
  attempts: number;
  describe: string;
  send(): Promise<void>;
}

/** What an attempt made of a mail, for its store to record. */
export type MailAttempt =
  { status: "sent"; attempts: number; sentAt: string } | { status: "pending"; attempts: number; lastError: string; nextAttemptAt: string };

/** The store side of an outbox: the mails it owes, and one attempt on one of them, claimed and recorded in one write. */
export interface MailQueue {
  /** The mails in log lines: "renters' mails". */
  name: string;
  pending(): Promise<OwedMail[]>;
  /** Claim mail `id`, let `attempt` try it and record what it made of it; false when another server holds it. */
  deliver(id: string, attempt: (mail: ClaimedMail) => Promise<MailAttempt>): Promise<boolean>;
}

/**
 * Sends the mails a store keeps owed beside the change they tell of (written in the same write, so neither a mail
 * server that is down nor a restart loses one): one at a time, retrying each with backoff, and on start picking up
 * what a previous run left pending. The renters' mails and the test-drive confirmations each have one; the sales
 * team's lead mail has its own (lead-outbox.ts), which also resends on request.
 */
export class MailOutbox {
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** Mail id → when its next attempt is due (after a failure, or while another server holds it). */
  readonly #due = new Map<string, number>();

  constructor(
    private readonly queue: MailQueue,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Sends the mails left pending by a previous run; resolves with how many there were. */
  async start(): Promise<number> {
    const pending = await this.queue.pending();
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
    let pending: OwedMail[];
    try {
      pending = await this.queue.pending();
    } catch (err) {
      console.error(`[mail] could not read the pending ${this.queue.name}:`, err);
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
        const took = await this.queue.deliver(mail.id, (claimed) => this.#attempt(mail.id, claimed));
        // Another server holds it (PostgreSQL): should that one stop before its mail lands, this one tries later.
        if (!took) this.#due.set(mail.id, Date.now() + this.backoff.baseMs * 4);
      } catch (err) {
        console.error(`[mail] could not record the delivery of ${mail.id} (${this.queue.name}):`, err);
      }
    }
  }

  async #attempt(id: string, mail: ClaimedMail): Promise<MailAttempt> {
    const attempts = mail.attempts + 1;
    try {
      await mail.send();
      this.#due.delete(id);
      return { status: "sent", attempts, sentAt: new Date().toISOString() };
    } catch (err) {
      const wait = backoffDelay(attempts, this.backoff);
      const lastError = err instanceof Error ? err.message : String(err);
      const dueAt = Date.now() + wait;
      console.warn(`[mail] ${mail.describe} not delivered (attempt ${attempts}): ${lastError}; retrying in ${Math.round(wait / 1000)} s`);
      this.#due.set(id, dueAt);
      return { status: "pending", attempts, lastError, nextAttemptAt: new Date(dueAt).toISOString() };
    }
  }
}
