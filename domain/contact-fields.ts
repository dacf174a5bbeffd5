import { INTEREST_LABELS, INTERESTS, type ContactMessageInput } from "./contact";

/** The controls a contact field can be typed or chosen in. */
export type ContactControl = "text" | "email" | "tel" | "select" | "textarea";

/**
 * One field of the contact form, in display order: its name in the schema, its label, and the control it is typed in.
 * Whether it is required, its default and its messages are the schema's (requiredFields, fieldDefaults).
 */
export interface ContactField<Name extends string = string> {
  name: Name;
  label: string;
  control: ContactControl;
  /** The browser's autofill hint (HTML `autocomplete`). */
  autoComplete?: string;
  /** The on-screen keyboard to offer (HTML `inputmode`). */
  inputMode?: "tel";
  /** A select's choices, in display order. */
  options?: readonly { value: string; label: string }[];
}

/**
 * The contact form's fields (spec §5), in the order the form shows them and the lead CSV lists them. A new field is a
 * schema entry in domain/contact.ts plus a row here; one with a control of its own also needs that control in the widget.
 */
export const CONTACT_FIELDS: readonly ContactField<keyof ContactMessageInput>[] = [
  { name: "firstName", label: "First Name", control: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", control: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", control: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", control: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "interest", label: "Interest", control: "select", options: INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] })) },
  { name: "message", label: "Message", control: "textarea" },
];

/** What reading a field's value needs of a schema: zod (classic or mini) parses without throwing. */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/** A field is required when its schema refuses it missing: an optional field or one with a default is not. */
export const isRequired = (schema: FieldSchema): boolean => !schema.safeParse(undefined).success;

/** The names of the required fields of `shape` among `fields`. */
export const requiredFields = <N extends string>(shape: Record<N, FieldSchema>, fields: readonly ContactField<N>[]): Set<string> =>
  new Set(fields.filter((f) => isRequired(shape[f.name])).map((f) => f.name));

/** What a new form holds: each field's schema default (the interest's "sales"), otherwise empty. */
export function fieldDefaults<N extends string>(shape: Record<N, FieldSchema>, fields: readonly ContactField<N>[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((f) => {
      const missing = shape[f.name].safeParse(undefined);
      return [f.name, missing.success && typeof missing.data === "string" ? missing.data : ""];
    }),
  );
}
