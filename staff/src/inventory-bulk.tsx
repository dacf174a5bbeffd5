import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  belowCost,
  bulkField,
  bulkPriceProblem,
  changedPrice,
  describeBulkChange,
  isSiteChange,
  PRICE_ROUNDINGS,
  type BulkChange,
  type BulkResult,
  type PriceRounding,
} from "../../domain/inventory-bulk";
import type { Vehicle } from "../../domain/vehicle";
import { staffApi } from "./api/staff-api";
import { ConfirmDialog } from "./components/ConfirmDialog";
import { showResult } from "./components/Notice";
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
  { value: "site-add", label: "Show on site…" },
  { value: "site-remove", label: "Take off site…" },
] as const;
type Action = (typeof ACTIONS)[number]["value"];
/** The dialog lists this many carts by name, then says how many more. */
const PREVIEW_ROWS = 8;

/** A site the carts can be shown on: its id and name. */
export interface BulkSite {
  id: string;
  name: string;
}

/** The change an action and its typed value make, or a message in words for a value that is not one. */
function changeOf(action: Action, value: string, rounding: PriceRounding, site: string): BulkChange | string {
  if (action === "site-add" || action === "site-remove") return site ? { kind: action, site } : "Choose the site";
  if (action !== "price-amount" && action !== "price-percent") return { kind: "status", status: action };
  const n = Number(
    value
      .trim()
      .replace(/^\+/, "")
      .replace(/[$,%\s]/g, ""),
  );
  if (!value.trim() || !Number.isFinite(n) || n === 0)
    return action === "price-amount" ? "Enter the amount in whole dollars, like -500 or 250" : "Enter the percentage, like -5 or 2.5";
  if (action === "price-amount")
    return Number.isInteger(n) ? { kind: "price-amount", amount: n, rounding } : "Enter the amount in whole dollars, like -500 or 250";
  return n > -100 ? { kind: "price-percent", percent: n, rounding } : "A price cannot come down by 100% or more";
}

/** What the list hears after a bulk change: the result, to put the new versions in place and report the rest. */
export type BulkDone = (result: BulkResult) => void;

/**
 * The bar above the list for changing many carts at once: "select all shown", the count selected, an action with its
 * value, and one confirmation that names the change and the carts (each price's new value) before anything is sent.
 */
