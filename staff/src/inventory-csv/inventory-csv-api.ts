import type { ImportAction, ImportRowPlan } from "../../../domain/inventory-csv-import";
import { call } from "../api/client";

/** What the server says a file would do (the preview), or did (the import): counts and each row's plan. */
export interface ImportAnswer {
  counts: Record<ImportAction, number>;
  rows: ImportRowPlan[];
}

/** A preview, with the tag the confirm sends back so that what is written is what was shown. */
export interface ImportPreview extends ImportAnswer {
  tag: string;
}

const asCsv = (file: Blob) => ({ method: "post" as const, body: file, headers: { "content-type": "text/csv" } });

/** POST /api/staff/inventory-csv/*: the file's bytes as they are; the server reads and checks them both times. */
export const inventoryCsvApi = {
  preview: async (file: Blob) => (await call<ImportPreview>("inventory-csv/preview", asCsv(file))).body,
  confirm: async (file: Blob, tag: string) =>
    (await call<ImportAnswer>("inventory-csv/import", { ...asCsv(file), headers: { "content-type": "text/csv", "If-Match": tag } })).body,
};
