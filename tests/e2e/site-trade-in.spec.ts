/**
 * Trade-in: a visitor offers their own cart from a vehicle page, with a phone photo that carries the GPS
 * position where it was taken. Staff see the trade-in and its photo on the lead; the photo's address without a session
 * is refused; the stored photo has no EXIF and no GPS. At 1280 px, and at 390 px (@layout).
 */
import { randomBytes } from "node:crypto";
import { request as playwrightRequest, type Page } from "@playwright/test";
import sharp from "sharp";
import { hasGps, phoneJpeg } from "../../api/testing/phone-photo";
import { SITE } from "../../playwright.config";
import { expect, signedInApi, test } from "./staff-fixtures";

const CART = "evolution-d5-ranger-4";

/** The markers of a JPEG's segments before its image data (0xE1: APP1, where EXIF and XMP live). */
function jpegSegments(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at + 4 <= jpeg.length && jpeg[at] === 0xff; at += 2 + jpeg.readUInt16BE(at + 2)) {
    markers.push(jpeg[at + 1]!);
    if (jpeg[at + 1] === 0xda) break;
  }
  return markers;
}

/** Opens the trade-in form on the vehicle page, fills it in, adds the photo, and sends it; resolves to the visitor's e-mail. */
async function sendTradeIn(page: Page, photo: Buffer): Promise<string> {
  const email = `trade-${randomBytes(4).toString("hex")}@example.test`;
  await page.goto(`/vehicle/${CART}`);
  const detail = page.locator("gc-vehicle-detail");
  await detail.getByRole("button", { name: "Trade-in" }).click();
  const dialog = detail.getByRole("dialog", { name: "Trade in your cart" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Year").fill("2019");
  await dialog.getByLabel("Make").fill("Club Car");
  await dialog.getByLabel("Model").fill("Onward");
  await dialog.getByLabel("Condition").selectOption("good");
  await dialog.getByLabel("Hours or miles").fill("1200");
  await dialog.getByLabel("Add photos").setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(dialog.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: "Remove IMG_2041.jpg" })).toBeVisible();
  await dialog.getByLabel("First name").fill("Tess");
  await dialog.getByLabel("Last name").fill("Tradewell");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Phone").fill("302-555-0142");
  await dialog.getByRole("button", { name: "Send trade-in" }).click();
  await expect(dialog.getByRole("status")).toContainText("Thank you: your trade-in is with our sales team.");
  return email;
}

test("a trade-in with a GPS-tagged photo from a vehicle page reaches staff, its photo private and without GPS", async ({ page, owner, browser }) => {
  const photo = await phoneJpeg({ width: 800, height: 600 });
  expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as unknown as { gcActions: unknown[] }).gcActions = []);
    document.addEventListener("gc-action", (e) => seen.push((e as CustomEvent).detail));
  });
  const email = await sendTradeIn(page, photo);

  const api = await signedInApi(owner);
  const found = (await (await api.get(`/api/staff/leads?q=${encodeURIComponent(email)}`)).json()) as {
    leads: { id: string; kind: string; vehicleId: string; tradeIn: { photos: unknown[] } }[];
  };
  expect(found.leads).toHaveLength(1);
  const lead = found.leads[0]!;
  expect(lead).toMatchObject({ kind: "trade-in", vehicleId: CART });
  expect(lead.tradeIn.photos).toHaveLength(1);
  const photoUrl = `/api/staff/leads/${lead.id}/trade-in-photos/1`;

  // Staff see the trade-in and its photo on the lead.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await staff.goto("/staff");
  await staff.getByLabel("Email").fill(owner.email);
  await staff.getByLabel("Password").fill(owner.password);
  await staff.getByRole("button", { name: "Sign in" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
  await staff.goto(`/staff/leads/${lead.id}`);
  const tradeIn = staff.getByRole("region", { name: "Trade-in: 2019 Club Car Onward" });
  await expect(tradeIn).toContainText("Good: normal wear");
  await expect(tradeIn).toContainText("1,200 hours");
  const img = tradeIn.getByRole("img", { name: "Trade-in photo 1 of 1: 2019 Club Car Onward" });
  await expect(img).toHaveAttribute("src", photoUrl);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(600);
  await staff.screenshot({ path: test.info().outputPath("staff-lead-trade-in.png") });
  // On a phone the photo still loads beside the facts.
  await staff.setViewportSize({ width: 390, height: 844 });
  await tradeIn.scrollIntoViewIfNeeded();
  await expect(img).toBeVisible();
  await staff.screenshot({ path: test.info().outputPath("staff-lead-trade-in-390.png") });
  await staff.close();

  // The photo's address without a session is refused.
  const anonymous = await playwrightRequest.newContext({ baseURL: SITE });
  const refused = await anonymous.get(photoUrl);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: "Please sign in" });
  await anonymous.dispose();

  // The GPS is gone: no EXIF at all in the stored photo.
  const served = await api.get(photoUrl);
  expect(served.status()).toBe(200);
  const bytes = await served.body();
  const meta = await sharp(bytes).metadata();
  expect([meta.exif, hasGps(meta.exif), jpegSegments(bytes).includes(0xe1)]).toEqual([undefined, false, false]);
  expect([meta.width, meta.height]).toEqual([600, 800]);
  await api.dispose();

  expect(await page.evaluate(() => (window as unknown as { gcActions: unknown[] }).gcActions)).toContainEqual(
    expect.objectContaining({ widget: "gc-vehicle-detail", action: "trade-in" }),
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@layout the trade-in form fits a 390 px screen, previews the photo and sends", async ({ page, consoleGuard }) => {
    // The empty form's send is answered 400 with the fields' messages, which Chromium logs as a failed load.
    consoleGuard.allow(/the server responded with a status of 400/);
    const photo = await phoneJpeg({ width: 800, height: 600 });
    await page.goto(`/vehicle/${CART}`);
    await page.locator("gc-vehicle-detail").getByRole("button", { name: "Trade-in" }).click();
    const dialog = page.locator("gc-vehicle-detail").getByRole("dialog", { name: "Trade in your cart" });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByLabel("Add photos").setInputFiles({ name: "IMG_2042.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(dialog.locator("canvas")).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath("trade-in-phone.png") });
    await dialog.getByRole("button", { name: "Send trade-in" }).click();
    // Nothing typed yet: each field is named in words, and the photo is kept.
    await expect(dialog.getByText("Enter the make, like Club Car or EZGO")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Remove IMG_2042.jpg" })).toBeVisible();
    await page.keyboard.press("Escape");
    await sendTradeIn(page, photo);
  });
});
