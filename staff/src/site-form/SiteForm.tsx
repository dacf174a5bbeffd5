import { Fragment } from "react";
import { useFieldArray, useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { INTEREST_LABELS, INTERESTS } from "../../../domain/contact";
import { ASSIGNMENT_RULE_LABELS, ASSIGNMENT_RULES, type Site } from "../../../domain/site";
import { Field, messageAt, showServerErrors } from "../components/Field";
import { BLANK_TOWN, formPath, SiteFormSchema, SOCIAL_FIELDS, type SiteFormValues } from "./form-values";
import { HoursFields } from "./HoursFields";

interface SiteFormProps {
  defaults: SiteFormValues;
  /** A new site chooses its id; an existing one keeps it (its leads and accounts name it). */
  isNew: boolean;
  /** Saves the validated site; resolves with the server's field errors (path → message) when it refused some. */
  onSave: (site: Site) => Promise<Record<string, string> | void>;
  onCancel: () => void;
}

/** The phone lines a site may have: the main one, and optional toll-free and service lines (left empty: none). */
const PHONES = [
  ["main", "Phone", "The number on every page."],
  ["tollFree", "Toll-free", "Optional: shown beside the main number (rentals, vehicle pages)."],
  ["service", "Service line", "Optional: the service pages' number; the main one when empty."],
] as const;

/** The phrases of the site's own story (site.story), each with what it is and the first site's words as an example. */
const STORY_FIELDS = [
  ["customers", "Customers served", "Optional: a figure the home and about pages show, e.g. 1000+."],
  ["reach", "Reach (home page)", "Optional: starts the home page's “…, we have served <region> since <year>”, e.g. From the beaches to the farm towns."],
  ["serviceReach", "Reach (service page)", "Optional: ends “Pickup and return anywhere in <region>, …”, e.g. from the beach towns to the western farms."],
  [
    "customerKinds",
    "Kinds of customers",
    "Optional: the home page's “Today we help … customers, …,”, e.g. from beach-house owners and retirement communities to marinas.",
  ],
  ["beginnings", "Beginnings", "Optional: the home page's “We started … in <city>”, e.g. with a handful of carts and a workshop."],
  ["rentalDeliveries", "Rental deliveries", "Optional: the about page's rental team card, e.g. Hundreds of summer deliveries to rental houses every season."],
  ["founding", "Founding story", "Optional: the about page's story after “<name> opened in <city> in <year>”, from “with…” to its last full stop."],
] as const;

/** Every field of a site, validated by the core's SiteSchema (its messages are the API's), each with a visible label. */
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
  } = useForm<SiteFormValues, unknown, Site>({ resolver: zodResolver(SiteFormSchema), defaultValues: defaults });
  const towns = useFieldArray({ control, name: "towns" });
  const domains = watch("domains");
  const err = (path: string) => messageAt(errors, path);

  const submit = handleSubmit(async (site) => {
    const refused = await onSave(site);
    if (refused) showServerErrors(refused, setError, (path) => formPath(path) as Path<SiteFormValues>);
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
          <Field
            id="s-legal-name"
            label="Legal name"
            hint="Optional: the company named in the terms and the footer; the name when empty."
            error={err("legalName")}
          >
            <input type="text" autoComplete="off" {...register("legalName")} />
          </Field>
          <Field id="s-tagline" label="Tagline" hint="Optional." error={err("tagline")}>
            <input type="text" autoComplete="off" {...register("tagline")} />
          </Field>
          <Field id="s-founded" label="Founded in" error={err("foundedYear")}>
            <input type="text" inputMode="numeric" autoComplete="off" {...register("foundedYear")} />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>The site's own story</legend>
        <p className="field-hint">
          Figures and phrases true of this business alone. Each is optional: a page leaves it out, or words it for any site, when it is empty.
        </p>
        <div className="grid">
          {STORY_FIELDS.map(([key, label, hint]) => (
            <Field key={key} id={`s-story-${key}`} label={label} hint={hint} error={err(`story.${key}`)}>
              {key === "founding" ? (
                <textarea rows={3} {...register(`story.${key}`)} />
              ) : (
                <input type="text" autoComplete="off" {...register(`story.${key}`)} />
              )}
            </Field>
          ))}
          <div className="field field--check">
            <input id="s-story-family-run" type="checkbox" {...register("story.familyRun")} />
            <label htmlFor="s-story-family-run">Family-run (the about page says so)</label>
          </div>
        </div>
      </fieldset>

      <fieldset>
        <legend>Phones</legend>
        <div className="grid">
          {PHONES.map(([line, label, hint]) => (
            <Fragment key={line}>
              <Field id={`s-phone-${line}`} label={`${label} as shown`} hint={`${hint} e.g. (302) 555-0142`} error={err(`phones.${line}.display`)}>
                <input type="tel" autoComplete="off" {...register(`phones.${line}.display`)} />
              </Field>
              <Field id={`s-phone-${line}-e164`} label={`${label} to dial`} hint="E.164, e.g. +13025550142" error={err(`phones.${line}.e164`)}>
                <input type="tel" autoComplete="off" {...register(`phones.${line}.e164`)} />
              </Field>
            </Fragment>
          ))}
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
            <input type="text" inputMode="decimal" autoComplete="off" {...register("geo.lat")} />
          </Field>
          <Field id="s-lng" label="Longitude" error={err("geo.lng")}>
            <input type="text" inputMode="decimal" autoComplete="off" {...register("geo.lng")} />
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
                <input type="text" inputMode="decimal" autoComplete="off" {...register(`towns.${i}.lat`)} />
              </Field>
              <Field id={`s-town-${i}-lng`} label="Longitude" error={err(`towns.${i}.lng`)}>
                <input type="text" inputMode="decimal" autoComplete="off" {...register(`towns.${i}.lng`)} />
              </Field>
            </div>
            <button type="button" className="btn btn--small btn--secondary" onClick={() => towns.remove(i)}>
              Remove {getValues(`towns.${i}.name`) || "this town"}
            </button>
          </div>
        ))}
        <button type="button" className="btn btn--small btn--secondary" onClick={() => towns.append({ ...BLANK_TOWN })}>
          Add a town
        </button>
      </fieldset>

      <HoursFields register={register} control={control} errors={errors} />

      <fieldset>
        <legend>Links</legend>
        <div className="grid">
          {SOCIAL_FIELDS.map(([network, label]) => (
            <Field key={network} id={`s-social-${network}`} label={label} hint="Optional: the page's https:// address." error={err(`social.${network}`)}>
              <input type="url" autoComplete="off" spellCheck={false} {...register(`social.${network}`)} />
            </Field>
          ))}
          <Field
            id="s-financing-url"
            label="Financing application"
            hint="Optional: the lender's https:// address, opened in a new tab."
            error={err("financing.url")}
          >
            <input type="url" autoComplete="off" spellCheck={false} {...register("financing.url")} />
          </Field>
          <Field id="s-financing-offer" label="Financing offer" hint="Optional, e.g. 0% APR for 60 months." error={err("financing.offer")}>
            <input type="text" autoComplete="off" {...register("financing.offer")} />
          </Field>
          <Field
            id="s-financing-apr"
            label="Estimate APR (%)"
            hint="Optional: where vehicle pages' payment estimates start, e.g. 6.99. Left empty: 6.99."
            error={err("financing.defaultApr")}
          >
            <input type="text" inputMode="decimal" autoComplete="off" {...register("financing.defaultApr")} />
          </Field>
          <Field
            id="s-financing-zero"
            label="Models at 0% financing"
            hint="Optional: vehicle ids, one a line; their estimates start at 0% APR."
            error={err("financing.zeroApr")}
          >
            <textarea rows={3} autoComplete="off" spellCheck={false} {...register("financing.zeroApr")} />
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Lead mail</legend>
        <Field
          id="s-lead-recipients"
          label="Lead mail recipients"
          hint="One address a line. Left empty, this site's leads go to the deployment's LEAD_TO."
          error={err("leadRecipients")}
        >
          <textarea rows={3} autoComplete="off" spellCheck={false} {...register("leadRecipients")} />
        </Field>
      </fieldset>

      <fieldset>
        <legend>Leads: assignment and time</legend>
        <Field id="s-assignment-rule" label="Assign new leads" error={err("leadAssignment.rule")}>
          <select {...register("leadAssignment.rule")}>
            {ASSIGNMENT_RULES.map((rule) => (
              <option key={rule} value={rule}>
                {ASSIGNMENT_RULE_LABELS[rule]}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid">
          {INTERESTS.map((interest) => (
            <Field
              key={interest}
              id={`s-assignment-${interest}`}
              label={`${INTEREST_LABELS[interest]} leads go to`}
              hint="With “By interest”: a staff account's e-mail; empty: unassigned."
              error={err(`leadAssignment.byInterest.${interest}`)}
            >
              <input type="email" autoComplete="off" spellCheck={false} {...register(`leadAssignment.byInterest.${interest}`)} />
            </Field>
          ))}
        </div>
        <Field
          id="s-time-zone"
          label="Time zone"
          hint="Optional: where the site's staff read times, e.g. America/New_York (the lead CSV). Left empty: America/New_York."
          error={err("timeZone")}
        >
          <input type="text" autoComplete="off" spellCheck={false} {...register("timeZone")} />
        </Field>
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
