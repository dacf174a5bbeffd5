import { useId, useState, type FormEvent } from "react";
import { bulkField, bulkPriceProblem, changedPrice, describeBulkChange, type BulkChange, type BulkResult } from "../../domain/inventory-bulk";
import type { Vehicle } from "../../domain/vehicle";
import { staffApi } from "./api/staff-api";
import { ConfirmDialog } from "./components/ConfirmDialog";
import { errorMessage } from "./error-message";
import { formatPrice, formatTime } from "./format";
import { STATUS_LABELS } from "./vehicle-form/form-values";

/** The bulk actions, as the action menu offers them. */
const ACTIONS = [
  { value: "available", label: "Mark available" },
  { value: "on-hold", label: "Mark on hold" },
  { value: "sold", label: "Mark sold" },
  { value: "price-amount", label: "Change price by an amount ($)" },
  { value: "price-percent", label: "Change price by a percentage (%)" },
] as const;
type Action = (typeof ACTIONS)[number]["value"];
/** The dialog lists this many carts by name, then says how many more. */
const PREVIEW_ROWS = 8;

/** The change an action and its typed value make, or a message in words for a value that is not one. */
function changeOf(action: Action, value: string): BulkChange | string {
  if (action !== "price-amount" && action !== "price-percent") return { kind: "status", status: action };
  const n = Number(
    value
      .trim()
      .replace(/^\+/, "")
      .replace(/[$,%\s]/g, ""),
  );
  if (!value.trim() || !Number.isFinite(n) || n === 0)
    return action === "price-amount" ? "Enter the amount in whole dollars, like -500 or 250" : "Enter the percentage, like -5 or 2.5";
  if (action === "price-amount") return Number.isInteger(n) ? { kind: "price-amount", amount: n } : "Enter the amount in whole dollars, like -500 or 250";
  return n > -100 ? { kind: "price-percent", percent: n } : "A price cannot come down by 100% or more";
}

/** What the list hears after a bulk change: the result, to put the new versions in place and report the rest. */
export type BulkDone = (result: BulkResult) => void;

/**
 * The bar above the list for changing many carts at once: "select all shown", the count selected, an action with its
 * value, and one confirmation that names the change and the carts (each price's new value) before anything is sent.
 */
