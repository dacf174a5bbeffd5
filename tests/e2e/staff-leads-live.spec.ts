/**
 * The sales side in the console: a lead that arrives while the inbox is open appears without a reload and
 * is announced politely; a salesperson takes a lead, gives it a follow-up date, and finds it first once overdue.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { postJson, validLead } from "../../api/testing/test-server";
import { SITE } from "../../playwright.config";
import { addAccountWithCli, expect, signInWithForm, test, type StaffAccount } from "./staff-fixtures";

const tagOf = () => randomBytes(4).toString("hex");
const send = async (lastName: string) => {
  const res = await postJson(`${SITE}/api/contact`, validLead({ firstName: "Live", lastName }), { origin: SITE });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

async function openInbox(page: Page, account: StaffAccount): Promise<void> {
  await signInWithForm(page, account);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Leads", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.locator(".lead-list > li").first()).toBeVisible();
}
const card = (page: Page, name: string) => page.locator(".lead-list > li").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

test.describe("the live inbox", { tag: "@layout" }, () => {
  test("a lead that arrives while the inbox is open appears at the top without a reload, and a screen reader hears of it", async ({ page }) => {
    // A sign-in, then up to two 5 s poll periods for the arrival: more than 30 s on a loaded machine.
    test.setTimeout(60_000);
    await send(`Before ${tagOf()}`);
    await openInbox(page, addAccountWithCli("sales"));
    // A marker a reload would wipe.
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    const name = `Arrival ${tagOf()}`;
    await send(name);
    const arrived = card(page, `Live ${name}`);
    // The poll asks every 5 s; a little more for a loaded machine.
    await expect(arrived).toBeVisible({ timeout: 15_000 });
    await expect(arrived).toHaveClass(/lead--new/);
    // At the top of the list of leads (below the overdue ones other tests may have left): only leads that arrived
    // meanwhile, from tests running beside this one, may be above it.
    const list = await page
      .locator(".lead-list:not(.lead-list--overdue) > li")
      .evaluateAll((cards) => cards.map((li) => ({ isNew: li.classList.contains("lead--new"), name: li.querySelector("h2")?.textContent })));
    const at = list.findIndex((c) => c.name === `Live ${name}`);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(list.slice(0, at + 1).every((c) => c.isNew)).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "new lead" })).toContainText(`Live ${name}`);
    expect(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  });
});

test("a salesperson takes a lead, gives it a follow-up date, and finds it under Mine and first once overdue", async ({ page }) => {
  // A sign-in and four saves, each answered before the next: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  const sales = addAccountWithCli("sales");
  const name = `Taken ${tagOf()}`;
  await send(name);
  await openInbox(page, sales);
  const lead = card(page, `Live ${name}`);
  await lead.getByRole("button", { name: "Assign to me" }).click();
  await expect(lead.getByText("Assigned to you.")).toBeVisible();
  await expect(lead.getByLabel("Assigned to")).toHaveValue(sales.email);
  // A time an hour ago, in the reader's own time, as the input takes it.
  const past = await page.evaluate(() => {
    const d = new Date(Date.now() - 3_600_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });
  await lead.getByLabel("Follow-up date").fill(past);
  await lead.getByRole("button", { name: "Set date" }).click();
  await expect(lead.getByText(/^Due .+\.$/)).toBeVisible();

  await page.getByLabel("Assigned", { exact: true }).selectOption("mine");
  const overdue = page.getByRole("region", { name: /Overdue follow-ups/ });
  await expect(overdue.getByRole("heading", { level: 2, name: `Live ${name}` })).toBeVisible();
  await expect(overdue.getByText(/Overdue since/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Follow-up" }).getByText(/Overdue \d+/)).toBeVisible();
  await expect(page.getByText("Mine 1")).toBeVisible();
});
