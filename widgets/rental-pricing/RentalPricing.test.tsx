import { describe, expect, it, vi } from "vitest";
import { within } from "@testing-library/react";
import { mountWidget } from "../testing/widget-test";
import "./index";

/** Put the element on the page and query inside its shadow root once it has rendered. */
async function mount(html: string) {
  const { host, ui } = await mountWidget(html, "gc-rental-pricing", ".gc-rentals");
  return { el: host, ui };
}

const footnote = (ui: Awaited<ReturnType<typeof mount>>["ui"]) => ui.getByText(/^Security deposit:/).closest("footer")!;
const plan = (ui: Awaited<ReturnType<typeof mount>>["ui"], title: string) => within(ui.getByRole("article", { name: title }));

// Spec §9 "Rental prices", as printed: [tier, price, duration, renewal, savings].
const SPEC_PRICES: Record<string, [string, string, string, string, string | null][]> = {
  "4 Seater": [
    ["Daily", "$245", "1 day", "Renews at $245/day", null],
    ["3-Day", "$685", "3 days", "Renews at $228.34/day", "SAVE 6.8%"],
    ["Weekly", "$1,050", "7 days", "Renews at $150/day", "SAVE 38.7%"],
    ["Monthly", "$2,800", "30 days", "Renews at $94/day", "SAVE 61.6%"],
  ],
  "6 Seater": [
    ["Daily", "$295", "1 day", "Renews at $295/day", null],
    ["3-Day", "$735", "3 days", "Renews at $245/day", "SAVE 16.9%"],
    ["Weekly", "$1,400", "7 days", "Renews at $200/day", "SAVE 32.2%"],
    ["Monthly", "$3,500", "30 days", "Renews at $116.67/day", "SAVE 60.4%"],
  ],
  Utility: [
    ["Daily", "$245", "1 day", "Renews at $245/day", null],
    ["3-Day", "$685", "3 days", "Renews at $228.34/day", "SAVE 6.8%"],
    ["Weekly", "$1,050", "7 days", "Renews at $150/day", "SAVE 38.7%"],
    ["Monthly", "$2,800", "30 days", "Renews at $94/day", "SAVE 61.6%"],
  ],
};

describe("<gc-rental-pricing>", () => {
  it("shows the three plans in order", async () => {
    const { ui } = await mount("<gc-rental-pricing></gc-rental-pricing>");
    expect(ui.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["4 Seater", "6 Seater", "Utility"]);
  });

  describe.each(Object.entries(SPEC_PRICES))("%s", (title, rows) => {
    it.each(rows)("%s: %s for %s, %s, %s", async (tier, price, duration, renewal, savings) => {
      const { ui } = await mount("<gc-rental-pricing></gc-rental-pricing>");
      const item = plan(ui, title)
        .getAllByRole("listitem")
        .find((li) => within(li).queryByRole("heading", { name: tier }))!;
      const card = within(item);
      expect(card.getByText(price)).toBeTruthy();
      expect(card.getByText(duration)).toBeTruthy();
      expect(card.getByText(renewal)).toBeTruthy();
      if (savings) expect(card.getByText(savings)).toBeTruthy();
      else expect(card.queryByText(/SAVE/)).toBeNull();
      expect(!!card.queryByText("RECOMMENDED")).toBe(tier === "Weekly");
    });
  });

  it("has one RESERVE TODAY per plan, dialling the main line", async () => {
    const { ui } = await mount("<gc-rental-pricing></gc-rental-pricing>");
    const links = ui.getAllByRole("link", { name: /^Reserve a .* today: call \(302\) 555-0142$/ });
    expect(links).toHaveLength(3);
    for (const a of links) {
      expect(a.textContent).toBe("RESERVE TODAY");
      expect(a.getAttribute("href")).toBe("tel:+13025550142");
    }
  });

  it("ends with the deposit and fee footnote", async () => {
    const { ui } = await mount("<gc-rental-pricing></gc-rental-pricing>");
    const foot = footnote(ui).textContent!;
    for (const text of [
      "$500 (4 Seater), $750 (6 Seater), $600 (Utility)",
      "refunded in 3-5 business days",
      "Late returns $25 per hour",
      "Additional driver $25 each",
      "$6 per mile beyond 10 miles",
      "$50 rush fee",
      "minimum rental 24 hours",
      "Early returns get no refund",
      "cleaning $50-$150",
      "recharge $35",
      "smoke odor $200",
      "pet hair $75",
      "minor damage admin fee $75",
      "missing accessory $25 plus replacement",
      "$100,000 per person, $300,000 per accident, $50,000 property damage",
    ]) {
      expect(foot).toContain(text);
    }
  });

  it.each([
    ["4-seater", "4 Seater", "$500 (4 Seater)"],
    ["6-seater", "6 Seater", "$750 (6 Seater)"],
    ["utility", "Utility", "$600 (Utility)"],
  ])('plan="%s" shows that plan alone', async (id, title, deposit) => {
    const { ui } = await mount(`<gc-rental-pricing plan="${id}"></gc-rental-pricing>`);
    expect(ui.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby"))).toEqual([`gc-plan-${id}`]);
    expect(ui.getByRole("heading", { level: 3 }).textContent).toBe(title);
    expect(footnote(ui).textContent).toContain(`Security deposit: ${deposit}, on a credit card`);
  });

  it.each([["bogus"], [""]])('an unknown plan="%s" shows every plan and names the bad value', async (value) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const onError = vi.fn();
    document.addEventListener("gc-error", (e) => onError((e as CustomEvent).detail), { once: true });
    const { ui } = await mount(`<gc-rental-pricing plan="${value}"></gc-rental-pricing>`);
    expect(ui.getAllByRole("article")).toHaveLength(3);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining(`[gc-rental-pricing] unknown plan "${value}"`)));
    expect(onError).toHaveBeenCalledWith({ widget: "gc-rental-pricing", message: expect.stringContaining("4-seater, 6-seater, utility") });
    warn.mockRestore();
  });

  it("follows a changed plan attribute", async () => {
    const { el, ui } = await mount('<gc-rental-pricing plan="utility"></gc-rental-pricing>');
    el.setAttribute("plan", "6-seater");
    await vi.waitFor(() => expect(ui.getByRole("heading", { level: 3 }).textContent).toBe("6 Seater"));
  });
});
