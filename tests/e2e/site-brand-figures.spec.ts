/**
 * Every figure the spec's §9 gives for the brand pages, compared with what
 * /denago and /evolution serve. The figures are copied from the
 * spec on purpose: the pages read the catalogue, and this test checks that
 * the catalogue carries the spec's facts. Where §9 contradicts itself, the
 * value kept is the one recorded in docs/decisions/0002-catalogue-prices.md.
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(n);

/** §9 "Denago models": price, seats, range; the EV City's 25 mph and all-wheel drive; the other cards' 2x4 drive. */
const DENAGO_MODELS = [
  { name: "Denago EV City", price: 15_000, seats: 2, range: 40, topSpeed: 25, drive: "All-Wheel Drive" },
  { name: "Denago EV Nomad", price: 8_495, seats: 4, range: 45, drive: "2x4" },
  { name: "Denago EV Nomad XL", price: 8_495, seats: 4, range: 55, drive: "2x4" },
  { name: "Denago EV Rover XL", price: 9_995, seats: 6, range: 50, drive: "2x4" },
  { name: "Denago EV Rover XL6", price: 11_995, seats: 6, range: 50, drive: "2x4" },
  { name: "Denago EV Rover XXL", price: 11_995, seats: 8, range: 60, drive: "2x4" },
];
const DENAGO_SERIES = { "EV CITY": 15_000, "EV NOMAD": 8_495, "EV ROVER": 9_995 };

/** §9 "Evolution series (starting prices)". */
const EVOLUTION_SERIES = {
  "D5 RANGER": 7_695,
  "D5 MAVERICK": 7_995,
  CLASSIC: 6_695,
  CARRIER: 9_595,
  FORESTER: 6_995,
  TURFMAN: 6_795,
  "D6 MAX": 13_595,
};
/** §9 "Featured models"; "Top speed is 25 mph on all". */
const EVOLUTION_FEATURED = [
  { name: "Evolution D5 Ranger 4 Plus", series: "D5 RANGER", price: 9_595, seats: 4, range: 45 },
  { name: "Evolution D5 Ranger 6 Plus", series: "D5 RANGER", price: 11_595, seats: 6, range: 40 },
  { name: "Evolution D5 Maverick 4 Plus", series: "D5 MAVERICK", price: 9_995, seats: 4, range: 42 },
  { name: "Evolution Classic 4 Plus", series: "CLASSIC", price: 6_995, seats: 4, range: 35 },
  { name: "Evolution Carrier 6 Plus", series: "CARRIER", price: 9_595, seats: 6, range: 38 },
  { name: "Evolution D6 Max XT4", series: "D6 MAX", price: 15_595, seats: 4, range: 50 },
];

async function seriesStartingPrices(page: import("@playwright/test").Page): Promise<Record<string, string>> {
  const cards = page.locator("#series article.series-card");
  const out: Record<string, string> = {};
  for (const card of await cards.all())
    out[(await card.getByRole("heading", { level: 3 }).innerText()).trim()] = (await card.locator(".price-text").innerText()).trim();
  return out;
}

/** A definition list's value by its term, as the Evolution cards show seats, range and top speed. */
const dd = (card: Locator, term: string) =>
  card.locator(".mini-specs > div", { has: card.page().locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");

test("/denago serves every §9 figure: series starting prices, and each model's price, seats, range and drive", async ({ page }) => {
  await page.goto("/denago");
  const expected = Object.fromEntries(Object.entries(DENAGO_SERIES).map(([t, p]) => [t, `Starting at ${usd(p)}`]));
  expect(await seriesStartingPrices(page)).toEqual(expected);

  const cards = page.locator("#lineup article.vehicle-card");
  await expect(cards).toHaveCount(DENAGO_MODELS.length);
  for (const [i, m] of DENAGO_MODELS.entries()) {
    const card = cards.nth(i);
    await expect(card.locator(".vehicle-card__name")).toHaveText(m.name);
    await expect(card.locator(".price")).toHaveText(usd(m.price));
    const chips = card.locator(".spec-chips li");
    await expect(chips.nth(0)).toHaveText(`${m.seats} seats`);
    await expect(chips.nth(1)).toHaveText(`${m.range} miles range`);
    if (m.topSpeed) await expect(chips.nth(2)).toHaveText(`${m.topSpeed} mph top speed`);
    await expect(card.getByText(/^Drive: /)).toHaveText(`Drive: ${m.drive}`);
  }
  // One spelling of each model: the series cards name the models as the lineup does.
  expect((await page.locator("#series .model-links a").allInnerTexts()).sort()).toEqual(DENAGO_MODELS.map((m) => m.name).sort());
});

test("/evolution serves every §9 figure: seven starting prices, and the six featured models' price, seats, range and 25 mph", async ({ page }) => {
  await page.goto("/evolution");
  const expected = Object.fromEntries(Object.entries(EVOLUTION_SERIES).map(([t, p]) => [t, `Starting at ${usd(p)}`]));
  expect(await seriesStartingPrices(page)).toEqual(expected);

  const cards = page.locator("#featured article.vehicle-card");
  await expect(cards).toHaveCount(EVOLUTION_FEATURED.length);
  for (const [i, m] of EVOLUTION_FEATURED.entries()) {
    const card = cards.nth(i);
    await expect(card.locator(".vehicle-card__name")).toHaveText(m.name);
    await expect(card.locator(".badge").first()).toHaveText(m.series);
    await expect(card.locator(".badge--price")).toHaveText(usd(m.price));
    await expect(dd(card, "Seats")).toHaveText(String(m.seats));
    await expect(dd(card, "Range")).toHaveText(`${m.range} miles`);
    await expect(dd(card, "Top speed")).toHaveText("25 mph");
    await expect(card.getByText(/^Drive: /)).toHaveText("Drive: Rear-Wheel Drive");
  }
  for (const name of await page.locator("#series .model-links a").allInnerTexts()) expect(name).toMatch(/^Evolution \S/);
});
