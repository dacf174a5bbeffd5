import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { INVENTORY_CSV_COLUMNS } from "../../../domain/inventory-csv";
import { OWNABLE_FIELDS, SOURCE_KINDS, SOURCE_LIMITS, type SourceView } from "../../../domain/inventory-source";
import { CheckField, Field } from "../components/Field";
import { showResult } from "../components/Notice";
import { storedSecretHint, type SourceFormValues } from "./source-form";

const KIND_LABELS: Record<(typeof SOURCE_KINDS)[number], string> = {
  pull: "Pull: we fetch the export's address on a schedule",
  push: "Push: the dealer system posts its file to us",
  folder: "Drop folder: an SFTP account writes files into a folder",
};
const ownedLabel = (path: string) => INVENTORY_CSV_COLUMNS.find((c) => c.path === path)?.name ?? path;

/** The settings of one source: `errors` by form field (the server's, or the form's own), shown beside each. */
export function SourceForm({
  defaults,
  stored,
  sites,
  organisation,
  isNew,
  onSave,
  onCancel,
}: {
  defaults: SourceFormValues;
  /** The stored credentials, as hints. */
  stored?: SourceView["auth"];
  sites: { id: string; name: string }[];
  /** Whether the account may add a source for the whole organisation. */
  organisation: boolean;
  isNew: boolean;
  onSave: (values: SourceFormValues) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(defaults);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const set = <K extends keyof SourceFormValues>(key: K, value: SourceFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const input = (key: keyof SourceFormValues) => ({
    name: key,
    value: String(values[key]),
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });
  const secretHint = storedSecretHint(stored, values.authType);
  const form = useRef<HTMLFormElement>(null);
  // The first field the server refused, in view and focused, once its error is shown.
  useEffect(() => {
    const first = Object.keys(errors)[0];
    const control = first ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`) : null;
    if (control) showResult(control);
    else if (first) form.current?.querySelector<HTMLElement>(".field-error")?.scrollIntoView({ block: "nearest" });
  }, [errors]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      setErrors((await onSave(values)) ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate className="source-form">
      <fieldset>
        <legend>The source</legend>
        <div className="grid">
          <Field id={f("name")} label="Name" hint="Like the dealer system's: Lightspeed, DealerCenter…" error={errors.name}>
            <input {...input("name")} autoComplete="off" />
          </Field>
          <Field id={f("site")} label="Lot" hint="The lot it stocks; the whole organisation's reads each unit's lot from the file" error={errors.site}>
            <select {...input("site")}>
              {organisation && <option value="">The whole organisation</option>}
              {sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={f("kind")} label="Kind" error={errors.kind}>
            <select {...input("kind")}>
              {SOURCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={f("format")} label="Format" error={errors.format}>
            <select {...input("format")}>
              <option value="auto">Tell from the file</option>
              <option value="csv">CSV (any delimiter, UTF-8 or Windows-1252)</option>
              <option value="json">JSON</option>
            </select>
          </Field>
          {values.kind === "pull" && (
            <>
              <Field id={f("url")} label="Export address (URL)" hint="https://…, or http://… on your own network" error={errors.url}>
                <input {...input("url")} type="url" inputMode="url" autoComplete="off" />
              </Field>
              <Field
                id={f("intervalMinutes")}
                label="Fetch every (minutes)"
                hint={`From ${SOURCE_LIMITS.intervalMin} to ${SOURCE_LIMITS.intervalMax.toLocaleString("en-US")}; 360 is every 6 hours`}
                error={errors.intervalMinutes}
              >
                <input {...input("intervalMinutes")} inputMode="numeric" />
              </Field>
            </>
          )}
          <Field id={f("matchBy")} label="Match units by" error={errors.matchBy}>
            <select {...input("matchBy")}>
              <option value="stockNumber">Stock number</option>
              <option value="vin">VIN or serial number</option>
            </select>
          </Field>
        </div>
        <CheckField id={f("enabled")} label="Runs on its schedule (untick to pause it)">
          <input type="checkbox" name="enabled" checked={values.enabled} onChange={(e) => set("enabled", e.target.checked)} />
        </CheckField>
      </fieldset>

      {values.kind === "pull" && (
        <fieldset>
          <legend>Sign-in at the dealer system</legend>
          <Field id={f("authType")} label="Credentials" error={errors.type}>
            <select {...input("authType")}>
              <option value="none">None</option>
              <option value="basic">User name and password (HTTP Basic)</option>
              <option value="bearer">Bearer token</option>
            </select>
          </Field>
          {values.authType === "basic" && (
            <div className="grid">
              <Field id={f("username")} label="User name" error={errors.username}>
                <input {...input("username")} autoComplete="off" />
              </Field>
              <Field
                id={f("password")}
                label="Password"
                hint={secretHint ? `Stored: ${secretHint}. Leave blank to keep it.` : "Kept on the server; shown back only as its last four characters."}
                error={errors.password}
              >
                <input {...input("password")} type="password" autoComplete="new-password" />
              </Field>
            </div>
          )}
          {values.authType === "bearer" && (
            <Field
              id={f("token")}
              label="Token"
              hint={secretHint ? `Stored: ${secretHint}. Leave blank to keep it.` : "Kept on the server; shown back only as its last four characters."}
              error={errors.token}
            >
              <input {...input("token")} type="password" autoComplete="new-password" />
            </Field>
          )}
        </fieldset>
      )}

      <fieldset>
        <legend>Fields the source keeps</legend>
        <p className="field-hint">The console refuses edits of these; the rest (description, photos, features, sites) stay the staff's.</p>
        <div className="checks" role="group" aria-label="Fields the source keeps">
          {OWNABLE_FIELDS.map((path) => (
            <CheckField key={path} id={f(`owns-${path}`)} label={ownedLabel(path)}>
              <input
                type="checkbox"
                name="owns"
                checked={values.owns.includes(path)}
                onChange={(e) => set("owns", e.target.checked ? [...values.owns, path] : values.owns.filter((p) => p !== path))}
              />
            </CheckField>
          ))}
        </div>
        {errors.owns && <p className="field-error">{errors.owns}</p>}
      </fieldset>

      <fieldset>
        <legend>Safety stop</legend>
        <div className="grid">
          <Field
            id={f("soldAfterMissingRuns")}
            label="Mark sold after missing from (runs)"
            hint="A unit is sold only after this many runs in a row without it, from 1 to 10"
            error={errors.soldAfterMissingRuns}
          >
            <input {...input("soldAfterMissingRuns")} inputMode="numeric" />
          </Field>
          <Field id={f("maxSoldPercent")} label="Hold a run that sells more than (%)" hint="Of the source's units" error={errors.maxSoldPercent}>
            <input {...input("maxSoldPercent")} inputMode="decimal" />
          </Field>
          <Field id={f("maxPricePercent")} label="Hold a run that changes more than (%) of the prices" error={errors.maxPricePercent}>
            <input {...input("maxPricePercent")} inputMode="decimal" />
          </Field>
        </div>
      </fieldset>

      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {isNew ? "Add the source" : "Save the source"}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
