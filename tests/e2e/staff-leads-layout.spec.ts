/**
 * The inbox's filters and counts must not push its first lead off an
 * 800 px screen. The first lead is in view at once, on a laptop and
 * on a phone, with every filter still reachable by its label.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { postJson, validLead } from "../../api/testing/test-server";
import { SITE } from "../../playwright.config";
import { addAccountWithCli, expect, signInWithForm, test } from "./staff-fixtures";

/** A few leads from sources of their own, so the inbox has leads and the counts have sources to list. */
async function sendLeads(): Promise<string> {
  const tag = randomBytes(4).toString("hex");
  for (const source of ["spring-landing", "town-page", "partner-embed"]) {
    const res = await postJson(`${SITE}/api/contact`, validLead({ lastName: `Layout ${tag}`, source: `${source}-${tag}` }), { origin: SITE });
    expect(res.status).toBe(201);
  }
  return tag;
}

/** Signed in as sales, on the Leads screen, its leads shown. */
async function openInbox(page: Page): Promise<void> {
  await signInWithForm(page, addAccountWithCli("sales"));
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.locator(".lead-list > li").first()).toBeVisible();
}

/** The first lead card begins inside the viewport, with its name in full view, before any scrolling. */
async function expectFirstLeadInView(page: Page): Promise<void> {
  const first = page.locator(".lead-list > li").first();
  const box = (await first.boundingBox())!;
  expect(box.y, "the first lead's top, in px from the top of the window").toBeLessThan(page.viewportSize()!.height);
  await expect(first.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
}

test.describe("the leads inbox shows its first lead without scrolling", () => {
  test.beforeAll(sendLeads);

  test.describe("at 1280 × 800", () => {
    test.use({ viewport: { width: 1280, height: 800 } });
    test("every filter is shown by its label above the first lead", async ({ page }) => {
      await openInbox(page);
      await expectFirstLeadInView(page);
      const filters = page.getByRole("search", { name: "Filter leads" });
      for (const label of ["Search", "Status", "Interest", "Source", "From", "To"]) await expect(filters.getByLabel(label, { exact: true })).toBeVisible();
    });
  });

  test.describe("at 390 × 844", { tag: "@layout" }, () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("the search is shown; the other filters open from a button that says how many are set", async ({ page }) => {
      await openInbox(page);
      await expectFirstLeadInView(page);
      const filters = page.getByRole("search", { name: "Filter leads" });
      await expect(filters.getByLabel("Search", { exact: true })).toBeVisible();
      const more = filters.getByRole("button", { name: "More filters" });
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await expect(filters.getByLabel("Status", { exact: true })).toBeHidden();
      await more.click();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await filters.getByLabel("Status", { exact: true }).selectOption("new");
      await filters.getByLabel("Interest", { exact: true }).selectOption("sales");
      for (const label of ["Source", "From", "To"]) await expect(filters.getByLabel(label, { exact: true })).toBeVisible();
      await more.click();
      await expect(filters.getByRole("button", { name: "More filters (2 set)" })).toHaveAttribute("aria-expanded", "false");
      await expectFirstLeadInView(page);
    });
  });
});
