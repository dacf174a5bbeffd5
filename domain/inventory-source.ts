/**
 * An inventory source: where a dealer system's inventory comes from (a URL fetched on a schedule, a file
 * the DMS pushes, a drop folder), how its columns map to a unit's fields, which fields it owns, and the limits of
 * its safety stop. What it remembers between runs (the units it keeps, the file it last read) is its memory, apart
 * from its settings, so that an owner's save never loses it. docs/decisions/0066-inventory-sources.md.
 */
import { z } from "zod";
import { INVENTORY_CSV_COLUMNS } from "./inventory-csv";
import { VEHICLE_ID_PATTERN } from "./slug";

/** How a source's file is read: told from the file, or always as CSV or JSON (inventory-feed.ts; here so the console can import this module). */
export const FEED_FORMATS = ["auto", "csv", "json"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const SOURCE_KINDS = ["pull", "push", "folder"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The fields a source owns unless its owner says otherwise: the unit's facts a DMS keeps, not the staff's write-up. */
export const DEFAULT_OWNED_FIELDS = [
  "stockNumber",
  "vin",
  "serialNumber",
  "year",
  "brand",
  "name",
  "condition",
  "price",
  "status",
  "cost",
  "receivedAt",
  "location",
];
/** Every field a source can own: those its file can hold (the inventory CSV's columns). */
export const OWNABLE_FIELDS = INVENTORY_CSV_COLUMNS.map((c) => c.path);

export const SOURCE_LIMITS = { intervalMin: 5, intervalMax: 10_080, defaultInterval: 360 } as const;

const M = {
  name: "Give the source a name, like the dealer system's (up to 80 characters)",
  url: "Enter the file's address, starting with https:// (or http:// for a system on your own network)",
  interval: `Enter how often to fetch it, in minutes, from ${SOURCE_LIMITS.intervalMin} to ${SOURCE_LIMITS.intervalMax.toLocaleString("en-US")}`,
  share: "Enter a share from 0 to 100 %",
  missingRuns: "Enter after how many runs in a row a unit missing from the file is marked sold, from 1 to 10",
  owns: `A source can own only fields its file holds: ${OWNABLE_FIELDS.join(", ")}`,
  mapping: `Map each column to one of the unit's fields: ${[...INVENTORY_CSV_COLUMNS.map((c) => c.name), "Photo URLs"].join(", ")}`,
  site: "Choose a site's lot, or none for the whole organisation",
} as const;

/** How the DMS's URL is fetched: without credentials, HTTP Basic or a bearer token (kept on the server, never shown back). */
export const SourceAuthSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("none") }),
  z.object({ type: z.literal("basic"), username: z.string().min(1).max(200), password: z.string().min(1).max(500) }),
  z.object({ type: z.literal("bearer"), token: z.string().min(1).max(2_000) }),
]);
export type SourceAuth = z.infer<typeof SourceAuthSchema>;

/** The mapping's name for a file's column of photo addresses: not a unit field, the photos fetched into the unit's own. */
export const PHOTO_URLS = "Photo URLs";

/** Each of our columns (by the inventory CSV's header) and the file's headers it is read from, the first non-empty winning ("Model" joins them). */
export const SourceMappingSchema = z
  .record(z.string(), z.array(z.string().min(1)).max(4))
  .refine((m) => Object.keys(m).every((name) => name === PHOTO_URLS || INVENTORY_CSV_COLUMNS.some((c) => c.name === name)), M.mapping);
export type SourceMapping = z.infer<typeof SourceMappingSchema>;

/** A source's settings, as an owner writes them. */
export const SourceSettingsSchema = z.object({
  name: z.string({ error: M.name }).trim().min(1, { error: M.name }).max(80, { error: M.name }),
  /** The site whose lot the source stocks; absent, the organisation's (each unit's lot from its Location column). */
  site: z.string({ error: M.site }).regex(VEHICLE_ID_PATTERN, { error: M.site }).optional(),
  kind: z.enum(SOURCE_KINDS),
  url: z.url({ protocol: /^https?$/, error: M.url }).optional(),
  intervalMinutes: z
    .number({ error: M.interval })
    .int({ error: M.interval })
    .min(SOURCE_LIMITS.intervalMin, { error: M.interval })
    .max(SOURCE_LIMITS.intervalMax, { error: M.interval })
    .default(SOURCE_LIMITS.defaultInterval),
  format: z.enum(FEED_FORMATS).default("auto"),
  matchBy: z.enum(["stockNumber", "vin"]).default("stockNumber"),
  /** Null until the owner confirms the mapping proposed from the first file. */
  mapping: SourceMappingSchema.nullable().default(null),
  owns: z.array(z.string().refine((f) => OWNABLE_FIELDS.includes(f), M.owns)).default(DEFAULT_OWNED_FIELDS),
  /** A unit missing from this many runs in a row is marked sold (one half-written file never sells the lot). */
  soldAfterMissingRuns: z
    .number({ error: M.missingRuns })
    .int({ error: M.missingRuns })
    .min(1, { error: M.missingRuns })
    .max(10, { error: M.missingRuns })
    .default(2),
  /** The safety stop: a run that would take more than this share of the source's units off the lot is held. */
  maxSoldShare: z.number({ error: M.share }).min(0, { error: M.share }).max(1, { error: M.share }).default(0.2),
  /** The safety stop: a run that would change more than this share of the prices is held. */
  maxPriceShare: z.number({ error: M.share }).min(0, { error: M.share }).max(1, { error: M.share }).default(0.5),
  enabled: z.boolean().default(true),
});
export type SourceSettings = z.infer<typeof SourceSettingsSchema>;

