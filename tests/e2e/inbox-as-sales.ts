import { expect, type Locator, type Page } from "@playwright/test";
import { signIn } from "../../api/testing/staff-client";
import type { TestServer } from "../../api/testing/test-server";

/**
 * Open the console's inbox of the in-process server `s` as the account `who`, and find the lead of `name` there. The
 * session comes from the sign-in API (called from Node, without an Origin: this in-process server's own origin is not
 * the one the browser sees, from which the console's sign-in form would be refused); the inbox itself is the real
 * console in Chromium. Leave the page (about:blank) before the server stops: the inbox polls.
 */
export async function leadInInbox(page: Page, s: TestServer, who: { email: string; password: string }, name: string): Promise<Locator> {
  const cookie = await signIn(s, who.email, who.password);
  const eq = cookie.indexOf("=");
  await page.context().addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: s.url }]);
  await page.goto(`${s.url}/staff/leads`);
  // The console asks for its session when this browser has signed in here before (its hint): as after a sign-in.
  await page.evaluate(() => localStorage.setItem("gc-staff-signed-in", "1"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}
