import type { AuditEntry } from "./api/staff-api";

/**
 * What a lead's entry changed, in words, when its fields say it otherwise than plainly: a reply (whose id means nothing
 * to a reader) changed nothing to show, and a due time is shown in the lead's site's time zone, with the zone's name.
 */
export function leadSubjectText(entry: AuditEntry, timeZone: string | undefined): string[] | null {
  if (entry.action === "lead-reply" || entry.action === "lead-reply-resend") return [];
  if (entry.action !== "lead-due") return null;
  const due = entry.fields[1];
  if (!due) return ["No follow-up date"];
  const at = new Date(due);
  if (Number.isNaN(at.getTime())) return [due];
  return [
    `Due ${at.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" })}`,
  ];
}

/** Whether a change to the images only put the same pictures in another order. */
export const reordered = (from: unknown, to: unknown) =>
  Array.isArray(from) &&
  Array.isArray(to) &&
  from.length === to.length &&
  from.some((x, i) => x !== to[i]) &&
  [...from].sort().join("\n") === [...to].sort().join("\n");
