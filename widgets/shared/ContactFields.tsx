import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import type { ContactField } from "../../domain/contact-fields";

/** The option a select without a default starts on: choosing nothing (refused at sending when the field is required). */
export const NO_CHOICE = "Choose one";

/**
 * Label, control and the field's message, wired for assistive technology; required fields carry a visible marker. A
 * radio group is named by its label's id (a <label> names one control, not a group).
 */
function Row({
  name,
  label,
  required,
  message,
  group,
  children,
}: {
  name: string;
  label: string;
  required: boolean;
  message?: string;
  group: boolean;
  children: ReactNode;
}) {
  const Label = group ? "span" : "label";
  return (
    <div className={`field field--${name}`}>
      <Label className="label" id={`gc-cf-${name}-label`} htmlFor={group ? undefined : `gc-cf-${name}`}>
        {label}
        {required && (
          <span className="req" aria-hidden="true">
            {" *"}
          </span>
        )}
      </Label>
      {children}
      {message && (
        <p id={`gc-cf-${name}-error`} className="field-error" part="field-error">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The contact form's fields as `fields` lists them (domain/contact-fields.ts), each in its control: those in
 * `required` are marked for the eye and announced as required (aria-required); the others are neither. A select whose
 * field has no value in `defaults` starts on NO_CHOICE; a radio group starts with none chosen.
 */
export function ContactFields({
  fields,
  required,
  defaults = {},
  errors,
  register,
}: {
  fields: readonly ContactField[];
  required: ReadonlySet<string>;
  defaults?: Readonly<Record<string, string>>;
  errors: FieldErrors;
  register: (name: string) => UseFormRegisterReturn;
}) {
  const state = (name: string) => ({
    id: `gc-cf-${name}`,
    "aria-required": required.has(name) ? true : undefined,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `gc-cf-${name}-error` : undefined,
  });
  const control = (name: string) => ({ ...state(name), ...register(name) });
  return (
    <div className="grid">
      {fields.map((f) => (
        <Row
          key={f.name}
          name={f.name}
          label={f.label}
          required={required.has(f.name)}
          message={errors[f.name]?.message as string | undefined}
          group={f.control === "radio"}
        >
          {f.control === "radio" ? (
            <div role="radiogroup" aria-labelledby={`gc-cf-${f.name}-label`} {...state(f.name)}>
              {f.options?.map((o) => (
                <label key={o.value}>
                  <input type="radio" value={o.value} {...register(f.name)} />
                  {o.label}
                </label>
              ))}
            </div>
          ) : f.control === "select" ? (
            <select {...control(f.name)}>
              {!defaults[f.name] && <option value="">{NO_CHOICE}</option>}
              {f.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : f.control === "textarea" ? (
            <textarea rows={5} {...control(f.name)} />
          ) : (
            <input type={f.control} autoComplete={f.autoComplete} inputMode={f.inputMode} {...control(f.name)} />
          )}
        </Row>
      ))}
    </div>
  );
}
