/**
 * A change made to several carts at once from the console's inventory (issue 29 "Bulk actions"): mark them
 * available, on hold or sold, or move their price by an amount or a percentage. Each cart's new value is worked out
 * from the value the list showed (its base), so a cart someone else changed meanwhile is told apart (vehicle-edit.ts).
 * docs/decisions/0040-inventory-list-and-bulk-changes.md.
 */
import { z } from "zod";
import "./plain-messages";
import { formatUsd } from "./money";
import { PRICE_MAX_USD, PRICE_MIN_USD, VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from "./vehicle";
import type { VehicleEdit } from "./vehicle-edit";

/** The most carts one bulk change names: a dealer group's whole catalogue (3,500 in the bench) with room. */
export const BULK_MAX_VEHICLES = 5_000;
/** A price moves by at most this many dollars at once: the whole price range. */
const AMOUNT_MAX = PRICE_MAX_USD;
/** A price moves by more than -100 % (nothing left) and at most +1,000 %. */
const PERCENT_MIN = -100;
const PERCENT_MAX = 1_000;

const AMOUNT_RULE = `The amount must be a whole number of dollars other than 0, from -${formatUsd(AMOUNT_MAX)} to ${formatUsd(AMOUNT_MAX)}`;
const PERCENT_RULE = `The percentage must be a number other than 0, above ${PERCENT_MIN} and at most ${PERCENT_MAX}`;

/** What a bulk change does to each cart. */
export const BulkChangeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("status"), status: z.enum(VEHICLE_STATUSES, { error: `Status must be one of ${VEHICLE_STATUSES.join(", ")}` }) }),
    z.object({
      kind: z.literal("price-amount"),
      /** Dollars added to each price (negative lowers it). */
      amount: z
        .number({ error: AMOUNT_RULE })
        .int({ error: AMOUNT_RULE })
        .min(-AMOUNT_MAX, { error: AMOUNT_RULE })
        .max(AMOUNT_MAX, { error: AMOUNT_RULE })
        .refine((n) => n !== 0, { error: AMOUNT_RULE }),
    }),
    z.object({
      kind: z.literal("price-percent"),
      /** Percent added to each price (negative lowers it); the result is rounded to whole dollars. */
      percent: z
        .number({ error: PERCENT_RULE })
        .gt(PERCENT_MIN, { error: PERCENT_RULE })
        .max(PERCENT_MAX, { error: PERCENT_RULE })
        .refine((n) => n !== 0, { error: PERCENT_RULE }),
    }),
  ],
  { error: "The change must be a status, a price amount or a price percentage" },
);
export type BulkChange = z.infer<typeof BulkChangeSchema>;

/** The field a bulk change writes. */
export const bulkField = (change: BulkChange): "status" | "price" => (change.kind === "status" ? "status" : "price");

/** POST /api/staff/vehicles/bulk: the change, and each cart with its changed field's value as the list showed it. */
export const BulkRequestSchema = z
  .object({
    change: BulkChangeSchema,
    vehicles: z
      .array(
        z.object({
          id: z.string({ error: "Each cart needs its id" }).min(1, { error: "Each cart needs its id" }).max(200),
          /** The changed field's value in the version the list showed. */
          base: z.object({ status: z.enum(VEHICLE_STATUSES).optional(), price: z.number().optional() }),
        }),
        { error: "Name the carts to change" },
      )
      .min(1, { error: "Select at least one cart" })
      .max(BULK_MAX_VEHICLES, { error: `At most ${BULK_MAX_VEHICLES.toLocaleString("en-US")} carts can be changed at once` }),
  })
  .refine((r) => r.vehicles.every((v) => v.base[bulkField(r.change)] !== undefined), {
    path: ["vehicles"],
    message: "Give each cart's value of the changed field as the list showed it (base)",
  })
  .refine((r) => new Set(r.vehicles.map((v) => v.id)).size === r.vehicles.length, { path: ["vehicles"], message: "Name each cart once" });
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

/** The price `change` makes of `price`, in whole dollars (a percentage rounds half up: 9,595 − 5 % = 9,115). */
export function changedPrice(price: number, change: Exclude<BulkChange, { kind: "status" }>): number {
  // Cents of the product are noise (9595 * 1.1 = 10554.500000000002): rounded to the cent first, then to the dollar.
  const raw = change.kind === "price-amount" ? price + change.amount : Math.round(price * (100 + change.percent)) / 100;
  return Math.round(raw);
}

/** The edit a bulk change makes of a cart whose changed field the list showed as `base`: vehicle-edit.ts's rule decides the rest. */
export function bulkEdit(change: BulkChange, base: { status?: VehicleStatus; price?: number }): VehicleEdit {
  if (change.kind === "status") return { changes: { status: change.status }, base: { status: base.status } };
  return { changes: { price: changedPrice(base.price!, change) }, base: { price: base.price } };
}

/** Why a bulk price change cannot be made to a cart, in words; undefined when its new price is in range. */
export function bulkPriceProblem(vehicle: Pick<Vehicle, "name" | "price">, change: BulkChange): string | undefined {
  if (change.kind === "status") return undefined;
  const next = changedPrice(vehicle.price, change);
  if (next >= PRICE_MIN_USD && next <= PRICE_MAX_USD) return undefined;
  return `${vehicle.name}: ${formatUsd(vehicle.price)} would become ${formatUsd(next)}, and a price must be from ${formatUsd(PRICE_MIN_USD)} to ${formatUsd(PRICE_MAX_USD)}`;
}

const carts = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "cart" : "carts"}`;
const STATUS_WORDS: Record<VehicleStatus, string> = { available: "available", "on-hold": "on hold", sold: "sold" };

/** The change in words, as the confirmation asks it: "Mark 5 carts sold?", "Lower the price of 20 carts by 5%?". */
export function describeBulkChange(change: BulkChange, count: number): string {
  if (change.kind === "status") return `Mark ${carts(count)} ${STATUS_WORDS[change.status]}?`;
  const value = change.kind === "price-amount" ? change.amount : change.percent;
  const by = change.kind === "price-amount" ? formatUsd(Math.abs(value)) : `${Math.abs(value)}%`;
  return `${value < 0 ? "Lower" : "Raise"} the price of ${carts(count)} by ${by}?`;
}

/** A field of a cart someone else changed since the list was loaded: the value this change would have written, the current one, and who saved it (null once the history no longer holds it). */
export interface BulkFieldConflict {
  field: string;
  yours: unknown;
  current: unknown;
  email: string | null;
  at: string | null;
}

/** The answer to a bulk change: the carts written (their new versions), those already as asked, those changed meanwhile, and those refused. */
export interface BulkResult<V = Vehicle> {
  saved: V[];
  unchanged: string[];
  conflicts: { id: string; name: string; error: string; conflicts: BulkFieldConflict[] }[];
  refused: { id: string; error: string }[];
}
