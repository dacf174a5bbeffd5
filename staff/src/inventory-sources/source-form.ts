/**
 * The inventory source form as text, and what it sends: the settings in the shape of SourceInputSchema,
 * credentials only when the owner typed new ones (the stored ones are shown as their hint and kept), shares as
 * percentages, and the server's field errors by the form's field.
 */
import { INVENTORY_CSV_COLUMNS } from "../../../domain/inventory-csv";
import {
  DEFAULT_OWNED_FIELDS,
  PHOTO_URLS,
  SOURCE_LIMITS,
  type RunCounts,
  type SourceInput,
  type SourceKind,
  type SourceMapping,
  type SourceView,
} from "../../../domain/inventory-source";
import { numberField, optionalText, text } from "../form-input";

export type AuthType = "none" | "basic" | "bearer";

export interface SourceFormValues {
  name: string;
  /** "" for the whole organisation. */
  site: string;
  kind: SourceKind;
  url: string;
  intervalMinutes: string;
  authType: AuthType;
  username: string;
  password: string;
  token: string;
  format: "auto" | "csv" | "json";
  matchBy: "stockNumber" | "vin";
  owns: string[];
  soldAfterMissingRuns: string;
  /** Percent, 0–100. */
  maxSoldPercent: string;
  maxPricePercent: string;
  enabled: boolean;
}

const percent = (share: number) => String(Math.round(share * 1000) / 10);

export const blankSourceValues = (site = ""): SourceFormValues => ({
  name: "",
  site,
  kind: "pull",
  url: "",
  intervalMinutes: String(SOURCE_LIMITS.defaultInterval),
  authType: "none",
  username: "",
  password: "",
  token: "",
  format: "auto",
  matchBy: "stockNumber",
  owns: [...DEFAULT_OWNED_FIELDS],
  soldAfterMissingRuns: "2",
  maxSoldPercent: "20",
  maxPricePercent: "50",
  enabled: true,
});

/** A stored source in the form: its credentials blank, their hints shown beside (see storedSecretHint). */
export const toSourceValues = (source: SourceView): SourceFormValues => ({
  name: source.name,
  site: source.site ?? "",
  kind: source.kind,
  url: text(source.url),
  intervalMinutes: String(source.intervalMinutes),
  authType: source.auth.type,
  username: source.auth.type === "basic" ? source.auth.username : "",
  password: "",
  token: "",
  format: source.format,
  matchBy: source.matchBy,
  owns: [...source.owns],
  soldAfterMissingRuns: String(source.soldAfterMissingRuns),
  maxSoldPercent: percent(source.maxSoldShare),
  maxPricePercent: percent(source.maxPriceShare),
  enabled: source.enabled,
});

/** The stored secret's hint ("••••1234") when the form's credentials are the stored kind, else undefined. */
export function storedSecretHint(stored: SourceView["auth"] | undefined, type: AuthType): string | undefined {
  if (!stored || stored.type !== type) return undefined;
  return stored.type === "basic" ? stored.password : stored.type === "bearer" ? stored.token : undefined;
}

/** A share typed as a percentage: blank → absent, else the fraction (NaN for the schema to refuse). */
const share = (value: string) => {
  const n = numberField(value);
  return n === undefined ? undefined : n / 100;
};

/**
 * What the form sends. `stored`: the source's credentials as the server shows them; the same kind with no new secret
 * typed sends no `auth`, so the stored ones stay. `mapping` is the source's own (the form does not change it).
 */
export function toSourceInput(values: SourceFormValues, stored?: SourceView["auth"], mapping: SourceMapping | null = null): SourceInput {
  const input: Record<string, unknown> = {
    name: values.name.trim(),
    kind: values.kind,
    intervalMinutes: numberField(values.intervalMinutes),
    format: values.format,
    matchBy: values.matchBy,
    mapping,
    owns: values.owns,
    soldAfterMissingRuns: numberField(values.soldAfterMissingRuns),
    maxSoldShare: share(values.maxSoldPercent),
    maxPriceShare: share(values.maxPricePercent),
    enabled: values.enabled,
  };
  if (values.site) input.site = values.site;
  const url = optionalText(values.url);
  if (url && values.kind === "pull") input.url = url;
  const keep =
    stored?.type === values.authType &&
    (values.authType === "none" ||
      (values.authType === "basic" && !values.password && stored.type === "basic" && stored.username === values.username.trim()) ||
      (values.authType === "bearer" && !values.token));
  if (!keep)
    input.auth =
      values.authType === "basic"
        ? { type: "basic", username: values.username.trim(), password: values.password }
        : values.authType === "bearer"
          ? { type: "bearer", token: values.token.trim() }
          : { type: "none" };
  return input as unknown as SourceInput;
}

/** The form field a server field error belongs beside: "owns.3" → "owns", "auth.password" → "password", shares → their percent field. */
export function formFieldOf(path: string): string {
  const head = path.split(".")[0]!;
  if (head === "auth") return path.split(".")[1] ?? "password";
  if (head === "maxSoldShare") return "maxSoldPercent";
  if (head === "maxPriceShare") return "maxPricePercent";
  return head;
}

/** The server's field errors by form field, the first of each kept. */
export function formErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) out[formFieldOf(path)] ??= message;
  return out;
}

/** Each of our columns a mapping can read, in the inventory CSV's order, and the photo addresses last. */
export const MAPPED_COLUMNS = [...INVENTORY_CSV_COLUMNS.map((c) => c.name), PHOTO_URLS];

/** Our columns that read two of the file's headers: the model, joined with its trim. */
export const JOINED = new Set(["Model"]);

/** A mapping with one column's headers replaced (blanks dropped; a column with none left out). */
export function withColumn(mapping: SourceMapping, column: string, headers: readonly string[]): SourceMapping {
  const kept = headers.filter((h) => h !== "");
  const next = { ...mapping };
  if (kept.length) next[column] = kept;
  else delete next[column];
  return next;
}

/** The headers a column's choices offer: the file's, and any the mapping names that this file lacks. */
export function headerChoices(header: readonly string[], mapping: SourceMapping): string[] {
  const named = Object.values(mapping).flat();
  return [...header, ...named.filter((h, i) => !header.includes(h) && named.indexOf(h) === i)];
}

/** A run's counts in words: "2 created, 1 changed, 0 sold, 5 unchanged, 1 skipped". */
export const countsText = (c: RunCounts) => `${c.created} created, ${c.changed} changed, ${c.sold} sold, ${c.unchanged} unchanged, ${c.skipped} skipped`;

/** A duration in words: "850 ms", "3.2 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toLocaleString("en-US")} s`;
  const s = Math.round(ms / 1_000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** A file size in words: "812 bytes", "14.2 KB", "3.1 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1_024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1_024 * 1_024) return `${(Math.round((bytes / 1_024) * 10) / 10).toLocaleString("en-US")} KB`;
  return `${(Math.round((bytes / 1_024 / 1_024) * 10) / 10).toLocaleString("en-US")} MB`;
}
