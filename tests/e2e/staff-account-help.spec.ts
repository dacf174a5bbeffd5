/**
 * Staff help each other in the console: an owner resets a
 * salesperson's password and unlocks an account held back by failed sign-ins.
 */
import type { Browser, Page } from "@playwright/test";
import { STAFF_MESSAGES } from "../../domain/staff";
import { addAccountWithCli, expect, signInWithForm, test } from "./staff-fixtures";

/** Chromium logs each refused sign-in's status. */
const REFUSED_SIGN_IN = /status of (401|429|400)/;

/** The salesperson's own browser, failing the test on any page error or console.error but a refused sign-in's. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !REFUSED_SIGN_IN.test(msg.text())) problems.push(`console.error: ${msg.text()}`);
  });
  await page.goto("/staff");
  return {
    page,
    async close() {
      await context.close();
      expect(problems, "unexpected console errors or page errors").toEqual([]);
    },
  };
}

/** The console's History shows a row about `account` for each of `actions` (in the History's words). */
async function expectInHistory(page: Page, account: string, actions: string[]) {
  await page.getByRole("link", { name: "History" }).click();
  const rows = page.getByRole("region", { name: "Changes, newest first" }).getByRole("row").filter({ hasText: account });
  for (const action of actions) await expect(rows.filter({ hasText: action }).first()).toBeVisible();
}

test("an owner resets a password: the temporary one, shown once, signs in only to a 'choose a new password' form; then the console opens", async ({
  page,
  browser,
  owner,
}) => {
  const sales = addAccountWithCli("sales");
  await signInWithForm(page, owner);
  await page.getByRole("link", { name: "Accounts" }).click();
  await page.getByRole("button", { name: `Reset password: ${sales.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset password" }).click();
  const shown = page.getByText(`Temporary password for ${sales.email}:`);
  await expect(shown).toBeVisible();
  const temporary = (await shown.locator("code").textContent())!;
  const row = page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: sales.email });
  await expect(row).toContainText("· temporary password");

  const second = await secondBrowser(browser);
  const them = second.page;
  await them.getByLabel("Email").fill(sales.email);
  await them.getByLabel("Password").fill(sales.password);
  await them.getByRole("button", { name: "Sign in" }).click();
  await expect(them.getByText("Wrong e-mail or password.")).toBeVisible();
  await them.getByLabel("Password").fill(temporary);
  await them.getByRole("button", { name: "Sign in" }).click();

  await expect(them.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expect(them.getByText(STAFF_MESSAGES.passwordChangeRequired)).toBeVisible();
  await expect(them.getByRole("navigation", { name: "Console" })).toHaveCount(0);
  await them.getByLabel("New password", { exact: true }).fill(temporary);
  await them.getByLabel("Repeat the new password").fill(temporary);
  await them.getByRole("button", { name: "Save new password" }).click();
  await expect(them.getByText(STAFF_MESSAGES.sameAsTemporary)).toBeVisible();
  await them.getByLabel("New password", { exact: true }).fill("my own new password");
  await them.getByLabel("Repeat the new password").fill("my own new passwor");
  await them.getByRole("button", { name: "Save new password" }).click();
  await expect(them.getByText("The two passwords differ")).toBeVisible();
  await them.getByLabel("Repeat the new password").fill("my own new password");
  await them.getByRole("button", { name: "Save new password" }).click();
  await expect(them.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await second.close();

  await expectInHistory(page, sales.email, ["Changed a password", "Reset a password"]);
});

test("an owner unlocks an account held back by failed sign-ins, and it signs in at once", async ({ page, browser, owner }) => {
  const sales = addAccountWithCli("sales");

  const second = await secondBrowser(browser);
  const them = second.page;
  await them.getByLabel("Email").fill(sales.email);
  for (let i = 0; i < 6; i++) {
    await them.getByLabel("Password").fill(`not it ${i}`);
    await them.getByRole("button", { name: "Sign in" }).click();
    await expect(them.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await them.getByLabel("Password").fill(sales.password);
  await them.getByRole("button", { name: "Sign in" }).click();
  // A minute's wait, less the time the machine took since the 5th failure.
  await expect(them.getByRole("alert")).toHaveText(
    /^Too many failed sign-ins\. Try again in (1 minute|\d+ seconds?), or ask an owner to unlock your account\.$/,
  );

  await signInWithForm(page, owner);
  await page.getByRole("link", { name: "Accounts" }).click();
  const row = page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: sales.email });
  await expect(row).toContainText(/Held back after failed sign-ins from \S+ until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await expect(page.getByText("Held back after failed sign-ins")).toHaveCount(1);
  await page.getByRole("button", { name: `Unlock: ${sales.email}` }).click();
  await expect(page.getByText(`Unlocked ${sales.email}`)).toBeVisible();
  await expect(row).not.toContainText("Held back");

  await them.getByRole("button", { name: "Sign in" }).click();
  await expect(them.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await second.close();

  await expectInHistory(page, sales.email, ["Unlocked an account", "Sign-ins held back after failures", "Failed sign-in"]);
});
