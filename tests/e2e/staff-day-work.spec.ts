/**
 * The console's day-to-day work at 1280 and 390 px: a second unit of a model is added through the vehicle form (its
 * id made from the model and stock number, as the CSV import makes it), a stock number another unit has is said under
 * Stock number; a bulk price change rounds as asked, and one that would price a cart below its cost needs a tick.
 */
import { randomBytes } from "node:crypto";
import { validLead } from "../../domain/testing/valid-lead";
import type { Vehicle } from "../../domain/vehicle";
import { expect, test, TEST_BRAND } from "./staff-fixtures";

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("a second unit of a model is added through the form; a stock number another unit has is said under Stock number", async ({
      signedInPage: page,
      ownerApi,
      makeVehicle,
      consoleGuard,
    }, testInfo) => {
      // The refused save's 409, which the browser logs.
      consoleGuard.allow(/status of 409 \(Conflict\)/);
      const tag = randomBytes(3).toString("hex").toUpperCase();
      const first = await makeVehicle({ id: undefined, name: `Model ${tag}`, stockNumber: `${tag}-1` } as never);
      expect(first.id).toBe(`model-${tag.toLowerCase()}-${tag.toLowerCase()}-1`);
      const fill = async (stock: string) => {
        await page.goto("/staff/vehicles/new");
        await expect(page.getByRole("heading", { level: 1, name: "Add a vehicle" })).toBeVisible();
        for (const [label, value] of [
          ["Name", first.name],
          ["Price", "12995"],
          ["Brand", TEST_BRAND],
          ["Category", "Test Fleet"],
          ["Description", "The second of the model on the lot."],
          ["Seating capacity", "4"],
          ["Range", "30 miles"],
          ["Stock number", stock],
        ] as const)
          await page.getByLabel(label, { exact: true }).fill(value);
        await page.getByRole("button", { name: "Save" }).click();
      };
      await fill(`${tag}-2`);
      const second = `model-${tag.toLowerCase()}-${tag.toLowerCase()}-2`;
      await expect(page).toHaveURL(new RegExp(`/staff/vehicles/${second}$`));
      try {
        await expect(page.getByText(`Created ${first.name} as a draft: it is not on the site yet.`, { exact: false })).toBeVisible();
        await fill(`${tag}-2`);
        const field = page.locator(".field").filter({ has: page.getByLabel("Stock number", { exact: true }) });
        await expect(field.locator(".field-error")).toHaveText(`Stock number ${tag}-2 is already on ${first.name} (${second})`);
        await expect(page.getByLabel("Stock number", { exact: true })).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByLabel("ID", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
        await expect(page.getByText("Not saved: another vehicle has this stock number.")).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath("stock-number-taken.png"), fullPage: true });
      } finally {
        await ownerApi.delete(`/api/staff/vehicles/${second}`);
      }
    });

    test("the inventory names the listed carts the listing feeds leave out, and why", async ({ signedInPage: page, makeVehicle }, testInfo) => {
      const drawn = await makeVehicle({ stockNumber: `F-${randomBytes(3).toString("hex").toUpperCase()}` });
      await page.reload();
      const gaps = page.locator("details.feed-gaps");
      await expect(gaps.locator("summary")).toHaveText(/^\d+ listed carts? (is|are) not in the listing feeds \(Google, Meta\)$/);
      await gaps.locator("summary").click();
      await expect(gaps.getByRole("listitem").filter({ hasText: drawn.name })).toHaveText(
        `${drawn.name} (${drawn.stockNumber}): no photo of the unit: Google and Meta list a cart only with a real photo, not a drawing or the default image`,
      );
      await gaps.screenshot({ path: testInfo.outputPath("feed-gaps.png") });
    });

    test("marking a cart sold records the day, the price and the lead it came from; the history shows the sale", async ({
      signedInPage: page,
      ownerApi,
      makeVehicle,
    }, testInfo) => {
      const cart = await makeVehicle({ color: `Coral ${randomBytes(3).toString("hex")}`, price: 13_500 });
      const lead = await ownerApi.post("/api/contact", {
        data: { ...validLead(), firstName: "Dana", lastName: "Beach", vehicleId: cart.id },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(lead.status()).toBe(201);
      const { id: leadId } = (await lead.json()) as { id: string };
      await page.goto(`/staff?q=${encodeURIComponent(cart.color!)}`);
      await page.getByRole("button", { name: `Mark sold: ${cart.name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Mark ${cart.name} sold?` });
      await expect(dialog.getByLabel("Sale price ($)")).toHaveValue("13500");
      await dialog.getByLabel("Sold on").fill("2026-11-30");
      await dialog.getByLabel("Sale price ($)").fill("13,200");
      await expect(dialog.getByLabel("From the lead").getByRole("option", { name: /^Dana Beach, / })).toHaveCount(1);
      await dialog.getByLabel("From the lead").selectOption({ label: (await dialog.getByRole("option", { name: /^Dana Beach, / }).textContent())! });
      await dialog.screenshot({ path: testInfo.outputPath("sale-dialog.png") });
      await dialog.getByRole("button", { name: "Mark sold" }).click();
      await expect(page.getByRole("status").filter({ hasText: `${cart.name} is now sold: 2026-11-30 for $13,200, from its lead.` })).toBeVisible();
      const stored = (await (await ownerApi.get(`/api/staff/vehicles/${cart.id}`)).json()) as Vehicle;
      expect(stored).toMatchObject({ status: "sold", sale: { date: "2026-11-30", price: 13_200, leadId } });
      await page.goto("/staff/history");
      await expect(page.getByText(`2026-11-30 for $13,200, lead ${leadId}`).first()).toBeVisible();
    });

    test("a bulk price change rounds as asked, and one below a cart's cost is made only once ticked", async ({
      signedInPage: page,
      ownerApi,
      makeVehicle,
    }, testInfo) => {
      const colour = `Teal ${randomBytes(3).toString("hex")}`;
      const carts = [await makeVehicle({ color: colour, price: 10_900, cost: 9_500 }), await makeVehicle({ color: colour, price: 11_451 })];
      const price = async (v: Vehicle) => ((await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle).price;
      await page.goto(`/staff?q=${encodeURIComponent(colour)}&sort=price`);
      await expect(page.getByText("2 of ")).toBeVisible();
      await page.getByLabel("Select all 2 in the list").check();
      await page.getByLabel("Action").selectOption({ label: "Change price by a percentage (%)" });
      await page.getByLabel("Percentage (%)").fill("10");
      await page.getByLabel("Round new prices").selectOption({ label: "Ending in 95" });
      await page.getByRole("button", { name: "Apply to 2 carts" }).click();
      const raise = page.getByRole("dialog", { name: "Raise the price of 2 carts by 10%, rounded to end in 95?" });
      await expect(raise).toContainText(`${carts[0]!.name}: $10,900 → $11,995`);
      await expect(raise).toContainText(`${carts[1]!.name}: $11,451 → $12,595`);
      await raise.getByRole("button", { name: "Change prices" }).click();
      await expect(page.getByRole("status").filter({ hasText: "2 carts were changed." })).toBeVisible();
      expect([await price(carts[0]!), await price(carts[1]!)]).toEqual([11_995, 12_595]);

      await page.getByLabel("Select all 2 in the list").check();
      await page.getByLabel("Percentage (%)").fill("-99.99");
      await page.getByLabel("Round new prices").selectOption({ label: "To the dollar" });
      await page.getByRole("button", { name: "Apply to 2 carts" }).click();
      const lower = page.getByRole("dialog", { name: "Lower the price of 2 carts by 99.99%?" });
      await expect(lower).toContainText("1 cart would be priced below its cost:");
      await expect(lower).toContainText(`${carts[0]!.name}: $1, cost $9,500`);
      await lower.getByRole("button", { name: "Change prices" }).click();
      const tick = lower.getByLabel("Yes, price it below cost");
      await expect(tick).toBeFocused();
      await expect(lower.getByRole("alert")).toHaveText("Tick the box to sell below cost, or Cancel and choose another change.");
      await lower.screenshot({ path: testInfo.outputPath("below-cost.png") });
      expect([await price(carts[0]!), await price(carts[1]!)]).toEqual([11_995, 12_595]);
      await tick.check();
      await lower.getByRole("button", { name: "Change prices" }).click();
      // The first change's notice says the same words: the dialog closing is this change's answer.
      await expect(lower).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "2 carts were changed." })).toBeVisible();
      await expect.poll(async () => [await price(carts[0]!), await price(carts[1]!)]).toEqual([1, 1]);
    });
  });
}
