import { readStoredLeads } from "../../api/store/lead-files";
import { DEMO, E2E_DATA_DIR } from "../../playwright.config";
import { expect, test } from "./fixtures";

test.describe("contact form on the landing page", () => {
  test("shows each spec §5 message at its field", async ({ page }, testInfo) => {
    const lastName = `Invalid-${testInfo.project.name}-${Date.now()}`;
    await page.goto(`${DEMO}/landing.html`);
    const form = page.locator("gc-contact-form");
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Invalid email address",
      "Phone number is required",
      "Message must be at least 10 characters",
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");

    // Each message goes once its field is right; a malformed address, a short phone or message says what is wrong.
    await form.getByLabel("First Name").fill("Dana");
    await form.getByLabel("Last Name").fill(lastName);
    await form.getByLabel("Email").fill("dana@");
    await form.getByLabel("Phone").fill("302555");
    await form.getByLabel("Message").fill("Too short");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("First name is required")).toHaveCount(0);
    await expect(form.getByText("Last name is required")).toHaveCount(0);
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Phone number is required")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();
    expect((await readStoredLeads(E2E_DATA_DIR)).filter((l) => l.lastName === lastName)).toEqual([]);
  });

  test("a valid message is stored with its source, fires gc-contact-submitted and stays on the page", async ({ page }, testInfo) => {
    await page.goto(`${DEMO}/landing.html`);
    const form = page.locator("gc-contact-form");
    const email = `e2e-${testInfo.project.name}-${Date.now()}@example.com`;
    await form.getByLabel("First Name").fill("Dana");
    await form.getByLabel("Last Name").fill("Reyes");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("(302) 555-0100");
    await form.getByLabel("Interest").selectOption("service");
    await form.getByLabel("Message").fill("Could you service our resort's fleet of six carts in May?");
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(form.getByText("Message sent")).toBeVisible();
    await expect(page).toHaveURL(`${DEMO}/landing.html`);
    await expect(form.getByLabel("First Name")).toHaveValue("");

    // The page's own listener (landing.js) logged the event.
    const logged = page.locator('#event-log li[data-event="gc-contact-submitted"]');
    await expect(logged).toHaveCount(1);
    const detail = JSON.parse((await logged.innerText()).replace(/^gc-contact-submitted /, "")) as { id: string; interest: string; source: string };
    expect(detail).toEqual({ id: expect.any(String), interest: "service", source: "spring-landing" });

    const lead = (await readStoredLeads(E2E_DATA_DIR)).find((l) => l.email === email);
    expect(lead).toMatchObject({ id: detail.id, firstName: "Dana", interest: "service", source: "spring-landing" });
  });
});