export function InventoryBulkBar({
  total,
  chosen,
  selectingAll = false,
  onSelectAll,
  onDone,
  onFailed,
  sites = [],
}: {
  /** How many carts the list's filters keep, over every page: all of which "select all" picks. */
  total: number;
  /** The selected carts, on this page or others. */
  chosen: readonly Vehicle[];
  /** "Select all" is loading every match: ticked meanwhile. */
  selectingAll?: boolean;
  onSelectAll: (all: boolean) => void;
  onDone: BulkDone;
  onFailed: (message: string) => void;
  /** The sites the account may show carts on or take them off (the deployment's, for an organisation-wide account). */
  sites?: readonly BulkSite[];
}) {
  const id = useId();
  const [action, setAction] = useState<Action>("on-hold");
  const [value, setValue] = useState("");
  const [rounding, setRounding] = useState<PriceRounding>("1");
  const [site, setSite] = useState("");
  /** Ticked in the confirmation: the prices it lists below their carts' cost are meant. */
  const [lossOk, setLossOk] = useState(false);
  const [lossProblem, setLossProblem] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemBox = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) showResult(problemBox.current);
  }, [problem]);
  const [asking, setAsking] = useState<BulkChange | null>(null);
  const [sending, setSending] = useState(false);
  const all = selectingAll || (total > 0 && chosen.length === total);
  const priced = action === "price-amount" || action === "price-percent";
  const sited = action === "site-add" || action === "site-remove";
  const siteName = (id: string) => sites.find((x) => x.id === id)?.name ?? id;
  const chosenSite = site || (sites.length === 1 ? sites[0]!.id : "");

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf(action, value, rounding, chosenSite);
    if (typeof change === "string") return setProblem(change);
    // Out of range is refused here; below cost is asked in the confirmation, cart by cart.
    const out = chosen.flatMap((v) => bulkPriceProblem(v, change.kind === "status" || isSiteChange(change) ? change : { ...change, belowCost: true }) ?? []);
    if (out.length) return setProblem(`No price was changed. ${out.join(". ")}.`);
    setProblem(null);
    setLossOk(false);
    setLossProblem(false);
    setAsking(change);
  };
  const confirm = (change: BulkChange) => {
    const losses = chosen.some((v) => belowCost(v, change));
    if (losses && !lossOk) return setLossProblem(true);
    void send(change.kind === "status" || isSiteChange(change) ? change : { ...change, belowCost: losses });
  };
  const send = async (change: BulkChange) => {
    setAsking(null);
    setSending(true);
    const field = bulkField(change);
    try {
      // The value the list showed: a cart naming no sites is sent as null (every site), as the API compares it.
      onDone(await staffApi.bulkVehicles({ change, vehicles: chosen.map((v) => ({ id: v.id, base: { [field]: v[field] ?? null } })) }));
    } catch (err) {
      onFailed(`Nothing was changed: ${errorMessage(err)}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="bulk-bar" aria-label="Change the selected carts" onSubmit={ask}>
      <div className="field field--check bulk-bar__all">
        <input id={`${id}-all`} type="checkbox" checked={all} disabled={!total} onChange={(e) => onSelectAll(e.target.checked)} />
        <label htmlFor={`${id}-all`}>Select all {total.toLocaleString("en-US")} in the list</label>
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
      {priced && (
        <div className="field bulk-bar__rounding">
          <label htmlFor={`${id}-rounding`}>Round new prices</label>
          <select id={`${id}-rounding`} value={rounding} onChange={(e) => setRounding(e.target.value as PriceRounding)}>
            {PRICE_ROUNDINGS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
      {sited && (
        <div className="field bulk-bar__site">
          <label htmlFor={`${id}-site`}>{action === "site-add" ? "Show on" : "Take off"}</label>
          <select
            id={`${id}-site`}
            value={chosenSite}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => (setSite(e.target.value), setProblem(null))}
          >
            {sites.length !== 1 && <option value="">Choose a site</option>}
            {sites.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="btn btn--primary bulk-bar__apply" disabled={!chosen.length || sending}>
        {sending ? "Saving…" : `Apply to ${chosen.length.toLocaleString("en-US")} ${chosen.length === 1 ? "cart" : "carts"}`}
      </button>
      {problem && (
        <p ref={problemBox} id={`${id}-problem`} className="field-error bulk-bar__problem" role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? describeBulkChange(asking, chosen.length, siteName) : ""}
        confirmLabel={
          asking?.kind === "status"
            ? `Mark ${STATUS_LABELS[asking.status].toLowerCase()}`
            : asking && isSiteChange(asking)
              ? asking.kind === "site-add"
                ? `Show on ${siteName(asking.site)}`
                : `Take off ${siteName(asking.site)}`
              : "Change prices"
        }
        onConfirm={() => asking && confirm(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking && <Preview change={asking} chosen={chosen} siteName={siteName} />}
        {asking && <BelowCost change={asking} chosen={chosen} ok={lossOk} onOk={(ok) => (setLossOk(ok), setLossProblem(false))} problem={lossProblem} />}
      </ConfirmDialog>
    </form>
  );
}

/** The carts a change is about to touch, each price with its new value; a sold one's note; one history entry each. */
function Preview({ change, chosen, siteName }: { change: BulkChange; chosen: readonly Vehicle[]; siteName: (id: string) => string }) {
  const names = (ids: readonly string[] | undefined) => (ids?.length ? ids.map(siteName).join(", ") : "every site");
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
              : isSiteChange(change)
                ? `: shown on ${names(v.sites)}`
                : `: ${formatPrice(v.price)} → ${formatPrice(changedPrice(v.price, change))}`}
          </li>
        ))}
      </ul>
      {more > 0 && <p>and {more.toLocaleString("en-US")} more.</p>}
      {change.kind === "site-remove" && (
        <p>A cart shown on every site is then shown on each of the other sites, and not on sites added later. A cart must stay on at least one site.</p>
      )}
      {change.kind === "status" && change.status === "sold" && <p>Sold carts leave the site's lists and feeds at once; you can mark them available again.</p>}
      <p>Each cart gets its own entry in the history. A cart someone else changed since this list was loaded is left as it is, and named.</p>
    </>
  );
}

/** The carts a price change would sell below what the dealer paid, and the tick that says it is meant. */
function BelowCost({
  change,
  chosen,
  ok,
  onOk,
  problem,
}: {
  change: BulkChange;
  chosen: readonly Vehicle[];
  ok: boolean;
  onOk: (ok: boolean) => void;
  problem: boolean;
}) {
  const id = useId();
  const losses = chosen.filter((v) => belowCost(v, change));
  if (change.kind === "status" || isSiteChange(change) || !losses.length) return null;
  return (
    <div className="bulk-below-cost">
      <p>
        <strong>
          {losses.length === 1 ? "1 cart" : `${losses.length.toLocaleString("en-US")} carts`} would be priced below {losses.length === 1 ? "its" : "their"}{" "}
          cost:
        </strong>
      </p>
      <ul>
        {losses.slice(0, PREVIEW_ROWS).map((v) => (
          <li key={v.id}>
            {v.name}
            {v.stockNumber ? ` (${v.stockNumber})` : ""}: {formatPrice(changedPrice(v.price, change))}, cost {formatPrice(v.cost!)}
          </li>
        ))}
      </ul>
      <div className="field field--check">
        <input
          id={`${id}-ok`}
          type="checkbox"
          checked={ok}
          onChange={(e) => onOk(e.target.checked)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          ref={(el) => {
            if (problem) el?.focus();
          }}
        />
        <label htmlFor={`${id}-ok`}>Yes, price {losses.length === 1 ? "it" : "them"} below cost</label>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          Tick the box to sell below cost, or Cancel and choose another change.
        </p>
      )}
    </div>
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
                      `${f.field} is now ${f.field === "price" && typeof f.current === "number" ? formatPrice(f.current) : f.field === "status" ? STATUS_LABELS[f.current as keyof typeof STATUS_LABELS] : f.field === "sites" ? (Array.isArray(f.current) && f.current.length ? f.current.join(", ") : "every site") : String(f.current)}${f.email ? `, changed by ${f.email}${f.at ? ` (${formatTime(f.at)})` : ""}` : ""}`,
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
