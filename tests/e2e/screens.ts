/** Screenshots of a page at 1280 and 390 px, attached to the test's report, each checked for nothing wider than the screen. */
import { expect, test, type Page } from "@playwright/test";

export async function screens(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const file = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path: file, contentType: "image/png" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
