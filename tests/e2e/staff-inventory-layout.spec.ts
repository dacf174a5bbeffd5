/**
 * The console's inventory table fits a 1280 px laptop: every row's status buttons ("Mark on hold", "Mark sold") are
 * whole inside the table, not clipped at its edge, and the table needs no sideways scroll.
 */
import { expect, test } from "./staff-fixtures";

test("at 1280 px each row's status buttons are inside the table and the table does not scroll sideways", async ({ signedInPage: page, isMobile }) => {
  test.skip(isMobile, "a phone shows each cart as a card (staff-inventory.spec.ts)");
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.locator(".inventory-table");
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const wrap = page.locator(".inventory-table-wrap");
  const { scroll, client, edge } = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, edge: el.getBoundingClientRect().right }));
  expect(scroll, "the table's width beyond its box").toBeLessThanOrEqual(client);
  const buttons = table.locator("tbody .vehicle-row__actions .btn");
  expect(await buttons.count()).toBeGreaterThan(1);
  const rights = await buttons.evaluateAll((els) => els.map((el) => [el.textContent, el.getBoundingClientRect().right] as const));
  for (const [text, right] of rights) expect(right, `"${text}" ends inside the table`).toBeLessThanOrEqual(edge);
});
