/** The core's planners that api/off-loop.ts runs in a worker thread: pure functions of structured-cloneable data. */
import { planInventoryImport } from "../domain/inventory-csv-import";
import { planSync } from "../domain/inventory-sync";

export const PLANNERS = { planSync, planInventoryImport } as const;
export type PlannerName = keyof typeof PLANNERS;
