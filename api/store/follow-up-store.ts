import path from "node:path";
import { applyFollowUpEvent, FollowUpEventSchema, NO_FOLLOW_UP, type FollowUp, type FollowUpEvent } from "../../domain/lead-follow-up";
import { openJsonLines } from "./json-lines";

export const FOLLOW_UP_FILE = "lead-follow-ups.jsonl";

/** An event's `claim` is already held by another: the write it guards happened (or is happening) elsewhere. */
export class ClaimTakenError extends Error {
  constructor(readonly claim: string) {
    super(`The change ${claim} was already made`);
    this.name = "ClaimTakenError";
  }
}

/** Sales staff's follow-up of each lead (status, notes, assignee, due date, replies), apart from the append-only lead segments. */
export interface FollowUpStore {
  /** A lead's follow-up; `new` with no notes when nobody has touched it. */
  get(leadId: string): FollowUp;
  /**
   * Record a change; resolves with the lead's follow-up once the change is on disk. Rejects with ClaimTakenError,
   * recording nothing, when the event's `claim` is held by an event already recorded.
   */
  record(event: FollowUpEvent): Promise<FollowUp>;
  /** The next round-robin turn of a site (0, 1, 2 …), taken once whichever server asks. */
  nextTurn(site: string): Promise<number>;
}

/**
 * The follow-ups in lead-follow-ups.jsonl under dataDir: one event per line
 * (a status change, a note, or both, with who and when), appended and fsynced
 * before the answer, folded per lead at start-up. A change costs one short
 * append whatever the number of leads; the lead files are never touched
 * (docs/decisions/0013-lead-follow-up.md). One server owns the folder, so a
 * claim and a round-robin turn are decided in this process's memory, folded
 * back from the log at start-up.
 */
export async function openFollowUpStore(dataDir: string): Promise<FollowUpStore> {
  const file = await openJsonLines(path.join(dataDir, FOLLOW_UP_FILE), FollowUpEventSchema);
  const byLead = new Map<string, FollowUp>();
  const claims = new Set<string>();
  /** The next turn of each site's round robin. */
  const turns = new Map<string, number>();
  const fold = (e: FollowUpEvent) => {
    byLead.set(e.leadId, applyFollowUpEvent(byLead.get(e.leadId) ?? NO_FOLLOW_UP, e));
    if (e.turn) turns.set(e.turn.site, Math.max(turns.get(e.turn.site) ?? 0, e.turn.n + 1));
  };
  for (const e of file.entries) {
    fold(e);
    if (e.claim) claims.add(e.claim);
  }
  file.entries.length = 0;
  return {
    get: (leadId) => byLead.get(leadId) ?? NO_FOLLOW_UP,
    async record(event) {
      // Taken before the append, synchronously: a second request for the same claim is refused even while the first is being written.
      if (event.claim) {
        if (claims.has(event.claim)) throw new ClaimTakenError(event.claim);
        claims.add(event.claim);
      }
      let parsed: FollowUpEvent;
      try {
        parsed = await file.append(event);
      } catch (err) {
        if (event.claim) claims.delete(event.claim);
        throw err;
      }
      fold(parsed);
      return byLead.get(parsed.leadId)!;
    },
    async nextTurn(site) {
      const n = turns.get(site) ?? 0;
      turns.set(site, n + 1);
      return n;
    },
  };
}
