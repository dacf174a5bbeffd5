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

/** The message of a field's first error (react-hook-form's error tree, a path such as "address.city"); an error on an item of a list ("images.2") is shown on the list. */
export function messageAt(errors: object, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  if (!node || typeof node !== "object") return undefined;
  if ("message" in node && typeof node.message === "string") return node.message;
  for (const child of Object.values(node)) {
    if (child && typeof child === "object" && "message" in child && typeof child.message === "string") return child.message;
  }
  return undefined;
}

/** Shows the server's field errors (path → message) under their fields, focusing the first; `field` maps a server path to the form's. */
export function showServerErrors<P extends string>(
  refused: Record<string, string>,
  setError: (path: P, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
  field: (path: string) => P = (path) => path as P,
): void {
  Object.entries(refused).forEach(([path, message], i) => setError(field(path), { type: "server", message }, { shouldFocus: i === 0 }));
}
