import { useId, useState, type FormEvent } from "react";
import type { Site } from "../../../domain/site";
import { DEFAULT_BOOKING_HORIZON_DAYS, MAX_BOOKING_HORIZON_DAYS } from "../../../domain/rental-booking";
import { RENTAL_PLANS, type RentalPlanId } from "../../../domain/rentals";
import { ApiError } from "../api/client";
import { rentalsApi, type RentalSettings } from "../api/rentals-api";
import { Field } from "../components/Field";
import { Notice } from "../components/Notice";
import { errorMessage } from "../error-message";

/** One site's fleet per plan, turnaround and booking horizon: owners change them, sales read them. */
export function FleetSettings({
  site,
  settings,
  etag,
  owner,
  onSaved,
}: {
  site: Site;
  settings: RentalSettings;
  etag: string;
  owner: boolean;
  onSaved: (settings: RentalSettings, etag: string) => void;
}) {
  const id = useId();
  const horizon = settings.bookingHorizonDays ?? DEFAULT_BOOKING_HORIZON_DAYS;
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
      bookingHorizonDays: count("bookingHorizonDays"),
    };
    setBusy(true);
    setNotice(null);
    try {
      const saved = await rentalsApi.saveSettings(site.id, next, etag);
      setFields({});
      onSaved(saved.settings, saved.etag);
      setNotice({
        tone: "success",
        text: `Fleet, turnaround and booking horizon of ${site.name} saved: its availability and new requests count with them at once.`,
      });
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
      <p className="muted">Of {site.name}.</p>
      {!owner && (
        <p className="muted">
          {RENTAL_PLANS.map((p) => `${settings.fleet[p.id]} ${p.title}`).join(", ")}; {settings.turnaroundHours} hours between two rentals of a cart; rentals
          start up to {horizon} days ahead. Owners change them.
        </p>
      )}
      {owner && (
        <form onSubmit={(e) => void save(e)} noValidate>
          {notice && (
            <Notice tone={notice.tone} result={notice}>
              {notice.text}
            </Notice>
          )}
          <div className="grid fleet-settings">
            {RENTAL_PLANS.map((p) => (
              <Field key={p.id} id={`${id}-${p.id}`} label={`${p.title} carts`} error={fields[`fleet.${p.id}`] ?? fields[p.id]}>
                <input name={`fleet-${p.id}`} type="number" min={0} max={500} inputMode="numeric" defaultValue={settings.fleet[p.id]} />
              </Field>
            ))}
            <Field id={`${id}-turnaround`} label="Turnaround (hours)" hint="A cart stays held this long after a rental ends." error={fields.turnaroundHours}>
              <input name="turnaroundHours" type="number" min={0} max={72} inputMode="numeric" defaultValue={settings.turnaroundHours} />
            </Field>
            <Field
              id={`${id}-horizon`}
              label="Booking horizon (days)"
              hint="Renters can ask for a start up to this many days ahead."
              error={fields.bookingHorizonDays}
            >
              <input name="bookingHorizonDays" type="number" min={1} max={MAX_BOOKING_HORIZON_DAYS} inputMode="numeric" defaultValue={horizon} />
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
