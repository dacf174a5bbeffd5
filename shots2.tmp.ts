import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium";
const SITE = "http://localhost:4460";
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, deviceScaleFactor: width === 390 ? 3 : 1, isMobile: width === 390, hasTouch: width === 390 });
  const page = await ctx.newPage();
  page.on("console", (m) => console.log("console", m.type(), m.text()));
  page.on("requestfailed", (r) => console.log("failed", r.url(), r.failure()?.errorText));
  await page.goto(`${SITE}/staff`);
  await page.getByLabel("Email").fill("shots@example.com");
  await page.getByLabel("Password").fill("shotpass-long-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Inventory" }).waitFor();
  await page.goto(`${SITE}/staff/vehicles/denago-ev-city`);
  const photos = page.getByRole("region", { name: "Photos" });
  await photos.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll(".photo-list img")].every((i) => (i as HTMLImageElement).complete));
  console.log(await page.locator(".photo-list img").evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).currentSrc, (i as HTMLImageElement).naturalWidth])));
  await photos.screenshot({ path: `.tmp/shot-console-photos-${width}.png` });
  await ctx.close();
}
await browser.close();
