/** How the console's forms read what an input holds: a form shows text, and the core's schemas judge what it becomes. */

/** A value as an input shows it: nothing (absent, null) as empty. */
export const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** Blank → absent; otherwise the text, trimmed. */
export const optionalText = (value: string) => (value.trim() === "" ? undefined : value.trim());

/** Blank → absent (the schema then says it is required); otherwise the number, or NaN for the schema to reject. */
export const numberField = (value: string): number | undefined => (value.trim() === "" ? undefined : Number(value.trim()));

/** The non-blank lines of a text area, trimmed: a list kept one item a line. */
export const lines = (value: string) =>
  value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
