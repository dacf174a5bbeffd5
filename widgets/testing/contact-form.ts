import { within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { CONTACT_FIELDS } from "../../domain/contact-fields";
import { VALID_MESSAGE } from "../../domain/testing/valid-lead";
import type { ShadowQueries } from "./widget-test";

/** The controls a field's label names; a radio named like a field ("Phone", a way to reach you) is a choice, not that field. */
const FIELD_CONTROLS = "input:not([type=radio]), select, textarea";

/** A field's label as its control is named: the text, then " *" when it is required. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`);

/** The contact form's control labelled `label` (a required field's label ends in a visible " *"). */
export const contactControl = (ui: ShadowQueries, label: string) => ui.getByLabelText(labelled(label), { selector: FIELD_CONTROLS }) as HTMLInputElement;

/**
 * Fill in the shared valid message (VALID_MESSAGE) as a visitor does, field by field of the field list, with `over`
 * (by label: a text to type, or a choice's value) replacing some of it. A choice the form has already made (the
 * interest an attribute chose) is left as it is unless `over` names it.
 */
export async function fillContactForm(user: UserEvent, ui: ShadowQueries, over: Record<string, string> = {}): Promise<void> {
  const valid = VALID_MESSAGE as Record<string, unknown>;
  const unknown = Object.keys(over).filter((label) => !CONTACT_FIELDS.some((f) => f.label === label));
  if (unknown.length) throw new Error(`The contact form has no field labelled ${unknown.join(", ")}`);
  for (const f of CONTACT_FIELDS) {
    const value = over[f.label] ?? valid[f.name];
    if (typeof value !== "string") continue;
    if (f.control === "radio") {
      const group = ui.getByRole("radiogroup", { name: labelled(f.label) });
      const option = f.options!.find((o) => o.value === value);
      if (option) await user.click(within(group).getByRole("radio", { name: option.label }));
    } else if (f.control === "select") {
      const select = contactControl(ui, f.label) as unknown as HTMLSelectElement;
      if (select.value !== value && (select.value === "" || f.label in over)) await user.selectOptions(select, value);
    } else if (value !== "") await user.type(contactControl(ui, f.label), value);
  }
}
