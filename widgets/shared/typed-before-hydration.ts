/**
 * What a visitor typed into a served widget before its script ran. Hydration keeps the nodes, and with them the
 * values in them, but the widget's state starts from what the server rendered, and a form library may reset its
 * fields as it registers them. Taken just before hydrating and given back just after, as the input and change events
 * the visitor's typing would have sent, so the widget's own handlers take it as theirs.
 */
type Control = HTMLInputElement & HTMLSelectElement;
type Typed = [control: Control, value: string, checked: boolean, selectedIndex: number];

/** The controls under `root` that hold something other than what they were served with (a file choice aside). */
export const typedControls = (root: ParentNode): Typed[] =>
  [...root.querySelectorAll<Control>("input:not([type=file]), select, textarea")]
    .filter((c) => (c.options ? c.selectedIndex !== servedIndex(c) : checkable(c) ? c.checked !== c.defaultChecked : c.value !== c.defaultValue))
    .map((c) => [c, c.value, c.checked, c.selectedIndex]);

/** Puts each control back as typed (where hydration reset it) and tells the widget, as typing would have. */
export function replayTyping(typed: Typed[]): void {
  for (const [control, value, checked, selectedIndex] of typed) {
    if (!control.isConnected) continue;
    if (control.options) control.selectedIndex = selectedIndex;
    // A box's value is its value attribute (a missing one reads "on"): setting it would change what the form sends.
    else if (checkable(control)) control.checked = checked;
    else control.value = value;
    for (const type of ["input", "change"]) control.dispatchEvent(new Event(type, { bubbles: true }));
  }
}

const checkable = (c: Control) => ["checkbox", "radio"].includes(c.type);

/** The choice a single-choice list was served with: its last `selected` option, or its first. */
const servedIndex = (select: HTMLSelectElement): number =>
  Math.max(
    [...select.options].findLastIndex((o) => o.defaultSelected),
    0,
  );
