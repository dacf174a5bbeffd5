/**
 * A change made to several carts at once from the console's inventory: mark them
 * available, on hold or sold, move their price by an amount or a percentage, or show them on a site or take them off
 * one. Each cart's new value is worked out
 * from the value the list showed (its base), so a cart someone else changed meanwhile is told apart (vehicle-edit.ts).
 * docs/decisions/0040-inventory-list-and-bulk-changes.md.
 */
import { z } from "zod";
import "./plain-messages";
import { formatUsd } from "./money";
import { PRICE_MAX_USD, PRICE_MIN_USD, VEHICLE_ID_PATTERN, VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from "./vehicle";
import type { VehicleEdit } from "./vehicle-edit";

/** The most carts one bulk change names: a dealer group's whole catalogue (3,500 in the bench) with room. */
export const BULK_MAX_VEHICLES = 5_000;
/** A price moves by at most this many dollars at once: the whole price range. */
const AMOUNT_MAX = PRICE_MAX_USD;
/** A price moves by more than -100 % (nothing left) and at most +1,000 %. */
const PERCENT_MIN = -100;
const PERCENT_MAX = 1_000;

/**
 * How a bulk price change rounds each new price: a percentage gives prices like $12,596, which no dealer writes on a
 * windshield. To the nearest $5, $10 or $100, or to the nearest price ending in 95 or 99 ($12,595, $12,599).
 */
export const PRICE_ROUNDINGS = [
  ["1", "To the dollar"],
  ["5", "To the nearest $5"],
  ["10", "To the nearest $10"],
  ["100", "To the nearest $100"],
  ["95", "Ending in 95"],
  ["99", "Ending in 99"],
] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number][0];
const ROUNDINGS = PRICE_ROUNDINGS.map(([key]) => key) as [PriceRounding, ...PriceRounding[]];
const ROUNDING_RULE = `The rounding must be one of ${ROUNDINGS.join(", ")}`;

/** The fields every price change has besides its amount: its rounding, and whether prices below a cart's cost are meant. */
const priceOptions = {
  rounding: z.enum(ROUNDINGS, { error: ROUNDING_RULE }).default("1"),
  /** Set only once the user has confirmed, cart by cart, that a new price below what the dealer paid is meant. */
  belowCost: z.boolean({ error: "belowCost must be true or false" }).default(false),
};

const AMOUNT_RULE = `The amount must be a whole number of dollars other than 0, from -${formatUsd(AMOUNT_MAX)} to ${formatUsd(AMOUNT_MAX)}`;
const PERCENT_RULE = `The percentage must be a number other than 0, above ${PERCENT_MIN} and at most ${PERCENT_MAX}`;

const SITE_RULE = "The site must be a site id, like cape-may";
const siteId = z.string({ error: SITE_RULE }).regex(VEHICLE_ID_PATTERN, { error: SITE_RULE });

/** What a bulk change does to each cart. */
export const BulkChangeSchema = z.discriminatedUnion(
  "kind",
  [
    /** Adds one site to each cart's list of sites (a cart already on every site stays so). */
    z.object({ kind: z.literal("site-add"), site: siteId }),
    /** Takes one site off each cart's list (a cart on every site gets the list of every other current site). */
    z.object({ kind: z.literal("site-remove"), site: siteId }),
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
      ...priceOptions,
    }),
    z.object({
      kind: z.literal("price-percent"),
      /** Percent added to each price (negative lowers it); the result is rounded to whole dollars. */
      percent: z
        .number({ error: PERCENT_RULE })
        .gt(PERCENT_MIN, { error: PERCENT_RULE })
        .max(PERCENT_MAX, { error: PERCENT_RULE })
        .refine((n) => n !== 0, { error: PERCENT_RULE }),
      ...priceOptions,
    }),
  ],
  { error: "The change must be a status, a price amount, a price percentage, or a site to show the carts on or take them off" },
);
/** A change as sent: a price change may leave out its rounding (to the dollar) and belowCost (false). */
export type BulkChange = z.input<typeof BulkChangeSchema>;

/** The field a bulk change writes. */
export const bulkField = (change: BulkChange): "status" | "price" | "sites" =>
  change.kind === "status" ? "status" : change.kind === "site-add" || change.kind === "site-remove" ? "sites" : "price";

/** A change of the carts' sites, as opposed to their status or price. */
export type BulkSiteChange = Extract<BulkChange, { kind: "site-add" | "site-remove" }>;
export const isSiteChange = (change: BulkChange): change is BulkSiteChange => change.kind === "site-add" || change.kind === "site-remove";

