import { useFieldArray, useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SiteSchema, type Site, type SiteInput } from "../../../domain/site";
import { Field, messageAt, showServerErrors } from "../components/Field";

/** A number field left empty (an input shows nothing for it; SiteSchema asks for a number). */
export const EMPTY_NUMBER = undefined as unknown as number;

interface SiteFormProps {
  defaults: SiteInput;
  /** A new site chooses its id; an existing one keeps it (its leads and accounts name it). */
  isNew: boolean;
  /** Saves the validated site; resolves with the server's field errors (path → message) when it refused some. */
  onSave: (site: Site) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}

/** The facts, domains and towns of a site, validated by the core's SiteSchema (its messages are the API's). Hours and links are kept as loaded. */
export function SiteForm({ defaults, isNew, onSave, onCancel }: SiteFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SiteInput, unknown, Site>({ resolver: zodResolver(SiteSchema), defaultValues: defaults });
  const towns = useFieldArray({ control, name: "towns" });
  const domains = watch("domains");
  const err = (path: string) => messageAt(errors, path);
  const number = { valueAsNumber: true } as const;

  const submit = handleSubmit(async (site) => {
    const refused = await onSave(site);
    if (refused) showServerErrors<Path<SiteInput>>(refused, setError);
  });

  return (
    <form className="vehicle-form" noValidate onSubmit={submit} aria-label={isNew ? "New site" : `Edit ${defaults.name}`}>
      <fieldset>
        <legend>Site</legend>
        <div className="grid">
          <Field id="s-name" label="Name" error={err("name")}>
            <input type="text" autoComplete="off" {...register("name")} />
          </Field>
          <Field
            id="s-id"
            label="ID"
            hint={isNew ? "A slug, e.g. cape-may. It cannot change later." : "Leads and accounts name it; it cannot change."}
            error={err("id")}
          >
            <input type="text" autoComplete="off" readOnly={!isNew} {...register("id")} />
          </Field>
          <Field id="s-region" label="Region" hint="The area's name as pages word it, e.g. Sussex County." error={err("region")}>
            <input type="text" autoComplete="off" {...register("region")} />
          </Field>
          <Field id="s-email" label="E-mail" error={err("email")}>
            <input type="email" autoComplete="off" {...register("email")} />
          </Field>
          <Field id="s-phone" label="Phone as shown" hint="e.g. (302) 555-0142" error={err("phones.main.display")}>
            <input type="tel" autoComplete="off" {...register("phones.main.display")} />
          </Field>
          <Field id="s-phone-e164" label="Phone to dial" hint="E.164, e.g. +13025550142" error={err("phones.main.e164")}>
            <input type="tel" autoComplete="off" {...register("phones.main.e164")} />
          </Field>
          <Field id="s-founded" label="Founded in" error={err("foundedYear")}>
            <input type="text" inputMode="numeric" autoComplete="off" {...register("foundedYear", number)} />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Domains</legend>
        <p className="field-hint">Host names this site answers on, without https:// or a path. The first is the primary one; the others redirect to it.</p>
        {err("domains") && !Array.isArray(errors.domains) && <p className="field-error">{err("domains")}</p>}
        <ul className="plain-list">
          {domains.map((_, i) => (
            <li key={i} className="inline-form">
              <Field id={`s-domain-${i}`} label={i === 0 ? "Primary domain" : `Domain ${i + 1}`} error={err(`domains.${i}`)}>
                <input type="text" autoComplete="off" spellCheck={false} {...register(`domains.${i}`)} />
              </Field>
              {domains.length > 1 && (
                <button
                  type="button"
                  className="btn btn--small btn--secondary"
                  aria-label={`Remove the domain ${domains[i] || i + 1}`}
                  onClick={() =>
                    setValue(
                      "domains",
                      getValues("domains").filter((__, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn--small btn--secondary" onClick={() => setValue("domains", [...getValues("domains"), ""])}>
          Add a domain
        </button>
      </fieldset>

      <fieldset>
        <legend>Address</legend>
        <div className="grid">
          <Field id="s-street" label="Street" error={err("address.street")}>
            <input type="text" autoComplete="off" {...register("address.street")} />
          </Field>
          <Field id="s-city" label="City" error={err("address.city")}>
            <input type="text" autoComplete="off" {...register("address.city")} />
          </Field>
          <Field id="s-state" label="State" hint="Two letters, e.g. DE" error={err("address.region")}>
            <input type="text" autoComplete="off" {...register("address.region")} />
          </Field>
          <Field id="s-zip" label="ZIP code" error={err("address.postalCode")}>
            <input type="text" inputMode="numeric" autoComplete="off" {...register("address.postalCode")} />
          </Field>
          <Field id="s-county" label="County" error={err("address.county")}>
            <input type="text" autoComplete="off" {...register("address.county")} />
          </Field>
          <Field id="s-lat" label="Latitude" error={err("geo.lat")}>
            <input type="text" inputMode="decimal" autoComplete="off" {...register("geo.lat", number)} />
          </Field>
          <Field id="s-lng" label="Longitude" error={err("geo.lng")}>
            <input type="text" inputMode="decimal" autoComplete="off" {...register("geo.lng", number)} />
          </Field>
          <Field id="s-legal-state" label="Governing law (state)" error={err("legal.state")}>
            <input type="text" autoComplete="off" {...register("legal.state")} />
          </Field>
          <Field id="s-legal-county" label="County of venue" error={err("legal.county")}>
            <input type="text" autoComplete="off" {...register("legal.county")} />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Towns</legend>
        <p className="field-hint">Each town gets its page at /slug-golf-carts on this site.</p>
        {towns.fields.length === 0 && <p className="muted">No towns yet.</p>}
        {towns.fields.map((town, i) => (
          <div key={town.id} className="panel">
            <div className="grid">
              <Field id={`s-town-${i}-name`} label="Town" error={err(`towns.${i}.name`)}>
                <input type="text" autoComplete="off" {...register(`towns.${i}.name`)} />
              </Field>
              <Field id={`s-town-${i}-type`} label="Kind" error={err(`towns.${i}.type`)}>
                <select {...register(`towns.${i}.type`)}>
                  <option value="Town">Town</option>
                  <option value="City">City</option>
                </select>
              </Field>
              <Field id={`s-town-${i}-slug`} label="Link" hint="e.g. lewes" error={err(`towns.${i}.slug`)}>
                <input type="text" autoComplete="off" {...register(`towns.${i}.slug`)} />
              </Field>
              <Field id={`s-town-${i}-lat`} label="Latitude" error={err(`towns.${i}.lat`)}>
                <input type="text" inputMode="decimal" autoComplete="off" {...register(`towns.${i}.lat`, number)} />
              </Field>
              <Field id={`s-town-${i}-lng`} label="Longitude" error={err(`towns.${i}.lng`)}>
                <input type="text" inputMode="decimal" autoComplete="off" {...register(`towns.${i}.lng`, number)} />
              </Field>
            </div>
            <button type="button" className="btn btn--small btn--secondary" onClick={() => towns.remove(i)}>
              Remove {getValues(`towns.${i}.name`) || "this town"}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn--small btn--secondary"
          onClick={() => towns.append({ name: "", type: "Town", slug: "", lat: EMPTY_NUMBER, lng: EMPTY_NUMBER })}
        >
          Add a town
        </button>
      </fieldset>

      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : isNew ? "Add the site" : "Save"}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
