import { useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { formatUsd } from "../../../domain/money";
import { PRICE_MAX_USD, PRICE_MIN_USD, VEHICLE_CONDITIONS, type Vehicle } from "../../../domain/vehicle";
import { CheckField, Field, messageAt, showServerErrors } from "../components/Field";
import {
  isNumericUnitField,
  SPEC_FIELDS,
  STATUS_LABELS,
  UNIT_FIELDS,
  VEHICLE_STATUSES,
  VehicleFormSchema,
  type UnitField,
  type VehicleFormValues,
} from "./form-values";

/** What each unit field takes, said beside it. */
const UNIT_HINTS: Partial<Record<UnitField, string>> = {
  stockNumber: "The label on the windshield; no two units share one.",
  vin: "17 characters, for a street-legal LSV; its check digit is verified.",
  serialNumber: "The maker's serial, for a golf cart without a VIN.",
  hours: "Used units: hours on the meter.",
  odometer: "Used units: miles.",
  cost: "What the dealership paid, whole dollars. Staff only: never shown on the site, in feeds or widgets.",
  location: "The lot it stands on: a site id, e.g. sussex-coast.",
};

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
}

/** Where a server error path (e.g. "images.2") lands in the form. */
function formPath(path: string): Path<VehicleFormValues> {
  const [head, second] = path.split(".");
  if (head === "specifications" && second && SPEC_FIELDS.some(([key]) => key === second)) return `specifications.${second}` as Path<VehicleFormValues>;
  if (head === "images" || head === "features" || head === "specifications") return head === "specifications" ? "specifications.seatingCapacity" : head;
  return (head ?? "root") as Path<VehicleFormValues>;
}

/** Every field of the core's vehicle schema, each with a visible label, validated by that schema. */
export function VehicleForm({ defaults, isNew, onSave, brands = [], categories = [] }: VehicleFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<VehicleFormValues, unknown, Omit<Vehicle, "id"> & { id?: string }>({
    resolver: zodResolver(VehicleFormSchema),
    defaultValues: defaults,
  });
  const err = (path: string) => messageAt(errors, path);

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
            hint={isNew ? "Used in the vehicle's address. Leave empty to derive it from the name." : "Part of the vehicle's address; it cannot change."}
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

      <fieldset>
        <legend>Unit on the lot</legend>
        <div className="grid">
          {UNIT_FIELDS.map(([key, label]) => (
            <Field key={key} id={`v-unit-${key}`} label={label} hint={UNIT_HINTS[key]} error={err(key)}>
              <input
                type={key === "receivedAt" ? "date" : "text"}
                autoComplete="off"
                spellCheck={false}
                inputMode={isNumericUnitField(key) ? "numeric" : undefined}
                {...register(key)}
              />
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
          {SPEC_FIELDS.map(([key, label]) => (
            <Field key={key} id={`v-spec-${key}`} label={label} error={err(`specifications.${key}`)}>
              <input type="text" autoComplete="off" inputMode={key === "seatingCapacity" ? "numeric" : undefined} {...register(`specifications.${key}`)} />
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
