import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegisterReturn } from "react-hook-form";
import type { ContactField } from "../../domain/contact-fields";

/** Label, control and the field's message, wired for assistive technology; required fields carry a visible marker. */
function Row({ name, label, required, message, children }: { name: string; label: string; required: boolean; message?: string; children: ReactNode }) {
  return (
    <div className={`field field--${name}`}>
      <label htmlFor={`gc-cf-${name}`}>
        {label}
        {required && (
          <span className="req" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
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
 * `required` are marked for the eye and announced as required (aria-required); the others are neither.
 */
export function ContactFields({
  fields,
  required,
  errors,
  register,
}: {
  fields: readonly ContactField[];
  required: ReadonlySet<string>;
  errors: FieldErrors;
  register: (name: string) => UseFormRegisterReturn;
}) {
  const control = (name: string) => ({
    id: `gc-cf-${name}`,
    "aria-required": required.has(name) ? true : undefined,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `gc-cf-${name}-error` : undefined,
    ...register(name),
  });
  return (
    <div className="grid">
      {fields.map((f) => (
        <Row key={f.name} name={f.name} label={f.label} required={required.has(f.name)} message={errors[f.name]?.message as string | undefined}>
          {f.control === "select" ? (
            <select {...control(f.name)}>
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
