import type React from "react";
import { useForm, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatUsd } from "../../../domain/money";
import { PRICE_MAX_USD, PRICE_MIN_USD, VEHICLE_CONDITIONS, type Vehicle } from "../../../domain/vehicle";
import type { VehicleFormField } from "../../../domain/vehicle-fields";
import { CheckField, Field, messageAt, showServerErrors } from "../components/Field";
import { SPEC_FIELDS, STATUS_LABELS, UNIT_FIELDS, VEHICLE_STATUSES, VehicleFormSchema, type VehicleFormValues } from "./form-values";

/** A lot a unit can stand on: one of the organisation's sites. */
export interface Lot {
  id: string;
  name: string;
}

/** The input of one listed field (domain/vehicle-fields.ts), by its kind: a site is chosen from the lots, a date picked, the rest typed. */
function ListedInput({ field, lots, value, ...registered }: { field: VehicleFormField; lots: readonly Lot[]; value: string } & UseFormRegisterReturn) {
  if (field.kind === "site") {
    return (
      <select {...registered}>
        <option value="">Not said</option>
        {lots.map((lot) => (
          <option key={lot.id} value={lot.id}>
            {lot.name}
          </option>
        ))}
        {/* A lot stored before the list, or a site since removed, stays what it was until someone chooses another. */}
        {value && !lots.some((lot) => lot.id === value) && <option value={value}>{value} (not one of your sites)</option>}
      </select>
    );
  }
  return (
    <input
      type={field.kind === "date" ? "date" : "text"}
      autoComplete="off"
      spellCheck={false}
      inputMode={field.kind === "count" ? "numeric" : undefined}
      {...registered}
    />
  );
}

/**
 * The sites a cart is shown on: every site (and sites added later), or the ticked ones. An account scoped to sites
 * sees the others but cannot tick or untick them, nor choose every site for a cart that names some (that would add the
 * others); the server judges the same (domain/site-scope.ts) and its refusal is shown here.
 */
