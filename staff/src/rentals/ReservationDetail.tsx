import { useId, useState, type FormEvent } from "react";
import { formatUsd } from "../../../domain/money";
import { planTitle } from "../../../domain/rental-booking";
import { cancellationRefund } from "../../../domain/rental-cancellation";
import { ApiError } from "../api/client";
import { rentalsApi, type Reservation, type ReservationAction } from "../api/rentals-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { Field } from "../components/Field";
import { Notice } from "../components/Notice";
import { errorMessage } from "../error-message";
import { whenText } from "./calendar";

/** "Jane Doe": the renter's name. */
export const renterName = (r: Reservation) => `${r.renter.firstName} ${r.renter.lastName}`;

/** The words of a failed decision: a stale version (412) and dates not free (409) say what to do. */
function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 412)
    return "Someone changed this reservation since you opened it. It has been loaded again: look, then try again.";
  const fields = err instanceof ApiError ? Object.values(err.body.fields ?? {}) : [];
  return [errorMessage(err), ...fields].join(": ");
}

/**
 * One reservation: its renter, quote, address, source and history, and what staff may do with it now: confirm or
 * decline a request (the reason goes to the renter), move it to new dates (re-quoted and checked against the fleet
 * by the server) or cancel it (the refund the policy gives is shown before confirming).
 */
export function ReservationDetail({ reservation: r, onChanged }: { reservation: Reservation; onChanged: (r: Reservation) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [form, setForm] = useState<"decline" | "move" | null>(null);
  const [askCancel, setAskCancel] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const open = r.status === "requested" || r.status === "confirmed";
  const refund = open ? cancellationRefund(r, new Date()) : null;

  const act = async (action: ReservationAction, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const next = await rentalsApi.act(r, action);
      onChanged(next);
      setForm(null);
      setNotice({ tone: "success", text: done });
    } catch (err) {
      setNotice({ tone: "error", text: failure(err) });
      if (err instanceof ApiError && err.status === 412) rentalsApi.reservation(r.id).then(onChanged, () => {});
    } finally {
      setBusy(false);
    }
  };

  const decline = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    if (!reason) return setReasonError("Write the reason the renter will read.");
    setReasonError(undefined);
    void act({ action: "decline", reason }, `${r.reference} declined; ${r.renter.email} is told why.`);
  };
  const move = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void act(
      { action: "move", start: String(data.get("start")), end: String(data.get("end")) },
      `${r.reference} moved; the renter has the new dates and price.`,
    );
  };

  return (
    <article className="panel reservation" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {r.reference} · {planTitle(r.plan)} <span className={`rental-status rental-status--${r.status}`}>{r.status}</span>
      </h2>
      {notice && (
        <Notice tone={notice.tone} result={notice}>
          {notice.text}
        </Notice>
      )}
      <dl className="facts">
        <div>
          <dt>Renter</dt>
          <dd>
            {renterName(r)} · <a href={`mailto:${r.renter.email}`}>{r.renter.email}</a> · <a href={`tel:${r.renter.phone}`}>{r.renter.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {whenText(r.start)} to {whenText(r.end)}
          </dd>
        </div>
        <div>
          <dt>{r.delivery.kind === "delivery" ? "Delivery to" : "Pickup"}</dt>
          <dd>{r.delivery.kind === "delivery" ? `${r.delivery.street}, ${r.delivery.town}` : "At the shop"}</dd>
        </div>
        <div>
          <dt>Additional drivers</dt>
          <dd>{r.drivers}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{r.source || "The dealership's site"}</dd>
        </div>
      </dl>
      <table className="quote-lines">
        <caption>Quote</caption>
        <tbody>
          {r.quote.lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{formatUsd(line.amount)}</td>
            </tr>
          ))}
          <tr className="quote-lines__total">
            <th scope="row">Total</th>
            <td>{formatUsd(r.quote.total)}</td>
          </tr>
          <tr>
            <th scope="row">Deposit (card, at delivery)</th>
            <td>{formatUsd(r.quote.deposit)}</td>
          </tr>
        </tbody>
      </table>
      {open && (
        <div className="actions">
          {r.status === "requested" && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void act({ action: "confirm" }, `${r.reference} confirmed; the renter has the confirmation.`)}
            >
              Confirm
            </button>
          )}
          {r.status === "requested" && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={busy}
              aria-expanded={form === "decline"}
              onClick={() => setForm(form === "decline" ? null : "decline")}
            >
              Decline…
            </button>
          )}
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            aria-expanded={form === "move"}
            onClick={() => setForm(form === "move" ? null : "move")}
          >
            Move…
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setAskCancel(true)}>
            Cancel reservation…
          </button>
        </div>
      )}
      {form === "decline" && (
        <form className="panel-form" onSubmit={decline} noValidate>
          <Field id={`${id}-reason`} label="Reason (the renter reads it)" error={reasonError}>
            <textarea name="reason" rows={3} maxLength={1000} />
          </Field>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            Decline {r.reference}
          </button>
        </form>
      )}
      {form === "move" && (
        <form className="panel-form" onSubmit={move}>
          <div className="grid">
            <Field id={`${id}-start`} label="New start">
              <input type="datetime-local" name="start" defaultValue={r.start} required step={900} />
            </Field>
            <Field id={`${id}-end`} label="New end">
              <input type="datetime-local" name="end" defaultValue={r.end} required step={900} />
            </Field>
          </div>
          <p className="muted">The server prices the new dates and checks that a cart is free for them.</p>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Move {r.reference}
          </button>
        </form>
      )}
      <h3>History</h3>
      <ol className="plain-list history-list">
        {r.history.map((h, i) => (
          <li key={i}>
            <time dateTime={h.at}>{new Date(h.at).toLocaleString("en-US", { timeZone: r.timeZone, timeZoneName: "short" })}</time> · {h.action} by {h.by}
            {h.detail ? `: ${h.detail}` : ""}
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={askCancel}
        title={`Cancel ${r.reference}?`}
        confirmLabel="Cancel the reservation"
        keepLabel="Keep the reservation"
        onCancel={() => setAskCancel(false)}
        onConfirm={() => {
          setAskCancel(false);
          void act({ action: "cancel" }, `${r.reference} cancelled; the renter is told, with the refund.`);
        }}
      >
        {refund && (
          <p>
            The policy refunds {refund.percent}% now: {formatUsd(refund.amount)} of {formatUsd(r.quote.total)}. {renterName(r)} gets a mail saying so.
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}
