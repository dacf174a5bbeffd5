/** Inventory sources and runs for the backup and migration tests: one source, with an applied and a held run. */
import { emptyMemory, SourceSettingsSchema, type InventorySource, type SourceRun } from "../../domain/inventory-source";
import type { InventorySourceStore } from "../store/inventory-source-store";

export async function seedInventorySources(store: InventorySourceStore): Promise<void> {
  const source: InventorySource = {
    ...SourceSettingsSchema.parse({ name: "Lightspeed", kind: "pull", url: "https://dms.example/export.csv" }),
    id: "lightspd",
    auth: { type: "bearer", token: "dms-token-abcd1234" },
    pushSecret: "push-secret-of-the-test",
    createdAt: "2026-12-01T08:00:00.000Z",
    updatedAt: "2026-12-01T08:00:00.000Z",
    memory: { ...emptyMemory(), units: { "denago-ev-city": { missing: 1 } }, etag: '"v1"', held: { run: "run-2", file: "U3RvY2sgIw==" } },
  };
  await store.put(source);
  const run = (id: string, outcome: SourceRun["outcome"], startedAt: string): SourceRun => ({
    id,
    source: source.id,
    trigger: "schedule",
    startedAt,
    ms: 120,
    bytes: 2048,
    outcome,
    counts: { created: 1, changed: 2, sold: 0, unchanged: 7, skipped: 0, missing: 1 },
    skipped: [],
  });
  await store.putRun(run("run-1", "applied", "2026-12-01T08:00:00.000Z"));
  await store.putRun({ ...run("run-2", "held", "2026-12-01T14:00:00.000Z"), message: "The file is empty. Nothing was changed." });
}

/** What a store holds of the sources: each with its runs, newest first. */
export async function inventoryState(store: InventorySourceStore) {
  const sources = await store.list();
  return Promise.all(sources.map(async (source) => ({ source, runs: await store.runs(source.id) })));
}
