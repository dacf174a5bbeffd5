/**
 * A service work order's life: its statuses, the moves between them as data, and when a finished cart left at the
 * shop counts as abandoned (spec §9 "Storage"). docs/decisions/0068-storage-and-service-rules.md.
 */
import { addDays, localDay } from "./local-time";
import { STORAGE_PRICES } from "./storage";

export const WORK_ORDER_STATUS_LABELS = {
  requested: "Requested",
  confirmed: "Confirmed",
  received: "Received",
  "in-service": "In service",
  "waiting-for-parts": "Waiting for parts",
  ready: "Ready",
  returned: "Returned",
  "picked-up": "Picked up",
  cancelled: "Cancelled",
} as const;
export type WorkOrderStatus = keyof typeof WORK_ORDER_STATUS_LABELS;
export const WORK_ORDER_STATUSES = Object.keys(WORK_ORDER_STATUS_LABELS) as WorkOrderStatus[];

/** Where each status may go next; returned (by the truck), picked up (at the shop) and cancelled are final. */
export const WORK_ORDER_TRANSITIONS: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  requested: ["confirmed", "cancelled"],
  confirmed: ["received", "cancelled"],
  received: ["in-service"],
  "in-service": ["waiting-for-parts", "ready"],
  "waiting-for-parts": ["in-service"],
  ready: ["returned", "picked-up"],
  returned: [],
  "picked-up": [],
  cancelled: [],
};

/** Why a work order cannot go from `from` to `to`, in words; null when it can. */
export function transitionProblem(from: WorkOrderStatus, to: WorkOrderStatus): string | null {
  if (WORK_ORDER_TRANSITIONS[from].includes(to)) return null;
  const next = WORK_ORDER_TRANSITIONS[from].map((s) => WORK_ORDER_STATUS_LABELS[s]);
  const label = WORK_ORDER_STATUS_LABELS;
  return next.length
    ? `A work order that is ${label[from].toLowerCase()} can become ${next.join(" or ").toLowerCase()}, not ${label[to].toLowerCase()}`
    : `A work order that is ${label[from].toLowerCase()} is closed: it cannot change`;
}

/** The first day a cart ready on `readyDay` and still at the shop counts as abandoned: once more than 30 days have passed. */
export const abandonedFrom = (readyDay: string): string => addDays(readyDay, STORAGE_PRICES.abandonedServiceDays + 1);

/** Whether a cart made ready at `readyAt` and not collected by `now` is flagged as abandoned (the site's days). */
export const isAbandoned = (readyAt: Date, now: Date, timeZone: string): boolean => localDay(now, timeZone) >= abandonedFrom(localDay(readyAt, timeZone));
