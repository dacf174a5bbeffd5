import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent } from "@testing-library/react";
import { calculateEcoImpact, type EcoInput } from "../../domain/eco-calculator";
import { MILES_MESSAGE } from "./EcoCalculator";
import { mountWidget } from "../testing/widget-test";
import "./index";

/** Frames and timers run on a fake clock; microtasks (preact's render queue) stay real. */
const FAKE: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "Date", "performance"],
};
const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

async function mount(attrs = "") {
  const { host: el, ui } = await mountWidget(`<gc-eco-calculator ${attrs}></gc-eco-calculator>`, "gc-eco-calculator", "form");
  const figure = (key: string) => el.shadowRoot!.querySelector(`[data-figure="${key}"]`)?.textContent;
  return { el, ui, figure, button: () => ui.getByRole("button") as HTMLButtonElement };
}

type Mounted = Awaited<ReturnType<typeof mount>>;

async function fill(ui: Mounted["ui"], miles: string, usage?: string, years?: string) {
  fireEvent.input(ui.getByLabelText("Miles per week"), { target: { value: miles } });
  if (usage) fireEvent.change(ui.getByLabelText("Usage type"), { target: { value: usage } });
  if (years) fireEvent.change(ui.getByLabelText("Time frame"), { target: { value: years } });
  await tick(0);
}

// Spec §9 "Eco calculator" formulas worked by hand: [inputs, CO2 lbs, CO2 tons, gallons, fuel cost, electricity, net, trees].
const CASES: [EcoInput, string, string, string, string, string, string, string][] = [
  [{ milesPerWeek: 25, usage: "recreational", years: 1 }, "1,699 lbs", "0.85 tons", "87 gallons", "$303", "$23", "$280", "14 trees"],
  [{ milesPerWeek: 40, usage: "golf-course", years: 5 }, "33,973 lbs", "16.99 tons", "1,733 gallons", "$6,067", "$468", "$5,599", "280 trees"],
  [{ milesPerWeek: 10, usage: "residential", years: 3 }, "2,446 lbs", "1.22 tons", "125 gallons", "$437", "$34", "$403", "20 trees"],
  // One tree, in the singular.
  [{ milesPerWeek: 1, usage: "recreational", years: 1 }, "68 lbs", "0.03 tons", "3 gallons", "$12", "$1", "$11", "1 tree"],
  [{ milesPerWeek: 100, usage: "commercial", years: 10 }, "135,893 lbs", "67.95 tons", "6,933 gallons", "$24,267", "$1,872", "$22,395", "1,121 trees"],
];

