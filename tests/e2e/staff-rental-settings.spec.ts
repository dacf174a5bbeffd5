/**
 * The console's rental settings: an owner sees and changes how far ahead rentals can be booked beside the fleet and
 * the turnaround; a horizon out of range is refused at its field in words and nothing typed is lost. The real server
 * (dist/, `npm run build`) and Chromium, at 1280 px and then 390 px.
 */
import { expect, test } from "./staff-fixtures";

test("an owner sets the booking horizon in the fleet settings; a value out of range is refused at the field, nothing lost", async ({
  signedInPage: page,
  ownerApi,
  consoleGuard,
}) => {
  // The refused save's 400 is logged by Chromium as a failed resource; it is the answer this test asks for.
  consoleGuard.allow(/status of 400/);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Rentals" }).click();
  const form = page.getByRole("region", { name: "Fleet and turnaround" });
  const horizon = form.getByLabel("Booking horizon (days)");
  await expect(horizon).toHaveValue("365");
  await expect(form.getByText("Renters can ask for a start up to this many days ahead.")).toBeVisible();

  await horizon.fill("0");
  await form.getByRole("button", { name: "Save fleet" }).click();
  await expect(form.getByRole("alert")).toContainText("Enter how many days ahead rentals can be booked, from 1 to 730");
  await expect(horizon).toHaveAttribute("aria-invalid", "true");
  await expect(horizon).toHaveValue("0");
  await expect(form.getByRole("alert")).toBeFocused();

  // Longer than the default, so the rentals other tests book meanwhile stay within it.
  await horizon.fill("400");
  await form.getByRole("button", { name: "Save fleet" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Fleet, turnaround and booking horizon of Sussex Coast Golf Carts saved: its availability and new requests count with them at once.",
  );
  await expect(horizon).not.toHaveAttribute("aria-invalid");
  await expect(form.getByRole("status")).toBeFocused();
  await form.screenshot({ path: test.info().outputPath("fleet-settings-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.screenshot({ path: test.info().outputPath("fleet-settings-390.png") });

  await page.reload();
  await expect(page.getByRole("region", { name: "Fleet and turnaround" }).getByLabel("Booking horizon (days)")).toHaveValue("400");
  const stored = (await (await ownerApi.get("/api/staff/rentals/settings")).json()) as { bookingHorizonDays: number };
  expect(stored.bookingHorizonDays).toBe(400);
});
