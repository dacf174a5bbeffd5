/**
 * The public site's facts, as a visitor, a link
 * preview or a crawler meets them: a used cart is used everywhere, a price is
 * whole dollars, "Get Quote" lands on the form, the town call button says its
 * number once, and a vehicle's share image is a raster the server serves.
 */
import { BUSINESS } from "../../domain/business";
import { TOWNS } from "../../domain/towns";
import { expect, test } from "./staff-fixtures";

/** The content of `<meta property|name="key">` in served HTML. */
const metaContent = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1];

/** A PNG's or a JPEG's size, read from its own bytes. */
function imageSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.subarray(1, 4).toString("latin1") === "PNG") return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  for (let i = 2; i + 9 < bytes.length;) {
    const marker = bytes[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return undefined;
}

test("a cart saved as used with its old NEW flag shows no NEW badge, and its JSON-LD and product tag say used", async ({ page, makeVehicle }) => {
  const v = await makeVehicle({ condition: "used", isNew: true, inStock: true });
  expect(v.isNew).toBe(false);
  await page.goto(`/vehicle/${v.id}`);
  const detail = page.locator("gc-vehicle-detail");
  await expect(detail.getByRole("heading", { level: 2, name: v.name })).toBeVisible();
  await expect(detail.getByText("NEW", { exact: true })).toHaveCount(0);
  await expect(detail.getByText("In Stock", { exact: true })).toBeVisible();
  await expect(page.locator('meta[property="product:condition"]')).toHaveAttribute("content", "used");
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { "@type": string; offers?: { itemCondition: string } },
  );
  expect(ld.find((d) => d["@type"] === "Vehicle")?.offers?.itemCondition).toBe("https://schema.org/UsedCondition");
});

test("the API refuses a price with cents and says the rule in words", async ({ ownerApi, makeVehicle }) => {
  const v = await makeVehicle();
  const res = await ownerApi.post("/api/staff/vehicles", { data: { ...v, id: `${v.id}-cents`, price: 7995.99 } });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { fields: Record<string, string> }).fields.price).toBe("Price must be a whole number of dollars from $1 to $250,000");
});

for (const width of [1280, 390]) {
  test(`following a "Get Quote" link lands on the contact form, in view, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto("/denago");
    await page
      .locator("#lineup")
      .getByRole("link", { name: /^Get Quote/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/contact\?vehicle=[a-z0-9-]+#send-a-message$/);
    const form = page.getByRole("region", { name: "Send us a message" });
    await expect(form.getByRole("heading", { name: "Send us a message" })).toBeInViewport();
    await expect(form.getByLabel("First Name")).toBeInViewport();
  });
}

test("a town page's call button says the number once", async ({ page }) => {
  const town = TOWNS[0]!;
  await page.goto(town.url);
  await expect(page.locator(".hero").getByRole("link", { name: /^Call/ })).toHaveAccessibleName(`Call ${BUSINESS.phones.main.display}`);
});

test("a vehicle's share image is a raster the server serves, with its type and size in the tags", async ({ request }) => {
  for (const path of ["/vehicle/denago-ev-rover-xl6", "/vehicle/evolution-d5-ranger-6-plus"]) {
    const html = await (await request.get(path)).text();
    const image = metaContent(html, "og:image")!;
    expect(image, path).toMatch(/\.(png|jpg)$/);
    expect(metaContent(html, "twitter:image")).toBe(image);
    const res = await request.get(new URL(image).pathname);
    expect(res.status(), image).toBe(200);
    expect(res.headers()["content-type"]).toBe(metaContent(html, "og:image:type"));
    expect(res.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
    expect(imageSize(await res.body())).toEqual({ width: Number(metaContent(html, "og:image:width")), height: Number(metaContent(html, "og:image:height")) });
  }
});

test("the share route draws only the site's drawings: anything else answers 404", async ({ request }) => {
  const paths = [
    "/share/images/nope.png",
    "/share/images/..%2f..%2fpackage.png",
    "/share/images/og-default.svg",
    "/share/images/vehicles/denago-ev-city.svg.png",
  ];
  for (const path of paths) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"], path).not.toMatch(/^image\//);
  }
});
