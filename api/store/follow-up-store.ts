import path from "node:path";
import { applyFollowUpEvent, FollowUpEventSchema, NO_FOLLOW_UP, type FollowUp, type FollowUpEvent } from "../../domain/lead-follow-up";
import { openJsonLines } from "./json-lines";

export const FOLLOW_UP_FILE = "lead-follow-ups.jsonl";

/** Sales staff's follow-up of each lead (status and notes), apart from the append-only lead segments. */
export interface FollowUpStore {
  /** A lead's follow-up; `new` with no notes when nobody has touched it. */
  get(leadId: string): FollowUp;
  /** Record a change; resolves with the lead's follow-up once the change is on disk. */
  record(event: FollowUpEvent): Promise<FollowUp>;
}

/**
 * The follow-ups in lead-follow-ups.jsonl under dataDir: one event per line
 * (a status change, a note, or both, with who and when), appended and fsynced
 * before the answer, folded per lead at start-up. A change costs one short
 * append whatever the number of leads; the lead files are never touched
 * (docs/decisions/0013-lead-follow-up.md).
 */
export async function openFollowUpStore(dataDir: string): Promise<FollowUpStore> {
  const file = await openJsonLines(path.join(dataDir, FOLLOW_UP_FILE), FollowUpEventSchema);
  const byLead = new Map<string, FollowUp>();
  for (const e of file.entries) byLead.set(e.leadId, applyFollowUpEvent(byLead.get(e.leadId) ?? NO_FOLLOW_UP, e));
  file.entries.length = 0;
  return {
    get: (leadId) => byLead.get(leadId) ?? NO_FOLLOW_UP,
    async record(event) {
      const parsed = await file.append(event);
      const next = applyFollowUpEvent(byLead.get(parsed.leadId) ?? NO_FOLLOW_UP, parsed);
      byLead.set(parsed.leadId, next);
      return next;
    },
  };
}