/** POST /api/staff/vehicles/bulk: the change, and each cart with its changed field's value as the list showed it. */
export const BulkRequestSchema = z
  .object({
    change: BulkChangeSchema,
    vehicles: z
      .array(
        z.object({
          id: z.string({ error: "Each cart needs its id" }).min(1, { error: "Each cart needs its id" }).max(200),
          /** The changed field's value in the version the list showed. */
          base: z.object({
            status: z.enum(VEHICLE_STATUSES).optional(),
            price: z.number().optional(),
            /** The cart's list of sites as the list showed it; null when it named none (every site). */
            sites: z.array(z.string()).nullable().optional(),
          }),
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
export type BulkRequest = z.input<typeof BulkRequestSchema>;

/** `price` rounded as `rounding` says; never below the lowest price a cart may have. */
export function roundedPrice(price: number, rounding: PriceRounding = "1"): number {
  const whole = Math.round(price);
  if (rounding === "1") return whole;
  const step = rounding === "95" || rounding === "99" ? 100 : Number(rounding);
  const end = rounding === "95" || rounding === "99" ? Number(rounding) : 0;
  const rounded = Math.round((whole - end) / step) * step + end;
  return whole >= PRICE_MIN_USD && rounded < PRICE_MIN_USD ? rounded + step : rounded;
}

/**
 * The price `change` makes of `price`, in whole dollars (a percentage rounds half up: 9,595 − 5 % = 9,115), then
 * rounded as the change asks.
 */
export function changedPrice(price: number, change: Exclude<BulkChange, { kind: "status" | "site-add" | "site-remove" }>): number {
  // Cents of the product are noise (9595 * 1.1 = 10554.500000000002): rounded to the cent first, then to the dollar.
  const raw = change.kind === "price-amount" ? price + change.amount : Math.round(price * (100 + change.percent)) / 100;
  return raw < PRICE_MIN_USD ? Math.round(raw) : roundedPrice(raw, change.rounding);
}

/**
 * The list of sites a site change makes of a cart's list `base` (undefined or null: it names none, so every site shows
 * it): null when it is to name none. Showing a cart on every site on one more keeps it on every site; taking a cart on
 * every site off one gives it the list of the deployment's other sites (`siteIds`), so it is no longer on sites added
 * later either. An empty list (a cart taken off its only site) is for the schema to refuse.
 */
export function changedSites(base: readonly string[] | null | undefined, change: BulkSiteChange, siteIds: readonly string[]): string[] | null {
  const listed = base && base.length ? [...base] : null;
  if (change.kind === "site-add") return listed === null || listed.includes(change.site) ? listed : [...listed, change.site];
  if (listed === null) return siteIds.filter((id) => id !== change.site);
  return listed.includes(change.site) ? listed.filter((id) => id !== change.site) : listed;
}

/**
 * The edit a bulk change makes of a cart whose changed field the list showed as `base`: vehicle-edit.ts's rule decides
 * the rest. `siteIds`: the deployment's sites, which a cart on every site taken off one keeps the others of.
 */
export function bulkEdit(
  change: BulkChange,
  base: { status?: VehicleStatus; price?: number; sites?: readonly string[] | null },
  siteIds: readonly string[] = [],
): VehicleEdit {
  if (change.kind === "status") return { changes: { status: change.status }, base: { status: base.status } };
  if (isSiteChange(change)) return { changes: { sites: changedSites(base.sites, change, siteIds) }, base: { sites: base.sites ?? null } };
  return { changes: { price: changedPrice(base.price!, change) }, base: { price: base.price } };
}

/**
 * Why a bulk price change cannot be made to a cart, in words; undefined when its new price is in range and, unless
 * the change says so, not below what the dealer paid for it.
 */
export function bulkPriceProblem(vehicle: Pick<Vehicle, "name" | "price" | "cost">, change: BulkChange): string | undefined {
  if (change.kind === "status" || isSiteChange(change)) return undefined;
  const next = changedPrice(vehicle.price, change);
  if (next < PRICE_MIN_USD || next > PRICE_MAX_USD)
    return `${vehicle.name}: ${formatUsd(vehicle.price)} would become ${formatUsd(next)}, and a price must be from ${formatUsd(PRICE_MIN_USD)} to ${formatUsd(PRICE_MAX_USD)}`;
  if (belowCost(vehicle, change) && !change.belowCost)
    return `${vehicle.name}: ${formatUsd(vehicle.price)} would become ${formatUsd(next)}, below its cost of ${formatUsd(vehicle.cost!)}`;
  return undefined;
}

/** Whether the change would price the cart below what the dealer paid for it. */
export const belowCost = (vehicle: Pick<Vehicle, "price" | "cost">, change: BulkChange): boolean =>
  change.kind !== "status" && !isSiteChange(change) && vehicle.cost !== undefined && changedPrice(vehicle.price, change) < vehicle.cost;

const carts = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "cart" : "carts"}`;
const STATUS_WORDS: Record<VehicleStatus, string> = { available: "available", "on-hold": "on hold", sold: "sold" };

/**
 * The change in words, as the confirmation asks it: "Mark 5 carts sold?", "Lower the price of 20 carts by 5%?",
 * "Show 3 carts on Cape May?" (`siteName`: a site's name by its id; the id when it has none).
 */
export function describeBulkChange(change: BulkChange, count: number, siteName: (id: string) => string = (id) => id): string {
  if (change.kind === "status") return `Mark ${carts(count)} ${STATUS_WORDS[change.status]}?`;
  if (change.kind === "site-add") return `Show ${carts(count)} on ${siteName(change.site)}?`;
  if (change.kind === "site-remove") return `Take ${carts(count)} off ${siteName(change.site)}?`;
  const value = change.kind === "price-amount" ? change.amount : change.percent;
  const by = change.kind === "price-amount" ? formatUsd(Math.abs(value)) : `${Math.abs(value)}%`;
  const label = PRICE_ROUNDINGS.find(([key]) => key === change.rounding)?.[1];
  const rounding = label && change.rounding !== "1" ? `, rounded ${label.replace(/^To/, "to").replace(/^Ending/, "to end")}` : "";
  return `${value < 0 ? "Lower" : "Raise"} the price of ${carts(count)} by ${by}${rounding}?`;
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
