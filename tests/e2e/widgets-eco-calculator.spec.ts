import type { Page } from "@playwright/test";
import { calculateEcoImpact, USAGE_TYPES, type EcoInput } from "../../domain/eco-calculator";
import { formatUsd } from "../../domain/money";
import { DEMO } from "../../playwright.config";
import { expect, test } from "./fixtures";

const whole = (n: number) => Math.round(n).toLocaleString("en-US");

/** The figures as the calculator writes them, from the core's formulas. */
function expected(input: EcoInput) {
  const r = calculateEcoImpact(input);
  return {
    co2Saved: `${whole(r.co2Saved)} lbs`,
    co2Tons: `${r.co2Tons.toFixed(2)} tons`,
    fuelSaved: `${whole(r.fuelSaved)} gallons`,
    costSaved: formatUsd(r.costSaved),
    electricCost: formatUsd(r.electricCost),
    netSavings: formatUsd(r.netSavings),
    treesEquivalent: `${whole(r.treesEquivalent)} trees`,
  };
}

async function figures(page: Page) {
  const calc = page.locator("gc-eco-calculator");
  const read = (key: string) => calc.locator(`[data-figure="${key}"]`).innerText();
  return {
    co2Saved: await read("co2Saved"),
    co2Tons: await read("co2Tons"),
    fuelSaved: await read("fuelSaved"),
    costSaved: await read("costSaved"),
    electricCost: await read("electricCost"),
    netSavings: await read("netSavings"),
    treesEquivalent: await read("treesEquivalent"),
  };
}

async function calculate(page: Page, input: EcoInput) {
  const calc = page.locator("gc-eco-calculator");
  await calc.getByLabel("Miles per week").fill(String(input.milesPerWeek));
  await calc.getByLabel("Usage type").selectOption({ label: USAGE_TYPES[input.usage].label });
  await calc.getByLabel("Time frame").selectOption(String(input.years));
  await calc.getByRole("button", { name: "Calculate Impact" }).click();
}

const INPUTS: EcoInput[] = [
  { milesPerWeek: 25, usage: "recreational", years: 1 },
  { milesPerWeek: 40, usage: "golf-course", years: 5 },
  { milesPerWeek: 12.5, usage: "residential", years: 3 },
  { milesPerWeek: 500, usage: "commercial", years: 10 },
];

test.describe("eco calculator on the town page", () => {
  test("'Calculating...', then the figures count up to the core's results and the banner shows, then hides", async ({ page }) => {
    await page.goto(`${DEMO}/town.html`);
    const calc = page.locator("gc-eco-calculator");
    const input = INPUTS[1]!;
    await calculate(page, input);
    const button = calc.getByRole("button", { name: "Calculating..." });
    await expect(button).toBeDisabled();
    await expect(calc.getByText("Great Choice for the Environment!")).toBeVisible();
    await expect(calc.getByText("Your switch to electric saves the planet and your wallet")).toBeVisible();
    await expect(calc.getByRole("button", { name: "Calculate Impact" })).toBeEnabled();
    await expect.poll(() => figures(page), { timeout: 5000 }).toEqual(expected(input));
    await expect(calc.getByText("Great Choice for the Environment!")).toBeHidden({ timeout: 5000 });
  });

  test.describe("with prefers-reduced-motion", () => {
    for (const input of INPUTS) {
      test(`figures for ${input.milesPerWeek} mi/week, ${input.usage}, ${input.years} yr match calculateEcoImpact`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(`${DEMO}/town.html`);
        await page.evaluate(() => {
          document.addEventListener("gc-calculated", (e) => ((window as unknown as { __calc: unknown }).__calc = (e as CustomEvent).detail));
        });
        await calculate(page, input);
        await expect(page.locator("gc-eco-calculator").getByRole("region", { name: "Your eco impact" })).toBeVisible();
        // Reduced motion: the final figures at once, no count-up.
        expect(await figures(page)).toEqual(expected(input));
        const detail = await page.evaluate(() => (window as unknown as { __calc: unknown }).__calc);
        expect(detail).toEqual({ ...calculateEcoImpact(input), ...input });
      });
    }
  });

  test("a blank miles value shows a message instead of figures", async ({ page }) => {
    await page.goto(`${DEMO}/town.html`);
    const calc = page.locator("gc-eco-calculator");
    await calc.getByLabel("Miles per week").fill("");
    await calc.getByRole("button", { name: "Calculate Impact" }).click();
    await expect(calc.getByRole("alert")).toHaveText("Enter the miles you drive per week as a number from 1 to 500, for example 25.");
    await expect(calc.getByRole("region", { name: "Your eco impact" })).toHaveCount(0);
  });
});
