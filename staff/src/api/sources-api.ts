/** The inventory sources API (/api/staff/inventory-sources): owners only. */
import type { RunCounts, SkippedRow, SourceInput, SourceMapping, SourceRun, SourceView } from "../../../domain/inventory-source";
import { call } from "./client";

/** What a preview answers: the file's header, the mapping proposed and the one used, and the first rows as they would be saved. */
export interface SourcePreview {
  header: string[];
  proposed: SourceMapping;
  mapping: SourceMapping;
  rows: number;
  counts: RunCounts;
  skipped: SkippedRow[];
  creates: { stockNumber: string | undefined; name: string; price: number; status: string; location: string | null }[];
  updates: { stockNumber: string | undefined; name: string; changes: unknown }[];
}

const base = "inventory-sources";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const sourcesApi = {
  list: async () => (await call<{ sources: SourceView[] }>(base)).body.sources,
  get: async (id: string) => (await call<SourceView & { runs: SourceRun[] }>(one(id))).body,
  /** The new source, with its push secret this once. */
  create: async (input: SourceInput) => (await call<SourceView & { pushSecretOnce: string }>(base, { method: "post", json: input })).body,
  /** `auth` left out keeps the stored credentials. */
  save: async (id: string, input: SourceInput) => (await call<SourceView>(one(id), { method: "put", json: input })).body,
  remove: async (id: string) => {
    await call(one(id), { method: "delete" });
  },
  /** A new push secret, answered this once: the old one stops working. */
  newSecret: async (id: string) => (await call<{ pushSecretOnce: string }>(`${one(id)}/secret`, { method: "post" })).body.pushSecretOnce,
  preview: async (id: string, file: Blob) =>
    (await call<SourcePreview>(`${one(id)}/preview`, { method: "post", body: file, headers: { "content-type": "application/octet-stream" }, timeout: 60_000 }))
      .body,
  sync: async (id: string) => (await call<SourceRun>(`${one(id)}/sync`, { method: "post", timeout: 120_000 })).body,
  runs: async (id: string) => (await call<{ runs: SourceRun[] }>(`${one(id)}/runs`)).body.runs,
  resolve: async (id: string, run: string, action: "apply" | "discard") =>
    (await call<SourceRun>(`${one(id)}/runs/${encodeURIComponent(run)}/${action}`, { method: "post", timeout: 120_000 })).body,
};
