import { INTEREST_LABELS, type ContactMessageInput } from "./contact";

/** The controls a contact field can be typed or chosen in. */
export type ContactControl = "text" | "email" | "tel" | "select" | "radio" | "textarea";

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
  /** A choice's options (a select's or a radio group's), in display order. */
  options?: readonly { value: string; label: string }[];
}

/** A choice's options from its labels (`{ phone: "Phone", … }`), in the order they are written. */
export const choiceOptions = (labels: Readonly<Record<string, string>>): { value: string; label: string }[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The contact form's fields (spec §5), in the order the form shows them, the lead CSV lists them, and the inbox and the
 * sales mail show those beyond LAID_OUT_APART. A new field is a schema entry in domain/contact.ts plus a row here.
 */
export const CONTACT_FIELDS: readonly ContactField<keyof ContactMessageInput>[] = [
  { name: "firstName", label: "First Name", control: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", control: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", control: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", control: "tel", autoComplete: "tel", inputMode: "tel" },
  { name: "interest", label: "Interest", control: "select", options: choiceOptions(INTEREST_LABELS) },
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

/**
 * The fields every lead output lays out in its own way: the name as a heading, the addresses as links, the interest in
 * the subject, the message as a paragraph. The others are listed by their label (otherAnswers).
 */
export const LAID_OUT_APART: ReadonlySet<string> = new Set(["firstName", "lastName", "email", "phone", "interest", "message"]);

/** What a visitor answered in one field, as a person reads it: a choice's label, a text as typed. */
export interface Answer {
  name: string;
  label: string;
  text: string;
}

/** The visitor's answers in the fields beyond LAID_OUT_APART, in the list's order, the ones left blank left out. */
export function otherAnswers(lead: object, fields: readonly ContactField[] = CONTACT_FIELDS): Answer[] {
  const values = lead as Record<string, unknown>;
  return fields.flatMap((f) => {
    const value = values[f.name];
    if (LAID_OUT_APART.has(f.name) || typeof value !== "string" || value === "") return [];
    return [{ name: f.name, label: f.label, text: f.options?.find((o) => o.value === value)?.label ?? value }];
  });
}
