import { useId, useState } from "react";
import { flushSync } from "react-dom";
import type { Vehicle } from "../../../domain/vehicle";
import { staffApi, type TransferChoices, type Versioned } from "../api/staff-api";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { errorMessage } from "../error-message";

/**
 * "Move to another lot": the unit goes to another site's lot in one step, shown there in place of this
 * one. Before the move the dialog says when an inventory source keeps the lot, since its next run moves it back.
 */
export function LotTransfer({
  vehicle,
  etag,
  lotName,
  onMoved,
}: {
  vehicle: Vehicle;
  etag: string;
  lotName: (id: string | undefined) => string;
  onMoved: (saved: Versioned, text: string) => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState<TransferChoices | null>(null);
  const [to, setTo] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const open = async () => {
    setProblem(null);
    try {
      const found = await staffApi.transferChoices(vehicle.id);
      setChoices(found);
      setTo(found.to[0]?.id ?? "");
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };
  const confirm = async () => {
    if (!to) return setProblem("Choose the lot to move it to");
    try {
      const saved = await staffApi.transferVehicle(vehicle.id, to, etag);
      // The dialog closed first (focus goes back to its button), so that the result then takes the focus.
      flushSync(() => setChoices(null));
      onMoved(saved, `Moved ${vehicle.name} to the lot of ${lotName(to)}: that site shows it now.${saved.warning ? ` ${saved.warning}.` : ""}`);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <section className="lot-transfer" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Lot</h2>
      <p>
        {vehicle.location ? `On the lot of ${lotName(vehicle.location)}.` : "Not on a site's lot yet."} Moving it to another site's lot shows it on that site
        instead, and its history records who moved it.
      </p>
      <button type="button" className="btn" onClick={() => void open()} disabled={vehicle.status === "sold"}>
        Move to another lot
      </button>
      {problem && !choices && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={choices !== null}
        title={`Move ${vehicle.name} to another lot?`}
        confirmLabel="Move"
        onConfirm={() => void confirm()}
        onCancel={() => setChoices(null)}
      >
        {choices?.warning && (
          <p className="notice notice--warning" role="note">
            {choices.warning}.
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-to`}>To the lot of</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            {choices?.to.map((site) => (
              <option key={site.id} value={site.id}>
                {site.name}
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
    </section>
  );
}
