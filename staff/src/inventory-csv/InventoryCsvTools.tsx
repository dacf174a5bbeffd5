import { useEffect, useId, useRef, useState } from "react";
import type { ImportRowPlan } from "../../../domain/inventory-csv-import";
import { columnOfPath, inventoryCsv, inventoryCsvFileName } from "../../../domain/inventory-csv";
import type { Vehicle } from "../../../domain/vehicle";
import type { FieldChange } from "../../../domain/vehicle-edit";
import { Notice, showResult } from "../components/Notice";
import { StackedTable } from "../components/StackedTable";
import { errorMessage } from "../error-message";
import { formatPrice } from "../format";
import { fieldLabel as formLabel, fieldText } from "../vehicle-form/field-text";
import { inventoryCsvApi, type ImportPreview } from "./inventory-csv-api";
import "./inventory-csv.css";

/** The rows a preview lists besides the bad ones, which it always lists: past this a long file says how many more. */
export const PREVIEW_ROWS_SHOWN = 200;
const COLUMNS = ["Row", "Stock number", "Model", "What happens"] as const;
const MONEY_FIELDS = new Set(["price", "cost"]);

/** A field's name as the file's header has it, else as the vehicle form does. */
const fieldLabel = (field: string) => columnOfPath(field)?.name ?? formLabel(field);
const valueText = (field: string, value: unknown) =>
  value === null || value === undefined ? "none" : MONEY_FIELDS.has(field) && typeof value === "number" ? formatPrice(value) : String(value);