beforeEach(() => {
  vi.useFakeTimers(FAKE);
  stubReducedMotion(false);
});
describe("<gc-eco-calculator>", () => {
  it("starts idle with the spec's defaults and choices", async () => {
    const { ui, button } = await mount();
    const miles = ui.getByLabelText("Miles per week") as HTMLInputElement;
    expect([miles.type, miles.value, miles.min, miles.max]).toEqual(["number", "25", "1", "500"]);
    const usage = ui.getByLabelText("Usage type") as HTMLSelectElement;
    expect([...usage.options].map((o) => o.text)).toEqual(["Recreational", "Residential Community", "Commercial/Resort", "Golf Course"]);
    expect(usage.value).toBe("recreational");
    const years = ui.getByLabelText("Time frame") as HTMLSelectElement;
    expect([...years.options].map((o) => o.text)).toEqual(["1 Year", "3 Years", "5 Years", "10 Years"]);
    expect(years.value).toBe("1");
    expect(button().textContent).toBe("Calculate Impact");
    expect(ui.queryByRole("region", { name: "Your eco impact" })).toBeNull();
  });

  it("reads 'Calculating...' and is disabled for 1.5 s, then shows the results and the banner", async () => {
    const { ui, button } = await mount();
    fireEvent.click(button());
    await tick(0);
    expect(button().textContent).toBe("Calculating...");
    expect(button().getAttribute("aria-disabled")).toBe("true");
    await tick(1499);
    expect(button().getAttribute("aria-disabled")).toBe("true");
    expect(ui.queryByRole("region", { name: "Your eco impact" })).toBeNull();
    await tick(1);
    expect(button().hasAttribute("aria-disabled")).toBe(false);
    expect(button().textContent).toBe("Calculate Impact");
    expect(ui.getByRole("region", { name: "Your eco impact" })).toBeTruthy();
    expect(ui.getByText("Great Choice for the Environment!")).toBeTruthy();
    expect(ui.getByText("Your switch to electric saves the planet and your wallet")).toBeTruthy();
  });

  it("hides the celebration banner after 3 s, keeping its room so the results stay put", async () => {
    const { ui, button } = await mount();
    fireEvent.click(button());
    await tick(1500 + 2990);
    const banner = () => ui.getByText("Great Choice for the Environment!").closest(".gc-eco__banner")!;
    expect(banner().getAttribute("aria-hidden")).toBeNull();
    await tick(20);
    // Hidden from sight (visibility, in the widget's sheet) and from assistive technology, still in the layout.
    expect(banner().getAttribute("aria-hidden")).toBe("true");
    expect(ui.queryByText("Great Choice for the Environment!", { ignore: "[aria-hidden] *" })).toBeNull();
    expect(ui.getByRole("region", { name: "Your eco impact" })).toBeTruthy();
  });

  it("counts the figures up from zero with an ease-out over 2.5 s", async () => {
    const { button, figure } = await mount();
    fireEvent.click(button());
    await tick(1500);
    expect(figure("netSavings")).toBe("$0");
    expect(figure("co2Saved")).toBe("0 lbs");
    await tick(1250);
    const half = Number(figure("co2Saved")!.replace(/[^\d]/g, ""));
    // Ease-out: past the linear midpoint (849) halfway through, not yet at 1,699.
    expect(half).toBeGreaterThan(1200);
    expect(half).toBeLessThan(1699);
    await tick(1300);
    expect(figure("co2Saved")).toBe("1,699 lbs");
    expect(figure("netSavings")).toBe("$280");
  });

  it.each(CASES)("figures for %o are the core's formulas", async (input, lbs, tons, gallons, cost, electric, net, trees) => {
    const { ui, button, figure } = await mount();
    await fill(ui, String(input.milesPerWeek), input.usage, String(input.years));
    fireEvent.click(button());
    await tick(1500 + 2600);
    expect({
      co2Saved: figure("co2Saved"),
      co2Tons: figure("co2Tons"),
      fuelSaved: figure("fuelSaved"),
      costSaved: figure("costSaved"),
      electricCost: figure("electricCost"),
      netSavings: figure("netSavings"),
      treesEquivalent: figure("treesEquivalent"),
    }).toEqual({ co2Saved: lbs, co2Tons: tons, fuelSaved: gallons, costSaved: cost, electricCost: electric, netSavings: net, treesEquivalent: trees });
  });

  it("emits gc-calculated with the full result and inputs when the results show", async () => {
    const { el, ui, button } = await mount();
    const heard = vi.fn();
    document.addEventListener("gc-calculated", (e) => heard((e as CustomEvent).detail, e.composed, e.bubbles), { once: true });
    await fill(ui, "40", "golf-course", "5");
    fireEvent.click(button());
    await tick(1499);
    expect(heard).not.toHaveBeenCalled();
    await tick(50);
    const input: EcoInput = { milesPerWeek: 40, usage: "golf-course", years: 5 };
    expect(heard).toHaveBeenCalledWith({ ...calculateEcoImpact(input), ...input }, true, true);
    expect(el.isConnected).toBe(true);
  });

  it("shows the final figures at once with prefers-reduced-motion", async () => {
    stubReducedMotion(true);
    const { button, figure } = await mount();
    fireEvent.click(button());
    await tick(1500);
    expect(figure("co2Saved")).toBe("1,699 lbs");
    expect(figure("netSavings")).toBe("$280");
  });

  it.each([[""], ["   "], ["abc"], ["-5"], ["0"], ["9999"]])("a miles value of %o shows a clear message instead of figures", async (value) => {
    const { ui, button } = await mount();
    await fill(ui, value);
    fireEvent.click(button());
    await tick(2000);
    expect(ui.getByRole("alert").textContent).toBe(MILES_MESSAGE);
    expect(ui.getByLabelText("Miles per week").getAttribute("aria-invalid")).toBe("true");
    expect(button().hasAttribute("aria-disabled")).toBe(false);
    expect(ui.queryByRole("region", { name: "Your eco impact" })).toBeNull();
    expect(ui.queryByText(/NaN/)).toBeNull();
    await fill(ui, "12");
    expect(ui.queryByRole("alert")).toBeNull();
  });

  it("calculates 500 miles, the top of the range, and nothing beyond it", async () => {
    const { ui, button, figure } = await mount();
    await fill(ui, "500");
    fireEvent.click(button());
    await tick(1500 + 2600);
    expect(figure("fuelSaved")).toBe("1,733 gallons");
    await fill(ui, "501");
    fireEvent.click(button());
    await tick(2000);
    expect(ui.getByRole("alert").textContent).toBe(MILES_MESSAGE);
    expect(ui.queryByRole("region", { name: "Your eco impact" })).toBeNull();
  });

  it("takes its defaults from the miles, usage and years attributes", async () => {
    const { ui } = await mount('miles="40" usage="golf-course" years="5"');
    expect((ui.getByLabelText("Miles per week") as HTMLInputElement).value).toBe("40");
    expect((ui.getByLabelText("Usage type") as HTMLSelectElement).value).toBe("golf-course");
    expect((ui.getByLabelText("Time frame") as HTMLSelectElement).value).toBe("5");
  });

  it("falls back to the defaults, with a warning, for bad attribute values", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { ui } = await mount('miles="lots" usage="boat" years="2"');
    await tick(50);
    expect((ui.getByLabelText("Miles per week") as HTMLInputElement).value).toBe("25");
    expect((ui.getByLabelText("Usage type") as HTMLSelectElement).value).toBe("recreational");
    expect((ui.getByLabelText("Time frame") as HTMLSelectElement).value).toBe("1");
    const said = warn.mock.calls.map((c) => String(c[0]));
    expect(said).toEqual([
      expect.stringMatching(/^\[gc-eco-calculator\] miles="lots" is not a number from 1 to 500; using 25$/),
      expect.stringMatching(/^\[gc-eco-calculator\] usage="boat" is not one of recreational, residential, commercial, golf-course; using recreational$/),
      expect.stringMatching(/^\[gc-eco-calculator\] years="2" is not one of 1, 3, 5, 10; using 1$/),
    ]);
    warn.mockRestore();
  });

  it("stops its timers and frames when removed mid-animation", async () => {
    const { el, button } = await mount();
    fireEvent.click(button());
    await tick(1600);
    el.remove();
    await tick(50);
    expect(vi.getTimerCount()).toBe(0);
  });
});
