import { cloneElement, type ReactElement } from "react";

interface FieldProps {
  /** The control's id; its label, hint and error are tied to it. */
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** One input, select or textarea. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A visible label, the control, an optional hint and the field's error, wired for assistive technology. */
export function Field({ id, label, hint, error, children, className }: FieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A tick box with its label beside it. */
export function CheckField({ id, label, children }: { id: string; label: string; children: ReactElement<Record<string, unknown>> }) {
  return (
    <div className="field field--check">
      {cloneElement(children, { id })}
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
