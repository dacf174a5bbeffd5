/** Pages that are not ours: right-to-left pages, aggressive page styles, the page's own query string, a full catalogue. */
import { INVENTORY_PAGE_SIZE } from "../../domain/inventory-query";
import { SITE } from "../../playwright.config";
import { expect, partnerPage, test } from "./third-origin";

test(
  'on a right-to-left page the widgets read left to right and never widen the page, dir="rtl" on a widget included',
  { tag: "@layout" },
  async ({ page, thirdOrigin }) => {
    await page.goto(
      thirdOrigin.page(
        "/rtl.html",
        partnerPage(
          `<h1>مرحبا</h1><gc-rental-pricing plan="4-seater"></gc-rental-pricing><gc-eco-calculator></gc-eco-calculator><gc-contact-form></gc-contact-form><gc-eco-calculator id="asked" dir="rtl"></gc-eco-calculator>`,
          { dir: "rtl" },
        ),
      ),
    );
    const form = page.locator("gc-contact-form");
    await expect(form.getByLabel("First Name")).toBeVisible();
    await expect(page.locator("gc-rental-pricing").getByRole("heading", { name: "4 Seater" })).toBeVisible();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const direction = (selector: string, inner: string) =>
      page.locator(selector).evaluate((el, q) => getComputedStyle(el.shadowRoot!.querySelector(q)!).direction, inner);
    expect(await direction("gc-rental-pricing", "h3")).toBe("ltr");
    expect(await direction("gc-contact-form", "label")).toBe("ltr");
    // Its text is English: dir="rtl" would only reverse it ("Seater 6").
    expect(await direction("#asked", "label")).toBe("ltr");
    // "4 Seater" is laid out as written: the digit left of the word.
    const title = page.locator("gc-rental-pricing").getByRole("heading", { name: "4 Seater" });
    const order = await title.evaluate((h) => {
      const range = document.createRange();
      const text = h.firstChild!;
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const digit = range.getBoundingClientRect().left;
      range.setStart(text, 2);
      range.setEnd(text, 3);
      return { digit, word: range.getBoundingClientRect().left };
    });
    expect(order.digit).toBeLessThan(order.word);
  },
);

test("page rules that force fonts and colours stop at the widget, which keeps its own font family unless --gc-font-family says otherwise", async ({
  page,
  thirdOrigin,
}) => {
  const hostile = `<style>* { font: 30px serif !important; color: red !important; letter-spacing: 4px !important; text-transform: uppercase !important }</style>`;
  await page.goto(
    thirdOrigin.page(
      "/hostile.html",
      partnerPage(
        `<gc-eco-calculator></gc-eco-calculator><gc-contact-form></gc-contact-form><gc-rental-pricing id="themed" style="--gc-font-family: monospace"></gc-rental-pricing>`,
        {
          head: hostile,
        },
      ),
    ),
  );
  const calc = page.locator("gc-eco-calculator");
  const button = calc.getByRole("button", { name: "Calculate Impact" });
  await expect(button).toBeVisible();
  const style = await calc.getByText("Miles per week").evaluate((el) => ({
    ...Object.fromEntries(["color", "fontFamily", "letterSpacing", "textTransform"].map((k) => [k, getComputedStyle(el)[k as "color"]])),
  }));
  expect(style).toMatchObject({ color: "rgb(15, 23, 42)", letterSpacing: "normal", textTransform: "none" });
  expect(style.fontFamily).toMatch(/^system-ui,/);
  expect(await page.locator("#themed").evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector("h3")!).fontFamily)).toBe("monospace");
  // No button's label is cut off.
  for (const b of [button, page.locator("gc-contact-form").getByRole("button", { name: "Send Message" })]) {
    const fits = await b.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);
    expect(fits).toBe(true);
  }
});

test("sync-url leaves the page's own ?q= alone and keeps its filters under gc- names", async ({ page, thirdOrigin }) => {
  const url = thirdOrigin.page("/suites.html", partnerPage(`<h1>Ocean view suites</h1><gc-inventory sync-url></gc-inventory>`));
  await page.goto(`${url}?q=ocean+view+suite`);
  const inventory = page.locator("gc-inventory");
  // Unfiltered: the first page of the whole catalogue (the page's own ?q= is not the widget's search).
  const total = ((await (await page.request.get(`${SITE}/api/vehicles`)).json()) as unknown[]).length;
  await expect(inventory.getByRole("status")).toHaveText(`Showing ${Math.min(total, INVENTORY_PAGE_SIZE)} of ${total} vehicles`);
  await expect(inventory.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  await inventory.getByRole("searchbox", { name: "Search" }).fill("ranger");
  await expect(page).toHaveURL(/\?q=ocean\+view\+suite&gc-q=ranger$/);
  await page.reload();
  await expect(inventory.getByRole("searchbox", { name: "Search" })).toHaveValue("ranger");
  await expect(inventory.getByRole("status")).toHaveText(/^Showing \d+ of \d+ vehicles$/);
});

test("the category filter offers every series of the catalogue; the spec's five keep their contains-match", async ({ page, thirdOrigin }) => {
  await page.goto(thirdOrigin.page("/all.html", partnerPage(`<gc-inventory></gc-inventory>`)));
  const inventory = page.locator("gc-inventory");
  await expect(inventory.getByRole("status")).toHaveText(/^Showing \d+ of \d+ vehicles$/);
  const category = inventory.getByRole("combobox", { name: "Category" });
  await expect(category.locator("option")).toHaveText([
    "All",
    "Carrier",
    "Classic",
    "D6 Max",
    "EV City",
    "EV Nomad",
    "Forester",
    "Maverick",
    "Ranger",
    "Rover",
    "Turfman",
  ]);
  await category.selectOption({ label: "EV City" });
  await expect(inventory.getByRole("status")).toHaveText(/^Showing 1 of \d+ vehicles$/);
  await expect(inventory.locator("li.card .name")).toHaveText([/^Denago EV City$/i]);
  await category.selectOption({ label: "Rover" });
  await expect(inventory.locator("li.card .name")).toHaveText([/EV Rover XL$/i, /EV Rover XL6$/i, /EV Rover XXL$/i]);
});