/** What an owner sends: the settings, and credentials only when they change them (absent: the stored ones stay). */
export const SourceInputSchema = SourceSettingsSchema.extend({ auth: SourceAuthSchema.optional() }).superRefine((s, ctx) => {
  if (s.kind === "pull" && !s.url) ctx.addIssue({ code: "custom", path: ["url"], message: M.url });
});
export type SourceInput = z.infer<typeof SourceInputSchema>;

/** A run's outcome: written, held by the safety stop, failed (nothing changed), or the file was the last one again. */
export const RUN_OUTCOMES = ["applied", "held", "failed", "unchanged"] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export interface SkippedRow {
  /** "Line 4" or "Unit 3". */
  where: string;
  stockNumber: string | null;
  reason: string;
}

export interface RunCounts {
  created: number;
  changed: number;
  sold: number;
  unchanged: number;
  skipped: number;
  /** Units of the source not in this file (sold once they have been missing `soldAfterMissingRuns` runs). */
  missing: number;
}

/** One run of a source, as the console lists it. */
export interface SourceRun {
  id: string;
  source: string;
  trigger: "schedule" | "manual" | "push" | "folder" | "apply";
  startedAt: string;
  ms: number;
  bytes: number;
  /** The file's SHA-256, hex; absent when nothing was read. */
  hash?: string;
  outcome: RunOutcome;
  counts: RunCounts;
  /** At most the first 200, each with its line and reason. */
  skipped: SkippedRow[];
  /** For a held or failed run, why, in words; for a 304 or the same file, that it was unchanged. */
  message?: string;
  /** A held run: undefined until an owner applies or discards it. */
  resolution?: { by: string; at: string; action: "applied" | "discarded" };
  /** Photos the run fetched and put on their units. */
  photosAdded?: number;
  /** Photos the run could not fetch, each with its unit and why. */
  photoProblems?: { stockNumber: string; url: string; reason: string }[];
}

/** What a source remembers between runs. */
export interface SourceMemory {
  /** The units the source keeps, by vehicle id, with how many runs in a row each has been missing from its file. */
  units: Record<string, { missing: number }>;
  /** The last file's validators and hash, for If-None-Match / If-Modified-Since and "the same file again". */
  etag?: string;
  lastModified?: string;
  hash?: string;
  /** Failed runs in a row (the owners are mailed at 3). */
  failures: number;
  lastRunAt?: string;
  /** The held run's file, base64, kept until an owner applies or discards it. */
  held?: { run: string; file: string };
  /** Each photo address the source's file named and was fetched: the photo it gave (its image entry), its unit and ETag. */
  photos?: Record<string, { src: string; unit: string; etag?: string }>;
}

export const emptyMemory = (): SourceMemory => ({ units: {}, failures: 0 });

/** A source as stored: its settings, credentials and secrets, memory. */
export interface InventorySource extends SourceSettings {
  id: string;
  auth: SourceAuth;
  /** The push secret: a bearer token, also the key of the HMAC signature a pushing DMS may send instead. */
  pushSecret: string;
  createdAt: string;
  updatedAt: string;
  memory: SourceMemory;
}

/** The last four characters of a secret, the rest as dots: enough for an owner to tell which one is stored. */
export const secretHint = (secret: string): string => `••••${secret.slice(-4)}`;

/** A source as the console sees it: credentials and the push secret only as hints; the memory as counts. */
export function sourceView(source: InventorySource) {
  const { auth, pushSecret, memory, ...settings } = source;
  return {
    ...settings,
    auth:
      auth.type === "none"
        ? { type: "none" as const }
        : auth.type === "basic"
          ? { type: "basic" as const, username: auth.username, password: secretHint(auth.password) }
          : { type: "bearer" as const, token: secretHint(auth.token) },
    pushSecret: secretHint(pushSecret),
    units: Object.keys(memory.units).length,
    failures: memory.failures,
    lastRunAt: memory.lastRunAt,
    nextRunAt: nextRunAt(source),
    held: memory.held?.run,
  };
}
export type SourceView = ReturnType<typeof sourceView>;

/** When a pull source runs next: its interval after its last run (now, if it never ran); none for push and folder sources or a paused one. */
export function nextRunAt(source: Pick<InventorySource, "kind" | "enabled" | "intervalMinutes" | "memory">, now = Date.now()): string | undefined {
  if (source.kind !== "pull" || !source.enabled) return undefined;
  const last = source.memory.lastRunAt ? Date.parse(source.memory.lastRunAt) : now;
  return new Date(source.memory.lastRunAt ? last + source.intervalMinutes * 60_000 : now).toISOString();
}

/**
 * The refusal of a console edit that changes fields the source keeps, naming the source and each field, or undefined
 * when the edit leaves them alone (a description, photos, features and sites are the staff's).
 */
export function keptFieldsRefusal(source: Pick<InventorySource, "owns" | "name">, changed: readonly string[]) {
  const kept = changed.filter((field) => source.owns.includes(field));
  if (!kept.length) return undefined;
  const names = kept.map((field) => INVENTORY_CSV_COLUMNS.find((c) => c.path === field)?.name ?? field);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  const one = kept.length === 1;
  const message = `${list} ${one ? "is" : "are"} kept by the inventory source "${source.name}": change ${one ? "it" : "them"} in the dealer system, or its next run puts ${one ? "it" : "them"} back`;
  return { message, fields: Object.fromEntries(kept.map((field) => [field, message])) };
}
