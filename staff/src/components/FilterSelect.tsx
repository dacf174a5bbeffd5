import { useId } from "react";
import { Field } from "./Field";

interface FilterSelectProps<T extends string> {
  /** The field's label; the empty choice reads "Any <label>". */
  label: string;
  /** The choices, in order; the empty choice comes first. */
  options: readonly T[];
  /** How a choice reads (the value itself when not given). */
  optionLabel?: (option: T) => string;
  /** The current choice, "" for any. */
  value: "" | T;
  onChange: (value: "" | T) => void;
  className?: string;
}

/** A filter's drop-down: its label, "Any …" first, then each choice. */
export function FilterSelect<T extends string>({ label, options, optionLabel, value, onChange, className }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <select value={value} onChange={(e) => onChange(e.target.value as "" | T)}>
        <option value="">Any {label.toLowerCase()}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel ? optionLabel(option) : option}
          </option>
        ))}
      </select>
    </Field>
  );
}
