import { formatUsd } from "../../domain/money";
import type { AuditAction } from "../../domain/staff";

/** A price as the public site writes it. */
export const formatPrice = (price: number) => formatUsd(price);

/** A moment in the reader's own time zone, to the minute. */
export const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
};

/** What an audit entry's action did, in the History's words. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: "Added a vehicle",
  update: "Edited a vehicle",
  delete: "Removed a vehicle",
  "account-add": "Added an account",
  "account-remove": "Removed an account",
  "account-password": "Changed a password",
  "origins-update": "Changed the partner origins",
  "lead-status": "Set a lead's status",
  "lead-note": "Added a note to a lead",
  "lead-resend": "Resent a lead's mail",
  "account-sign-in-failed": "Failed sign-in",
  "account-throttled": "Sign-ins held back after failures",
  "account-reset": "Reset a password",
  "account-unlock": "Unlocked an account",
  "site-add": "Added a site",
  "site-update": "Edited a site",
  "site-remove": "Removed a site",
  "rental-confirm": "Confirmed a rental",
  "rental-decline": "Declined a rental",
  "rental-move": "Moved a rental",
  "rental-cancel": "Cancelled a rental",
  "rental-settings": "Changed the rental fleet or turnaround",
};
