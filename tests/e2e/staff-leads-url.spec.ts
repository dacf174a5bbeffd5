/** The inbox's filters are in its address: a reload, Back and a shared link keep them. The real server (dist/) and Chromium. */
import { randomBytes } from "node:crypto";
import { postJson, validLead } from "../../api/testing/test-server";
import { SITE } from "../../playwright.config";
import { expect, test } from "./staff-fixtures";

test("the leads' filters are kept in the address, across a reload and Back", async ({ signedInPage: page }) => {
  const tag = randomBytes(3).toString("hex");
  for (const interest of ["sales", "service"] as const)
    expect((await postJson(`${SITE}/api/contact`, validLead({ firstName: "Url", lastName: `${interest} ${tag}`, interest }), { origin: SITE })).status).toBe(
      201,
    );
  const names = page.locator(".lead__name");
  await page.goto("/staff/leads");
  const search = page.getByRole("search", { name: "Filter leads" });
  await search.getByLabel("Search").fill(tag);
  await search.getByLabel("Interest").selectOption("service");
  await expect(names).toHaveText([`Url service ${tag}`]);
  await expect(page).toHaveURL(new RegExp(`/staff/leads\\?q=${tag}&interest=service$`));

  await page.reload();
  await expect(page.getByRole("search", { name: "Filter leads" }).getByLabel("Interest")).toHaveValue("service");
  await expect(names).toHaveText([`Url service ${tag}`]);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "History" }).click();
  await page.goBack();
  await expect(page.getByRole("search", { name: "Filter leads" }).getByLabel("Search")).toHaveValue(tag);
  await expect(names).toHaveText([`Url service ${tag}`]);
});