const changeText = ({ field, from, to }: FieldChange) => `${fieldLabel(field)} ${valueText(field, from)} → ${valueText(field, to)}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What a row does, in words: the cart it makes, the fields it changes, or what is wrong with it. */
function RowOutcome({ row }: { row: ImportRowPlan }) {
  if (row.action === "invalid")
    return (
      <ul className="csv-preview__errors">
        {row.errors.map((e, i) => (
          <li key={i}>{e.column ? `${e.column}: ${e.message}` : e.message}</li>
        ))}
      </ul>
    );
  if (row.action === "unchanged") return <span className="muted">No change</span>;
  if (row.action === "update")
    return (
      <>
        <strong>Changes</strong>
        <ul className="changes">
          {row.changes.map((c) => (
            <li key={c.field}>{changeText(c)}</li>
          ))}
        </ul>
      </>
    );
  // A new cart: every field it is created with, those taken from a cart of its model said so.
  const taken = new Set(row.model?.fields);
  return (
    <>
      <strong>New cart</strong>
      {row.model && (
        <p className="muted">
          Taken from the model ({row.model.from}): {row.model.fields.map(fieldLabel).join(", ")}. Never its description or photos.
        </p>
      )}
      <ul className="changes">
        {row.changes
          .filter((c) => c.field !== "id")
          .map((c) => (
            <li key={c.field}>
              {fieldLabel(c.field)}: {fieldText(c.field, c.to)}
              {taken.has(c.field) && <span className="muted"> (from the model)</span>}
            </li>
          ))}
        {!row.changes.some((c) => c.field === "images") && <li>Photos: none yet</li>}
      </ul>
    </>
  );
}

/**
 * "Export CSV" downloads what `exported` loads (every cart the inventory list's filters keep, on every page) as the spreadsheet CSV, cost
 * included; "Import CSV" sends a chosen file to the server, shows what it would create and change row by row, and
 * writes it, all rows or none, only when confirmed. `onImported` is called after an import (to load the list again).
 */
export function InventoryCsvTools({
  exported,
  count,
  onImported,
}: {
  exported: () => Promise<readonly Vehicle[]>;
  /** How many carts the export holds (none: the button is off). */
  count: number;
  onImported?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string; reload?: boolean } | null>(null);
  // The preview is what choosing a file gives: it is shown and focused as a notice would be.
  const previewBox = useRef<HTMLElement>(null);
  useEffect(() => {
    if (preview) showResult(previewBox.current);
  }, [preview]);

  const exportCsv = async () => {
    setNotice(null);
    let vehicles: readonly Vehicle[];
    setBusy(true);
    try {
      vehicles = await exported();
    } catch (err) {
      setNotice({ tone: "error", text: `Nothing was exported: ${errorMessage(err)}` });
      return;
    } finally {
      setBusy(false);
    }
    const url = URL.createObjectURL(new Blob([inventoryCsv(vehicles)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = inventoryCsvFileName();
    link.click();
    // After the click has started the download: revoking at once can cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const choose = async (chosen: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!chosen) return;
    setNotice(null);
    setPreview(null);
    setFile(chosen);
    setBusy(true);
    try {
      setPreview(await inventoryCsvApi.preview(chosen));
    } catch (err) {
      setFile(null);
      setNotice({ tone: "error", text: `${chosen.name} cannot be imported: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setPreview(null);
    setFile(null);
  };

  const confirm = async () => {
    if (!file || !preview) return;
    setBusy(true);
    try {
      const { counts } = await inventoryCsvApi.confirm(file, preview.tag);
      setPreview(null);
      setFile(null);
      setNotice({
        tone: "success",
        text: `Imported ${file.name}: ${plural(counts.create, "cart")} added, ${plural(counts.update, "cart")} changed.`,
        reload: !onImported,
      });
      onImported?.();
    } catch (err) {
      setNotice({ tone: "error", text: `Nothing was imported: ${errorMessage(err)}` });
    } finally {
      setBusy(false);
    }
  };

  const counts = preview?.counts;
  const toWrite = counts ? counts.create + counts.update : 0;
  const bad = preview?.rows.filter((r) => r.action === "invalid") ?? [];
  const good = preview?.rows.filter((r) => r.action !== "invalid") ?? [];
  const listed = [...bad, ...good.slice(0, PREVIEW_ROWS_SHOWN)].sort((a, b) => a.row - b.row);
  return (
    <div className="csv-tools">
      <div className="csv-tools__buttons">
        <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={count === 0 || busy}>
          Export CSV
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => input.current?.click()} disabled={busy}>
          Import CSV
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="CSV file to import"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      {busy && !preview && <p className="muted">Reading {file?.name}…</p>}
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}{" "}
          {notice.reload && (
            <button type="button" className="btn btn--small btn--secondary" onClick={() => window.location.reload()}>
              Show the updated list
            </button>
          )}
        </Notice>
      )}
      {preview && counts && file && (
        <section ref={previewBox} className="csv-preview" aria-labelledby={headingId} tabIndex={-1}>
          <h2 id={headingId}>Import preview: {file.name}</h2>
          <p>
            {plural(counts.create, "new cart")}, {plural(counts.update, "cart")} to change, {counts.unchanged.toLocaleString("en-US")} unchanged
            {counts.invalid ? `, ${plural(counts.invalid, "row")} with errors` : ""}. Nothing is written until you confirm, and then all rows or none.
          </p>
          {counts.invalid > 0 && (
            <Notice tone="error">
              {plural(counts.invalid, "row")} cannot be imported, so nothing will be. Correct {counts.invalid === 1 ? "it" : "them"} in the file and choose it
              again.
            </Notice>
          )}
          <StackedTable label={`What ${file.name} would do, row by row`} columns={COLUMNS}>
            {listed.map((r) => (
              <tr key={r.row} className={`csv-preview__row csv-preview__row--${r.action}`}>
                <td data-label={COLUMNS[0]}>{r.row}</td>
                <td data-label={COLUMNS[1]}>{r.stockNumber ?? "—"}</td>
                <td data-label={COLUMNS[2]}>{r.name ?? "—"}</td>
                <td data-label={COLUMNS[3]}>
                  {/* One box, so a phone's stacked cell keeps the outcome beside its label, not spread over the cell's grid. */}
                  <div>
                    <RowOutcome row={r} />
                  </div>
                </td>
              </tr>
            ))}
          </StackedTable>
          {good.length > PREVIEW_ROWS_SHOWN && (
            <p className="muted">And {plural(good.length - PREVIEW_ROWS_SHOWN, "more row")} without errors, not listed here.</p>
          )}
          <div className="actions">
            <button type="button" className="btn btn--primary" onClick={() => void confirm()} disabled={busy || counts.invalid > 0 || toWrite === 0}>
              {toWrite === 0 ? "Nothing to import" : `Import ${plural(toWrite, "cart")}`}
            </button>
            <button type="button" className="btn btn--secondary" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