export function InventoryBulkBar({
  shown,
  chosen,
  onSelectAll,
  onDone,
  onFailed,
}: {
  /** The carts the list shows (filtered and sorted), all of which "select all" picks. */
  shown: readonly Vehicle[];
  /** The selected carts among them, in the list's order. */
  chosen: readonly Vehicle[];
  onSelectAll: (all: boolean) => void;
  onDone: BulkDone;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const [action, setAction] = useState<Action>("on-hold");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<BulkChange | null>(null);
  const [sending, setSending] = useState(false);
  const all = shown.length > 0 && chosen.length === shown.length;
  const priced = action === "price-amount" || action === "price-percent";

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf(action, value);
    if (typeof change === "string") return setProblem(change);
    const out = chosen.flatMap((v) => bulkPriceProblem(v, change) ?? []);
    if (out.length) return setProblem(`No price was changed. ${out.join(". ")}.`);
    setProblem(null);
    setAsking(change);
  };
  const send = async (change: BulkChange) => {
    setAsking(null);
    setSending(true);
    const field = bulkField(change);
    try {
      onDone(await staffApi.bulkVehicles({ change, vehicles: chosen.map((v) => ({ id: v.id, base: { [field]: v[field] } })) }));
    } catch (err) {
      onFailed(`Nothing was changed: ${errorMessage(err)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="bulk-bar" aria-label="Change the selected carts" onSubmit={ask}>
      <div className="field field--check bulk-bar__all">
        <input id={`${id}-all`} type="checkbox" checked={all} disabled={!shown.length} onChange={(e) => onSelectAll(e.target.checked)} />
        <label htmlFor={`${id}-all`}>Select all {shown.length.toLocaleString("en-US")} in the list</label>
      </div>
      <p className="bulk-bar__count" aria-live="polite">
        {chosen.length.toLocaleString("en-US")} selected
      </p>
      <div className="field bulk-bar__action">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} value={action} onChange={(e) => (setAction(e.target.value as Action), setProblem(null))}>
          {ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      {priced && (
        <div className="field bulk-bar__value">
          <label htmlFor={`${id}-value`}>{action === "price-amount" ? "Amount ($)" : "Percentage (%)"}</label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            value={value}
            placeholder={action === "price-amount" ? "-500" : "-5"}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            onChange={(e) => setValue(e.target.value)}
          />
          <p id={`${id}-hint`} className="field-hint">
            A minus lowers the price.
          </p>
        </div>
      )}
      <button type="submit" className="btn btn--primary bulk-bar__apply" disabled={!chosen.length || sending}>
        {sending ? "Saving…" : `Apply to ${chosen.length.toLocaleString("en-US")} ${chosen.length === 1 ? "cart" : "carts"}`}
      </button>
      {problem && (
        <p id={`${id}-problem`} className="field-error bulk-bar__problem" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? describeBulkChange(asking, chosen.length) : ""}
        confirmLabel={asking?.kind === "status" ? `Mark ${STATUS_LABELS[asking.status].toLowerCase()}` : "Change prices"}
        onConfirm={() => asking && void send(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking && <Preview change={asking} chosen={chosen} />}
      </ConfirmDialog>
    </form>
  );
}

/** The carts a change is about to touch, each price with its new value; a sold one's note; one history entry each. */
function Preview({ change, chosen }: { change: BulkChange; chosen: readonly Vehicle[] }) {
  const more = chosen.length - PREVIEW_ROWS;
  return (
    <>
      <ul className="bulk-preview">
        {chosen.slice(0, PREVIEW_ROWS).map((v) => (
          <li key={v.id}>
            {v.name}
            {v.stockNumber ? ` (${v.stockNumber})` : ""}
            {change.kind === "status"
              ? `: ${STATUS_LABELS[v.status]} → ${STATUS_LABELS[change.status]}`
              : `: ${formatPrice(v.price)} → ${formatPrice(changedPrice(v.price, change))}`}
          </li>
        ))}
      </ul>
      {more > 0 && <p>and {more.toLocaleString("en-US")} more.</p>}
      {change.kind === "status" && change.status === "sold" && <p>Sold carts leave the site's lists and feeds at once; you can mark them available again.</p>}
      <p>Each cart gets its own entry in the history. A cart someone else changed since this list was loaded is left as it is, and named.</p>
    </>
  );
}

/** The result in words: how many changed, and each cart left alone with why (which field, its value now, who changed it). */
export function BulkReport({ result }: { result: BulkResult }) {
  const { saved, unchanged, conflicts, refused } = result;
  return (
    <div className="bulk-report">
      <p>
        {saved.length.toLocaleString("en-US")} {saved.length === 1 ? "cart was" : "carts were"} changed
        {unchanged.length ? `; ${unchanged.length} already ${unchanged.length === 1 ? "was" : "were"} as asked` : ""}.
      </p>
      {conflicts.length > 0 && (
        <>
          <p>
            {conflicts.length === 1 ? "One cart was" : `${conflicts.length} carts were`} changed by someone else since the list was loaded, and{" "}
            {conflicts.length === 1 ? "was" : "were"} left as {conflicts.length === 1 ? "it is" : "they are"}:
          </p>
          <ul>
            {conflicts.map((c) => (
              <li key={c.id}>
                {c.name}:{" "}
                {c.conflicts
                  .map(
                    (f) =>
                      `${f.field} is now ${f.field === "price" && typeof f.current === "number" ? formatPrice(f.current) : f.field === "status" ? STATUS_LABELS[f.current as keyof typeof STATUS_LABELS] : String(f.current)}${f.email ? `, changed by ${f.email}${f.at ? ` (${formatTime(f.at)})` : ""}` : ""}`,
                  )
                  .join("; ")}
              </li>
            ))}
          </ul>
        </>
      )}
      {refused.length > 0 && (
        <ul>
          {refused.map((r) => (
            <li key={r.id}>{r.error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
