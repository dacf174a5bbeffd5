import { useId, useState, type FormEvent } from "react";
import { RENTAL_PLANS, type RentalPlanId } from "../../../domain/rentals";
import { ApiError } from "../api/client";
import { rentalsApi, type RentalSettings } from "../api/rentals-api";
import { Field } from "../components/Field";
import { Notice } from "../components/Notice";
import { errorMessage } from "../error-message";

/** The fleet per plan and the turnaround: owners change them, sales read them. */
export function FleetSettings({
  settings,
  etag,
  owner,
  onSaved,
}: {
  settings: RentalSettings;
  etag: string;
  owner: boolean;
  onSaved: (settings: RentalSettings, etag: string) => void;
}) {
  const id = useId();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const count = (name: string) => Number(String(data.get(name) ?? "").trim());
    const next: RentalSettings = {
      fleet: Object.fromEntries(RENTAL_PLANS.map((p) => [p.id, count(`fleet-${p.id}`)])) as Record<RentalPlanId, number>,
      turnaroundHours: count("turnaroundHours"),
    };
    setBusy(true);
    setNotice(null);
    try {
      const saved = await rentalsApi.saveSettings(next, etag);
      setFields({});
      onSaved(saved.settings, saved.etag);
      setNotice({ tone: "success", text: "Fleet and turnaround saved: availability counts with them at once." });
    } catch (err) {
      setFields(err instanceof ApiError ? (err.body.fields ?? {}) : {});
      setNotice({
        tone: "error",
        text:
          err instanceof ApiError && err.status === 412
            ? "Someone saved these settings since you opened them. Reload the page and try again."
            : `Not saved: ${errorMessage(err)}`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Fleet and turnaround</h2>
      {!owner && (
        <p className="muted">
          {RENTAL_PLANS.map((p) => `${settings.fleet[p.id]} ${p.title}`).join(", ")}; {settings.turnaroundHours} hours between two rentals of a cart. Owners
          change them.
        </p>
      )}
      {owner && (
        <form onSubmit={(e) => void save(e)} noValidate>
          {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
          <div className="grid fleet-settings">
            {RENTAL_PLANS.map((p) => (
              <Field key={p.id} id={`${id}-${p.id}`} label={`${p.title} carts`} error={fields[`fleet.${p.id}`] ?? fields[p.id]}>
                <input name={`fleet-${p.id}`} type="number" min={0} max={500} inputMode="numeric" defaultValue={settings.fleet[p.id]} />
              </Field>
            ))}
            <Field id={`${id}-turnaround`} label="Turnaround (hours)" hint="A cart stays held this long after a rental ends." error={fields.turnaroundHours}>
              <input name="turnaroundHours" type="number" min={0} max={72} inputMode="numeric" defaultValue={settings.turnaroundHours} />
            </Field>
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save fleet
          </button>
        </form>
      )}
    </section>
  );
}