function ShownOn({
  choices,
  ownSites,
  everyAtFirst,
  shownOn,
  ticked,
  error,
  radio,
  onShownOn,
  onTick,
}: {
  choices: readonly Lot[];
  ownSites: readonly string[] | undefined;
  everyAtFirst: boolean;
  shownOn: "every" | "some";
  ticked: readonly string[];
  error: string | undefined;
  radio: UseFormRegisterReturn;
  onShownOn: (mode: "every" | "some") => void;
  onTick: (id: string, on: boolean) => void;
}) {
  const mine = (id: string) => !ownSites || ownSites.includes(id);
  const names = (ids: readonly string[]) => ids.map((id) => choices.find((c) => c.id === id)?.name ?? id).join(", ");
  // A stored id the deployment no longer has stays listed (by its id) until it is unticked.
  const listed = [...choices, ...ticked.filter((id) => !choices.some((c) => c.id === id)).map((id) => ({ id, name: `${id} (no longer a site)` }))];
  const hint = ownSites
    ? `Your account may tick or untick only its own sites (${names(ownSites)}); the others are for an organisation-wide account to change.`
    : undefined;
  const described = [hint ? "v-sites-hint" : null, error ? "v-sites-error" : null].filter(Boolean).join(" ") || undefined;
  const pick = (mode: "every" | "some") => ({
    ...radio,
    onChange: async (e: React.ChangeEvent<HTMLInputElement>) => {
      await radio.onChange(e);
      onShownOn(mode);
    },
  });
  return (
    <fieldset className={`shown-on${error ? " field--invalid" : ""}`} aria-describedby={described}>
      <legend>Shown on</legend>
      {hint && (
        <p id="v-sites-hint" className="field-hint">
          {hint}
        </p>
      )}
      <div className="field field--check">
        <input id="v-shown-every" type="radio" value="every" disabled={!!ownSites && !everyAtFirst} {...pick("every")} />
        <label htmlFor="v-shown-every">Every site (and sites added later)</label>
      </div>
      <div className="field field--check">
        <input id="v-shown-some" type="radio" value="some" {...pick("some")} />
        <label htmlFor="v-shown-some">Only the sites ticked</label>
      </div>
      {shownOn === "some" && (
        <ul className="shown-on__sites" aria-label="Sites it is shown on">
          {listed.map((site) => (
            <li key={site.id} className="field field--check">
              <input
                id={`v-site-${site.id}`}
                type="checkbox"
                checked={ticked.includes(site.id)}
                disabled={!mine(site.id)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => onTick(site.id, e.target.checked)}
              />
              <label htmlFor={`v-site-${site.id}`}>
                {site.name}
                {!mine(site.id) && <span className="muted"> (not your account's)</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="v-sites-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface VehicleFormProps {
  defaults: VehicleFormValues;
  /** A new vehicle may leave its id empty; an existing one keeps its id. */
  isNew: boolean;
  /**
   * Saves the validated vehicle. Resolves with the server's field errors
   * (path → message) when it refused some, or nothing.
   */
  onSave: (vehicle: Omit<Vehicle, "id"> & { id?: string }) => Promise<Record<string, string> | void>;
  /** Known brands and categories, offered as suggestions. */
  brands?: string[];
  categories?: string[];
  /** The organisation's sites, of which the unit's location is one. */
  lots?: readonly Lot[];
  /** Every site of the deployment, in its order: the sites the cart can be shown on. */
  siteChoices?: readonly Lot[];
  /** The sites an account scoped to sites acts on; undefined for an organisation-wide account, which may choose any. */
  ownSites?: readonly string[];
}

/** Where a server error path (e.g. "images.2") lands in the form. */
function formPath(path: string): Path<VehicleFormValues> {
  const [head, second] = path.split(".");
  if (head === "specifications" && second && SPEC_FIELDS.some(({ key }) => key === second)) return `specifications.${second}` as Path<VehicleFormValues>;
  if (head === "images" || head === "features" || head === "specifications") return head === "specifications" ? "specifications.seatingCapacity" : head;
  return (head ?? "root") as Path<VehicleFormValues>;
}

/** Every field of the core's vehicle schema, each with a visible label, validated by that schema. */
export function VehicleForm({ defaults, isNew, onSave, brands = [], categories = [], lots = [], siteChoices = [], ownSites }: VehicleFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormValues, unknown, Omit<Vehicle, "id"> & { id?: string }>({
    resolver: zodResolver(VehicleFormSchema),
    defaultValues: defaults,
  });
  const err = (path: string) => messageAt(errors, path);
  const values = watch();
  // A meter reading is a used unit's: its inputs show for Used, or while they hold a value (which the schema then refuses on a new unit).
  const unitFields = UNIT_FIELDS.filter((f) => !f.usedOnly || values.condition === "used" || values[f.key].trim() !== "");

  const submit = handleSubmit(async (vehicle) => {
    const refused = await onSave(vehicle);
    if (refused) showServerErrors(refused, setError, formPath);
  });

  return (
    <form className="vehicle-form" noValidate onSubmit={submit} aria-label={isNew ? "New vehicle" : "Edit vehicle"}>
      <fieldset>
        <legend>Vehicle</legend>
        <div className="grid">
          <Field id="v-name" label="Name" error={err("name")}>
            <input type="text" autoComplete="off" {...register("name")} />
          </Field>
          <Field
            id="v-id"
            label="ID"
            hint={
              isNew
                ? "Used in the vehicle's address. Leave empty to make it from the name and stock number."
                : "Part of the vehicle's address; it cannot change."
            }
            error={err("id")}
          >
            <input type="text" autoComplete="off" readOnly={!isNew} {...register("id")} />
          </Field>
          <Field id="v-price" label="Price" hint={`Whole US dollars, ${formatUsd(PRICE_MIN_USD)} to ${formatUsd(PRICE_MAX_USD)}.`} error={err("price")}>
            <input type="text" inputMode="numeric" autoComplete="off" {...register("price")} />
          </Field>
          <Field id="v-brand" label="Brand" error={err("brand")}>
            <input type="text" autoComplete="off" list="v-brands" {...register("brand")} />
          </Field>
          <Field id="v-category" label="Category" error={err("category")}>
            <input type="text" autoComplete="off" list="v-categories" {...register("category")} />
          </Field>
          <Field id="v-condition" label="Condition" error={err("condition")}>
            <select {...register("condition")}>
              {VEHICLE_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {c === "new" ? "New" : "Used"}
                </option>
              ))}
            </select>
          </Field>
          <Field id="v-status" label="Status" error={err("status")}>
            <select {...register("status")}>
              {VEHICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="v-external-url" label="External URL" hint="The manufacturer's page, if any." error={err("externalUrl")}>
            <input type="url" autoComplete="off" {...register("externalUrl")} />
          </Field>
        </div>
        <Field id="v-description" label="Description" error={err("description")} className="field--wide">
          <textarea rows={5} {...register("description")} />
        </Field>
        <div className="checks">
          <CheckField id="v-in-stock" label="In stock">
            <input type="checkbox" {...register("inStock")} />
          </CheckField>
          <CheckField id="v-featured" label="Featured">
            <input type="checkbox" {...register("featured")} />
          </CheckField>
          <CheckField id="v-draft" label="Draft: not on the site until published (untick and save to publish)">
            <input type="checkbox" {...register("draft")} />
          </CheckField>
        </div>
        <datalist id="v-brands">
          {brands.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <datalist id="v-categories">
          {categories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </fieldset>

      <ShownOn
        choices={siteChoices}
        ownSites={ownSites}
        everyAtFirst={defaults.shownOn === "every"}
        shownOn={values.shownOn}
        ticked={values.sites}
        error={err("sites")}
        radio={register("shownOn")}
        onShownOn={(mode) => {
          // A cart on every site is, in a list, on each of them: unticking one takes the cart off that one.
          if (mode === "some" && !values.sites.length)
            setValue(
              "sites",
              siteChoices.map((site) => site.id),
            );
        }}
        // A site ticked goes last, the others keep their order: a list left as it was is sent as it was (no change).
        onTick={(id, on) => setValue("sites", on ? [...values.sites, id] : values.sites.filter((x) => x !== id), { shouldDirty: true })}
      />

      <fieldset>
        <legend>Unit on the lot</legend>
        <div className="grid">
          {unitFields.map((f) => (
            <Field key={f.key} id={`v-unit-${f.key}`} label={f.label} hint={f.hint} error={err(f.key)}>
              <ListedInput field={f} lots={lots} value={values[f.key]} {...register(f.key)} />
            </Field>
          ))}
        </div>
        <div className="checks">
          <CheckField id="v-street-legal" label="Street legal (LSV with title)">
            <input type="checkbox" {...register("streetLegal")} />
          </CheckField>
        </div>
      </fieldset>

      <fieldset>
        <legend>Pictures and features</legend>
        <Field
          id="v-images"
          label="Images"
          hint="Drawings on this site, one path a line (e.g. /images/vehicles/…), shown while the vehicle has no photo; photos are added under Photos."
          error={err("images")}
          className="field--wide"
        >
          <textarea rows={3} spellCheck={false} {...register("images")} />
        </Field>
        <Field id="v-features" label="Features" hint="One feature a line." error={err("features")} className="field--wide">
          <textarea rows={4} {...register("features")} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>Specifications</legend>
        <div className="grid">
          {SPEC_FIELDS.map((f) => (
            <Field key={f.key} id={`v-spec-${f.key}`} label={f.label} hint={f.hint} error={err(`specifications.${f.key}`)}>
              <ListedInput field={f} lots={lots} value={values.specifications[f.key]} {...register(`specifications.${f.key}`)} />
            </Field>
          ))}
        </div>
        {err("specifications") && <p className="field-error">{err("specifications")}</p>}
      </fieldset>

      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}
