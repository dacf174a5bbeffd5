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
export const backoffDelay = (failures: number, { baseMs, maxMs }: Backoff): number => Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));

/** Retries by due time: a binary min-heap, so the next due lead is found without a scan or a sort. */
class DueHeap {
  readonly #items: { at: number; id: string; seq: number }[] = [];
  #seq = 0;

  get size(): number {
    return this.#items.length;
  }

  push(id: string, at: number): void {
    const items = this.#items;
    items.push({ at, id, seq: this.#seq++ });
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.#before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  peek(): { at: number; id: string } | undefined {
    return this.#items[0];
  }

  pop(): { at: number; id: string } | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.#before(items[l]!, items[m]!)) m = l;
        if (r < items.length && this.#before(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }

  #before(a: { at: number; seq: number }, b: { at: number; seq: number }): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
}

/**
 * Delivers lead mail after the lead is stored, from the pending leads in the
 * store: one at a time (so a lead is never in flight twice), retrying with
 * backoff, and picking up where it left off after a restart. A new lead is
 * mailed before any retry of an older one, so a backlog from a long outage
 * never makes sales wait for today's leads.
 */
export class LeadOutbox {
  /** New leads, first come first served: always before retries. */
  readonly #fresh = new Set<string>();
  /** Older pending leads (retries, and those left by a previous run) by due time. */
  readonly #retries = new DueHeap();
  #timer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #stopped = false;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly store: LeadStore,
    private readonly send: SendLead,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {}

  /** Queue every lead left pending, at the time its retry was due. */
  async start(): Promise<number> {
    const pending = await this.store.pending();
    if (this.#stopped) return 0;
    for (const lead of pending) this.#retries.push(lead.id, lead.delivery.nextAttemptAt ? Date.parse(lead.delivery.nextAttemptAt) : 0);
    // Another server stored a lead and mails it; should it stop before it has, this one takes it over a little later.
    this.#unsubscribe = this.store.onRemoteLead?.((lead) => {
      if (this.#stopped || lead.delivery.status !== "pending") return;
      this.#retries.push(lead.id, Date.now() + this.backoff.baseMs);
      if (!this.#draining) {
        clearTimeout(this.#timer);
        this.#schedule();
      }
    });
    this.#kick();
    return pending.length;
  }

  /** A new lead: try it now, before any retry. */
  enqueue(lead: Lead): void {
    if (this.#stopped || lead.delivery.status !== "pending") return;
    this.#fresh.add(lead.id);
    this.#kick();
  }

  /**
   * Staff asked to send a lead's mail again: a lead whose mail
   * failed or was never sent is tried now, before any retry. "sent" when its
   * mail already landed, which is never sent twice; a lead already queued or
   * in flight is not tried twice either (one attempt at a time, and each
   * attempt first checks the lead is still pending).
   */
  async resend(id: string): Promise<"queued" | "sent" | "unknown"> {
    const lead = await this.store.get(id);
    if (!lead) return "unknown";
    if (lead.delivery.status === "sent") return "sent";
    if (lead.delivery.status === "not-sent") {
      // Mail was off when it came in: it becomes pending, on disk, before it is tried.
      await this.store.setDelivery(id, { status: "pending", attempts: lead.delivery.attempts });
    }
    if (this.#stopped) return "queued";
    this.#fresh.add(id);
    this.#kick();
    return "queued";
  }

  /** Stop scheduling; resolves once an attempt in flight has finished and been recorded. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
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
    if (this.#stopped) return;
    if (this.#fresh.size) return this.#kick();
    const next = this.#retries.peek();
    if (!next) return;
    this.#timer = setTimeout(() => this.#kick(), Math.max(0, next.at - Date.now()));
    this.#timer.unref();
  }

  /** The next lead to try now: the oldest new one, else the retry most overdue. */
  #next(): { id: string; dueAt?: number } | undefined {
    const fresh = this.#fresh.values().next();
    if (!fresh.done) {
      this.#fresh.delete(fresh.value);
      return { id: fresh.value };
    }
    const due = this.#retries.peek();
    if (!due || due.at > Date.now()) return undefined;
    const { id, at } = this.#retries.pop()!;
    return { id, dueAt: at };
  }

  async #drain(): Promise<void> {
    for (;;) {
      if (this.#stopped) return;
      const next = this.#next();
      if (next === undefined) return;
      const lead = await this.store.get(next.id);
      if (!lead || lead.delivery.status !== "pending") continue;
      // A retry made stale by a resend that has since failed and set a later one.
      const { nextAttemptAt } = lead.delivery;
      if (next.dueAt !== undefined && next.dueAt > 0 && nextAttemptAt && Date.parse(nextAttemptAt) !== next.dueAt) continue;
      await this.#attempt(lead);
    }
  }

  /** One attempt, on the lead claimed from the store (as stored now), so no other server mails it meanwhile. */
  async #attempt(lead: Lead): Promise<void> {
    try {
      const took = await this.store.deliver(lead.id, async (claimed) => {
        const attempts = claimed.delivery.attempts + 1;
        try {
          await this.send(claimed);
          return { status: "sent", attempts, sentAt: new Date().toISOString() };
        } catch (err) {
          const wait = backoffDelay(attempts, this.backoff);
          const lastError = err instanceof Error ? err.message : String(err);
          const dueAt = Date.now() + wait;
          console.warn(`[mail] lead ${claimed.id} not delivered (attempt ${attempts}): ${lastError}; retrying in ${Math.round(wait / 1000)} s`);
          this.#retries.push(claimed.id, dueAt);
          return { status: "pending", attempts, lastError, nextAttemptAt: new Date(dueAt).toISOString() } satisfies Delivery;
        }
      });
      // Another server holds it right now (PostgreSQL): should that one stop before its mail lands, this one tries later.
      if (!took && (await this.store.get(lead.id))?.delivery.status === "pending") this.#retries.push(lead.id, Date.now() + this.backoff.baseMs * 4);
    } catch (err) {
      console.error(`[mail] could not record delivery of lead ${lead.id}:`, err);
    }
  }
}
