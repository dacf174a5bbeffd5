/** The contact flow on our own site: /contact → the contact-form widget → /thank-you. */
import { expect, test } from "./fixtures";

test("a visitor sends a message from /contact and lands on /thank-you", async ({ page }, testInfo) => {
  await page.goto("/contact");
  const form = page.locator("gc-contact-form");
  await form.getByLabel("First Name").fill("Dana");
  await form.getByLabel("Last Name").fill(`Site-${testInfo.project.name}`);
  await form.getByLabel("Email").fill(`site-${testInfo.project.name}-${Date.now()}@example.com`);
  await form.getByLabel("Phone").fill("302-555-0100");
  await form.getByLabel("Message").fill("Do you have a six-seat cart for a week in August?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Thank you/);
});
