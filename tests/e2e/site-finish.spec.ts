/**
 * The defects a visitor saw at 1280 px and 390 px: each checked in
 * the page's real layout, by bounding boxes, elementFromPoint and the
 * browser's layout-shift entries. The desktop project runs at 1280×900, the
 * phone project at 390 px wide.
 */
import type { Locator, Page } from "@playwright/test";
import { BUSINESS } from "../../domain/business";
import { expect, test } from "./fixtures";
import { expectRunning, frames } from "./widget-running";

test.beforeEach(async ({ page, isMobile }) => {
  await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
});

/** Widths to try beside the project's own: the 1024 px where the e-mail first overflowed, and a wide screen. */
const widths = (isMobile: boolean) => (isMobile ? [390] : [1024, 1280, 1440]);

test.describe("the e-mail address", { tag: "@layout" }, () => {
  for (const path of ["/", "/about"]) {
    test(`${path}: stays inside its contact card at every width`, async ({ page, isMobile }) => {
      await page.goto(path);
      const link = page.locator(`.contact-cards a[href="mailto:${BUSINESS.email}"]`);
      await expect(link).toHaveText(BUSINESS.email);
      for (const width of widths(isMobile)) {
        await page.setViewportSize({ width, height: 900 });
        await frames(page);
        // Every line box of the link lies within the card's content box.
        const outside = await link.evaluate((a) => {
          const card = a.closest(".card")!;
          const box = card.getBoundingClientRect();
          const cs = getComputedStyle(card);
          const left = box.left + parseFloat(cs.paddingLeft) - 0.5;
          const right = box.right - parseFloat(cs.paddingRight) + 0.5;
          return [...a.getClientRects()]
            .filter((r) => r.left < left || r.right > right)
            .map((r) => `${r.left.toFixed(0)}..${r.right.toFixed(0)} outside ${left.toFixed(0)}..${right.toFixed(0)}`);
        });
        expect(outside, `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});

test.describe("the floating call button", { tag: "@layout" }, () => {
  for (const path of ["/", "/about", "/showroom"]) {
    test(`${path}: covers no link at the end of the page`, async ({ page }) => {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
      await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
      await frames(page);
      // The footer's last links are in view, and each one is what a tap on its middle reaches.
      for (const name of ["Privacy", "Terms", "Sitemap"])
        await expect(page.locator(".footer-bottom").getByRole("link", { name, exact: true })).toBeInViewport();
      const covered = await page.evaluate(() => {
        // Links in view below the sticky header (which is meant to cover what scrolls under it).
        const top = Math.max(0, document.querySelector(".site-header")!.getBoundingClientRect().bottom);
        return [...document.querySelectorAll<HTMLAnchorElement>("footer a")]
          .filter((a) => {
            const r = a.getBoundingClientRect();
            return r.width > 0 && r.top >= top && r.bottom <= innerHeight;
          })
          .filter((a) => {
            const r = a.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !hit || !a.contains(hit);
          })
          .map((a) => a.textContent);
      });
      expect(covered).toEqual([]);
    });
  }
});

test.describe("the floating call button and what a visitor scrolls to", { tag: "@layout" }, () => {
  /** Whether two boxes share any area. */
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  /** A local date-time `days` from now at 10:00, as the booking's fields take it. */
  const inDays = (days: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T10:00`;

  /** What of `target` the floating call button covers now: nothing when the button is not shown. */
  async function coveredNow(page: Page, target: Locator): Promise<boolean> {
    const floating = page.locator(".floating-call");
    if (!(await floating.isVisible())) return false;
    const button = await floating.boundingBox();
    const box = await target.boundingBox();
    return Boolean(button && box && overlaps(box, button));
  }

  /**
   * Each of `targets`: as the page opens (those in view then), and brought into view as the browser brings an element
   * (a link's target, the keyboard's focus, a find): from the top of the page until it just shows at the bottom edge,
   * and as Playwright scrolls before a click. The floating call button's box shares no pixel with it in any of these.
   */
  async function expectUncovered(page: Page, targets: Locator, what: string) {
    const count = await targets.count();
    expect(count, what).toBeGreaterThan(0);
    const covered: string[] = [];
    const name = async (target: Locator) => `${what} "${(await target.innerText()).replace(/\s+/g, " ")}"`;
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await frames(page);
    for (let i = 0; i < count; i++) {
      const target = targets.nth(i);
      if (await coveredNow(page, target)) covered.push(`${await name(target)} as the page opens`);
    }
    for (let i = 0; i < count; i++) {
      const target = targets.nth(i);
      for (const how of ["reading down", "before a click"]) {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        if (how === "reading down") await target.evaluate((el) => el.scrollIntoView({ block: "end", behavior: "instant" }));
        else await target.scrollIntoViewIfNeeded();
        await frames(page);
        await expect(target).toBeInViewport();
        if (await coveredNow(page, target)) covered.push(`${await name(target)} ${how}`);
      }
    }
    expect(covered).toEqual([]);
  }

  test("covers no rental price or amount of the price box", async ({ page }) => {
    // Two dozen figures, each scrolled to twice.
    test.slow();
    await page.goto("/rentals");
    const pricing = page.locator("gc-rental-pricing");
    await expectUncovered(page, pricing.locator("[part=price]"), "the price");
    await expectUncovered(page, pricing.locator("[part=savings]"), "the saving");
    const booking = page.locator("gc-rental-booking");
    await booking.getByLabel("Starts", { exact: true }).fill(inDays(10));
    await booking.getByLabel("Ends", { exact: true }).fill(inDays(13));
    await expect(booking.locator("[part=total]")).toBeVisible();
    await expectUncovered(page, booking.locator("[part=quote] td"), "the price box's amount");
  });

  for (const path of ["/", "/about"])
    test(`${path}: covers no stat tile`, async ({ page }) => {
      await page.goto(path);
      await expectUncovered(page, page.locator(".stat-grid > div"), "the tile");
    });

  test("covers neither a vehicle's price and tiles nor Get Financing Quote", async ({ page }) => {
    await page.goto("/vehicle/denago-ev-city");
    const detail = page.locator("gc-vehicle-detail");
    await expect(detail.getByRole("link", { name: /Get Financing Quote/ })).toBeVisible();
    await expectUncovered(page, detail.locator("[part=price], [part=tile], [part=financing]"), "the vehicle's");
  });
});

test.describe("buttons under a grid of cards", { tag: "@layout" }, () => {
  const CASES = [
    { path: "/", section: "#featured", name: "View Full Inventory" },
    { path: "/", section: "#contact", name: "Send us a message" },
    { path: "/about", section: "#contact", name: "Contact us" },
  ];
  for (const { path, section, name } of CASES) {
    test(`${path} ${section}: "${name}" keeps its distance from the cards above`, async ({ page }) => {
      await page.goto(path);
      const button = page.locator(section).getByRole("link", { name, exact: true });
      await expect(button).toBeVisible();
      const gap = await button.evaluate((b) => {
        const grid = b.closest("section")!.querySelector(".card-grid")!;
        const cardsBottom = Math.max(...[...grid.children].map((c) => c.getBoundingClientRect().bottom));
        return b.getBoundingClientRect().top - cardsBottom;
      });
      expect(gap).toBeGreaterThanOrEqual(16);
    });
  }
});

test.describe("lineup card buttons", { tag: "@layout" }, () => {
  for (const [path, section] of [
    ["/denago", "#lineup"],
    ["/evolution", "#featured"],
  ] as const) {
    test(`${path}: "View Details" and "Get Quote" each stay on one line`, async ({ page, isMobile }) => {
      await page.goto(path);
      const buttons = page.locator(`${section} .actions--card a`);
      await expect(buttons).toHaveCount(12);
      for (const width of widths(isMobile)) {
        await page.setViewportSize({ width, height: 900 });
        await frames(page);
        const lines = await buttons.evaluateAll((as) =>
          as.map((a) => {
            const range = document.createRange();
            range.selectNodeContents(a.firstChild!);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            return `${a.firstChild!.textContent}: ${tops.size}`;
          }),
        );
        for (const l of lines) expect(l, `${path} at ${width} px`).toMatch(/: 1$/);
      }
    });
  }
});

declare global {
  interface Window {
    shifts: { value: number; at: number }[];
  }
}

test("eco calculator: nothing moves when the celebration banner comes or goes", { tag: "@layout" }, async ({ page }) => {
  await page.addInitScript(() => {
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) window.shifts.push({ value: e.value, at: e.startTime });
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/eco-impact");
  const calc = page.locator("gc-eco-calculator");
  const button = calc.getByRole("button", { name: "Calculate Impact" });
  await expect(button).toBeEnabled();
  // The form at the top of the screen, so the results come into view under it.
  await calc.evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
  const banner = calc.getByText("Great Choice for the Environment!");
  const results = calc.getByRole("region", { name: "Your eco impact" });
  const resultsTop = () => results.evaluate((el) => Math.round(el.querySelector("dl")!.getBoundingClientRect().top + scrollY));

  for (const run of [1, 2]) {
    await button.click();
    await expect(banner).toBeVisible();
    await frames(page);
    const top = await resultsTop();
    const before = await page.evaluate(() => window.shifts.length);
    await expect(banner).toBeHidden({ timeout: 5_000 });
    await frames(page);
    expect(await resultsTop(), `run ${run}: the figures stay where they were`).toBe(top);
    expect(await page.evaluate((n) => window.shifts.slice(n), before), `run ${run}: layout shifts while the banner showed and hid`).toEqual([]);
  }
});

test.describe("/inventory", { tag: "@layout" }, () => {
  test("the served filter bar and grid are where the running widget puts them", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/widgets/inventory.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/inventory", { waitUntil: "commit" });
    const widget = page.locator("gc-inventory");
    const firstCard = widget.locator("li.card").first();
    await expect(firstCard).toBeVisible();
    await frames(page);
    // Before the widget runs: its filter bar is served above the count line and the cards.
    await expect(widget.getByRole("search", { name: "Filter vehicles" })).toBeVisible();
    const cardTop = await firstCard.evaluate((el) => Math.round(el.getBoundingClientRect().top + scrollY));

    release();
    await expectRunning(widget);
    await frames(page);
    expect(await firstCard.evaluate((el) => Math.round(el.getBoundingClientRect().top + scrollY))).toBe(cardTop);
    // Running: the served controls still work as served (a GET form: the choice is a page of its own).
    await widget.getByLabel("Brand").selectOption("denago");
    await widget.getByRole("button", { name: "Show results" }).click();
    await expect(page).toHaveURL(/[?&]brand=denago/);
    await expect(widget.getByRole("status")).toHaveText(/^Showing \d+ of \d+ vehicles/);
  });
});

test("vehicle pages share their own vehicle's image", async ({ request }) => {
  for (const id of ["denago-ev-city", "evolution-d6-max-xt4"]) {
    const html = await (await request.get(`/vehicle/${id}`)).text();
    const content = (key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
    // A raster (Facebook and X show no SVG): the drawing as a PNG.
    const image = `${BUSINESS.siteUrl}/share/images/vehicles/${id}.png`;
    expect(content("og:image"), id).toBe(image);
    expect(content("twitter:image"), id).toBe(image);
    expect(content("og:image:alt"), id).toMatch(/EV City|D6 Max XT4/);
    // The image is served, at the path the tag names.
    const served = await request.get(new URL(image).pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
  }
});

test("the footer's Sitemap opens an HTML page listing every public page; sitemap.xml stays", async ({ page, request }) => {
  await page.goto("/");
  await page.locator(".footer-bottom").getByRole("link", { name: "Sitemap", exact: true }).click();
  await expect(page).toHaveURL(/\/sitemap$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitemap");
  const xml = await request.get("/sitemap.xml");
  expect(xml.headers()["content-type"]).toContain("xml");
  const paths = [...(await xml.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
  expect(paths.length).toBeGreaterThan(80);
  const linked = new Set(await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))));
  // Every page but the vehicles', which it reaches through the inventory by brand and series (not 3,500 links at a group's size).
  expect(paths.filter((p) => p !== "/sitemap" && !p.startsWith("/vehicle/") && !linked.has(p))).toEqual([]);
  expect(linked).toContain("/inventory?brand=denago");
  expect(linked).toContain("/inventory?brand=evolution&category=ranger");
});

test("the showroom's cards link what a visitor expects: reviews on a review site, and no link back to the home page", async ({ page }) => {
  await page.goto("/showroom");
  const cards = page.locator("#locations article");
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card.locator('a[href="/"]')).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Website" })).toHaveCount(0);
    const review = card.getByRole("link", { name: /review/i });
    await expect(review).toHaveCount(1);
    await expect(review).toHaveAttribute("href", `${BUSINESS.social.facebook}/reviews`);
    await expect(review).toHaveAttribute("target", "_blank");
  }
});
