import type { Delivery, Lead } from "../../domain/lead";
import type { LeadStore } from "../store/lead-store";

/** Sends one lead's notification; rejects when the mail server did not take it. */
export type SendLead = (lead: Lead) => Promise<void>;

export interface Backoff {
  /** Wait after the first failure; doubles with each further failure. */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 15 * 60_000 };

/** The wait before attempt n+1 after n failures: base, 2×base, 4×base … capped. */
export const backoffDelay = (failures: number, { baseMs, maxMs }: Backoff): number =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));

/**
 * Delivers lead mail after the lead is stored, from the pending leads in the
 * store: one at a time (so a lead is never in flight twice), retrying with
 * backoff, and picking up where it left off after a restart.
 */
export class LeadOutbox {
  readonly #due = new Map<string, number>();
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #stopped = false;

  constructor(
    private readonly store: LeadStore,
    private readonly send: SendLead,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Queue every lead left pending, at the time its retry was due. */
  start(): number {
    const pending = this.store.pending();
    for (const lead of pending) this.#due.set(lead.id, lead.delivery.nextAttemptAt ? Date.parse(lead.delivery.nextAttemptAt) : 0);
    this.#kick();
    return pending.length;
  }

  /** A new lead: try it now. */
  enqueue(lead: Lead): void {
    if (this.#stopped || lead.delivery.status !== "pending") return;
    this.#due.set(lead.id, 0);
    this.#kick();
  }

  /** Stop scheduling; resolves once an attempt in flight has finished and been recorded. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#draining;
  }

  #kick(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    if (this.#draining) return;
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#stopped || this.#due.size === 0) return;
    const next = Math.min(...this.#due.values());
    this.#timer = setTimeout(() => this.#kick(), Math.max(0, next - Date.now()));
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const now = Date.now();
      const dueId = [...this.#due].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1])[0]?.[0];
      if (dueId === undefined) return;
      this.#due.delete(dueId);
      const lead = this.store.get(dueId);
      if (!lead || lead.delivery.status !== "pending") continue;
      await this.#attempt(lead);
    }
  }

  async #attempt(lead: Lead): Promise<void> {
    const attempts = lead.delivery.attempts + 1;
    let delivery: Delivery;
    try {
      await this.send(lead);
      delivery = { status: "sent", attempts, sentAt: new Date().toISOString() };
    } catch (err) {
      const wait = backoffDelay(attempts, this.backoff);
      const lastError = err instanceof Error ? err.message : String(err);
      delivery = { status: "pending", attempts, lastError, nextAttemptAt: new Date(Date.now() + wait).toISOString() };
      console.warn(`[mail] lead ${lead.id} not delivered (attempt ${attempts}): ${lastError}; retrying in ${Math.round(wait / 1000)} s`);
      this.#due.set(lead.id, Date.now() + wait);
    }
    try {
      await this.store.setDelivery(lead.id, delivery);
    } catch (err) {
      console.error(`[mail] could not record delivery of lead ${lead.id}:`, err);
    }
  }
}
