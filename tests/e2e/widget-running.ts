/**
 * When a served widget has taken over its content. The server renders each widget in a declarative shadow root that
 * links the widget's stylesheet; the script, once it hydrates that root, adopts its stylesheets instead. Until then a
 * press on a served button does nothing (its form is `method="dialog"`), so a test pressing one waits for this first.
 */
import { expect, type Locator, type Page } from "@playwright/test";

export async function expectRunning(widget: Locator): Promise<void> {
  await expect
    .poll(() => widget.evaluate((el) => customElements.get(el.localName) !== undefined && (el.shadowRoot?.adoptedStyleSheets.length ?? 0) > 0))
    .toBe(true);
}

/** Two animation frames: what was rendered has been laid out and painted. */
export const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
