import { useEffect, useId, useState } from "react";
import { leadName } from "../../domain/lead";
import { localDay } from "../../domain/local-time";
import type { Vehicle } from "../../domain/vehicle";
import { leadsApi } from "./api/leads-api";
import { ConfirmDialog } from "./components/ConfirmDialog";
import { formatPrice } from "./format";

/** A sale as recorded on the cart: the day, what the buyer paid, the lead it came from. */
export type Sale = NonNullable<Vehicle["sale"]>;

/**
 * "Mark sold" for one cart: asks the sale's day (today), price (the list price) and, among the leads about this
 * cart, the one it came from (none when it was a walk-in), then records them with the status.
 */
export function SaleDialog({ vehicle, onSold, onCancel }: { vehicle: Vehicle | null; onSold: (v: Vehicle, sale: Sale) => void; onCancel: () => void }) {
  const id = useId();
  const [date, setDate] = useState("");
  const [price, setPrice] = useState("");
  const [leadId, setLeadId] = useState("");
  const [leads, setLeads] = useState<{ id: string; label: string }[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!vehicle) return;
    setDate(localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone));
    setPrice(String(vehicle.price));
    setLeadId("");
    setProblem(null);
    setLeads([]);
    let live = true;
    leadsApi
      .page({ vehicle: vehicle.id })
      .then(({ overdue, leads: rest }) => {
        if (live) setLeads([...overdue, ...rest].map((l) => ({ id: l.id, label: `${leadName(l)}, ${l.createdAt.slice(0, 10)}` })));
      })
      // Without the leads the sale is still recorded, without one.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [vehicle]);

  const confirm = () => {
    if (!vehicle) return;
    const paid = Number(price.replace(/[$,\s]/g, ""));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setProblem("Enter the day of the sale");
    if (!price.trim() || !Number.isInteger(paid) || paid < 0) return setProblem("Enter the sale price in whole dollars, like 12995");
    onSold(vehicle, { date, price: paid, ...(leadId ? { leadId } : {}) });
  };

  return (
    <ConfirmDialog open={vehicle !== null} title={`Mark ${vehicle?.name ?? ""} sold?`} confirmLabel="Mark sold" onConfirm={confirm} onCancel={onCancel}>
      <p>A sold vehicle leaves the site's lists at once; its page says it was sold. You can mark it available again.</p>
      <div className="field">
        <label htmlFor={`${id}-date`}>Sold on</label>
        <input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-price`}>Sale price ($)</label>
        <input id={`${id}-price`} inputMode="numeric" value={price} aria-describedby={`${id}-price-hint`} onChange={(e) => setPrice(e.target.value)} />
        <p id={`${id}-price-hint`} className="field-hint">
          {vehicle ? `Listed at ${formatPrice(vehicle.price)}.` : ""}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-lead`}>From the lead</label>
        <select id={`${id}-lead`} value={leadId} onChange={(e) => setLeadId(e.target.value)}>
          <option value="">None (a walk-in, a phone call)</option>
          {leads.map((l) => (
            <option key={l.id} value={l.id}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </ConfirmDialog>
  );
}
