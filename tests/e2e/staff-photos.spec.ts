/**
 * Photos from the lot, end to end against the real server: a
 * phone photo uploaded through the console's form reaches the vehicle page,
 * the widgets and a strict-CSP partner page as small, upright AVIF/WebP files
 * without metadata; refused files answer as stated and leave nothing behind.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { PIPELINE_VERSION } from "../../api/photos/pipeline";
import { hasGps, phoneJpeg, pngClaiming } from "../../api/testing/phone-photo";
import { parsePhoto, photoFiles } from "../../domain/photo";
import type { Vehicle } from "../../domain/vehicle";
import { DEMO, E2E_DATA_DIR, SITE } from "../../playwright.config";
import { expect, test } from "./staff-fixtures";

const PHOTOS_DIR = path.join(E2E_DATA_DIR, "photos");
let phone: Buffer;
let files: string;
test.beforeAll(async () => {
  phone = await phoneJpeg();
  files = await mkdtemp(path.join(os.tmpdir(), "gc-photos-"));
  await writeFile(path.join(files, "IMG_0001.jpg"), phone);
});
test.afterAll(() => rm(files, { recursive: true, force: true }));

/** Whether anything of these bytes was stored: their hash names every file an upload keeps. */
function storedAnything(bytes: Buffer): boolean {
  const hash = createHash("sha256").update(`photo-pipeline-${PIPELINE_VERSION}\0`).update(bytes).digest("hex").slice(0, 20);
  return ["public", "originals"].some(
    (dir) => existsSync(path.join(PHOTOS_DIR, dir)) && readdirSync(path.join(PHOTOS_DIR, dir)).some((f) => f.startsWith(hash)),
  );
}

test(
  "a phone photo uploaded in the console is served upright, without EXIF, as the smallest AVIF that fills its place",
  { tag: "@layout" },
  async ({ signedInPage: page, makeVehicle, ownerApi, request }, testInfo) => {
    // sharp turns a 12 MP photo into 9 files before the pages can show it: 10-20 s when 8 test runs share the 2-core machine.
    test.setTimeout(120_000);
    const input = await sharp(phone).metadata();
    expect([input.width, input.height, input.orientation, hasGps(input.exif)]).toEqual([4032, 3024, 6, true]);
    const v = await makeVehicle();

    // The console: choose the file; a progress bar follows it; it becomes the main photo.
    await page.goto(`/staff/vehicles/${v.id}`);
    await expect(page.getByRole("heading", { name: `Edit ${v.name}` })).toBeVisible();
    const photos = page.getByRole("region", { name: "Photos" });
    await expect(photos.getByText("No photos yet.")).toBeVisible();
    await photos.getByLabel("Choose photos").setInputFiles(path.join(files, "IMG_0001.jpg"));
    const upload = photos.getByRole("list", { name: "Uploads" }).getByRole("listitem").filter({ hasText: "IMG_0001.jpg" });
    await expect(upload.getByRole("progressbar")).toBeVisible();
    await expect(upload).toContainText("Added", { timeout: 30_000 });
    await expect(photos.getByRole("list", { name: "Photos, main first" }).getByRole("listitem")).toHaveCount(1);
    await expect(photos.getByText("Main photo")).toBeVisible();
    // The camera is offered on a phone: a picker that asks for it.
    await expect(photos.getByLabel("Take a photo")).toHaveAttribute("capture", "environment");

    const stored = (await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle;
    const src = stored.images[0]!;
    expect(src).toMatch(/^\/photos\/[0-9a-f]{20}-3024x4032\.jpg$/);
    const photo = parsePhoto(src)!;

    // The vehicle page, re-rendered after the upload: its main image is the photo, first and at high priority.
    const photoRequests: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/photos/")) photoRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(`/vehicle/${v.id}`);
    const main = page.locator("gc-vehicle-detail").locator('[part="image"] img');
    await expect(main).toHaveJSProperty("complete", true);
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const seen = await main.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      // Fitted (object-fit: contain) into its box: the photo's painted width.
      const painted = Math.min(box.width, (box.height * img.naturalWidth) / img.naturalHeight);
      return { current: img.currentSrc, natural: [img.naturalWidth, img.naturalHeight], painted, dpr: devicePixelRatio };
    });
    const chosen = new URL(seen.current).pathname;
    expect(chosen).toMatch(new RegExp(`^/photos/${photo.key}-(480|640|960|1600)\\.avif$`));
    const width = Number(/-(\d+)\.avif$/.exec(chosen)![1]);
    // Upright (portrait, as the phone was held), and no wider than needed: the next smaller width would be blurred.
    expect(seen.natural[1]).toBeGreaterThan(seen.natural[0]!);
    const needed = seen.painted * seen.dpr;
    const smaller = [480, 640, 960, 1600].filter((w) => w < width).pop() ?? 0;
    expect(width, `painted ${Math.round(seen.painted)} px at DPR ${seen.dpr}`).toBeGreaterThanOrEqual(needed * 0.9);
    expect(smaller, `painted ${Math.round(seen.painted)} px at DPR ${seen.dpr}`).toBeLessThan(needed * 1.25);
    expect(width).toBeLessThan(1600);
    // One file for the main image, before and after the widget took over: no WebP beside the AVIF, no second width, no JPEG.
    expect(new Set(photoRequests)).toEqual(new Set([chosen]));

    // The served page (before any script) carries the same <picture> in the widget's declarative shadow root, the first image at high priority.
    const html = await (await request.get(`/vehicle/${v.id}`)).text();
    const prerendered = /<div class="main-image"[^>]*><picture>(.*?)<\/picture>/s.exec(html)?.[1] ?? "";
    expect(prerendered).toContain(
      `type="image/avif" srcSet="/photos/${photo.key}-480.avif 480w, /photos/${photo.key}-640.avif 640w, /photos/${photo.key}-960.avif 960w, /photos/${photo.key}-1600.avif 1600w"`,
    );
    expect(prerendered).toMatch(/<img loading="eager" fetchPriority="high" src="\/photos\/[^"]+\.jpg" alt="[^"]+" width="1600" height="2133"\/>/);

    // Shared links show the 1200 px JPEG; the JSON-LD lists it.
    const meta = (property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute("content");
    const ogImage = (await meta("og:image"))!;
    expect(new URL(ogImage).pathname).toBe(src);
    expect(ogImage).toMatch(/^https?:\/\//);
    expect(await meta("twitter:image")).toBe(await meta("og:image"));
    const product = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((t) => JSON.parse(t))
      .find((j) => j["@type"] === "Vehicle");
    expect(product.image).toEqual([ogImage]);

    // Every file served for the photo: no EXIF, no GPS, no XMP; the right size.
    for (const name of photoFiles(photo)) {
      const res = await request.get(`/photos/${name}`);
      expect(res.status(), name).toBe(200);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      const bytes = await res.body();
      const m = await sharp(bytes).metadata();
      expect([m.exif, m.xmp, m.iptc, m.orientation], name).toEqual([undefined, undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from("Exif\0\0")), name).toBe(false);
      expect(m.height! / m.width!).toBeCloseTo(4032 / 3024, 2);
    }
    const share = await sharp(await (await request.get(src)).body()).metadata();
    expect([share.format, share.width]).toEqual(["jpeg", 1200]);

    // Its inventory card: the portrait photo fills the card's 16:10 box, which keeps its shape.
    await page.goto(`/inventory?q=${encodeURIComponent(v.name)}`);
    const card = page.locator("gc-inventory").locator(".card", { hasText: v.name });
    await card.scrollIntoViewIfNeeded();
    const cardImg = card.locator(".media img");
    await expect
      .poll(() => cardImg.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(new RegExp(`/photos/${photo.key}-\\d+\\.avif$`));
    const media = (await card.locator(".media").boundingBox())!;
    expect(media.width / media.height).toBeCloseTo(1.6, 1);

    // A partner page under a strict Content-Security-Policy shows the photo from the dealer's origin.
    if (testInfo.project.name === "desktop") {
      const partner = await page.context().newPage();
      const violations: string[] = [];
      partner.on("console", (m) => m.type() === "error" && violations.push(m.text()));
      await partner.goto(`${DEMO}/strict-csp.html`);
      await partner.evaluate((id) => {
        const el = document.createElement("gc-vehicle-detail");
        el.setAttribute("vehicle-id", id);
        document.querySelector("main")!.append(el);
      }, v.id);
      const partnerImg = partner.locator(`gc-vehicle-detail[vehicle-id="${v.id}"]`).locator('[part="image"] img');
      await expect.poll(() => partnerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await partnerImg.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`^${SITE}/photos/${photo.key}-\\d+\\.avif$`));
      expect(violations).toEqual([]);
      await partner.close();
    }
  },
);

test("a portrait photo's thumbnail in the console shows the whole photo, not its middle", async ({ signedInPage: page, makeVehicle }) => {
  const v = await makeVehicle();
  // 600 × 1000, red along its top and blue along its bottom: a crop to the thumbnail's 16:10 box would lose both bands.
  const band = (colour: string) =>
    sharp({ create: { width: 600, height: 100, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const portrait = await sharp({ create: { width: 600, height: 1000, channels: 3, background: "#2e8b57" } })
    .composite([
      { input: await band("#ff0000"), top: 0, left: 0 },
      { input: await band("#0000ff"), top: 900, left: 0 },
    ])
    .jpeg()
    .toBuffer();
  await writeFile(path.join(files, "portrait.jpg"), portrait);
  await page.goto(`/staff/vehicles/${v.id}`);
  const photos = page.getByRole("region", { name: "Photos" });
  await photos.getByLabel("Choose photos").setInputFiles(path.join(files, "portrait.jpg"));
  const thumb = photos.getByRole("list", { name: "Photos, main first" }).getByRole("img", { name: "Photo 1" });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  const shown = await thumb.evaluate((img: HTMLImageElement) => ({ fit: getComputedStyle(img).objectFit, natural: img.naturalHeight / img.naturalWidth }));
  expect(shown.natural).toBeCloseTo(1000 / 600, 1);
  // What the member of staff sees: both bands, so the top and the bottom of the photo.
  const { data, info } = await sharp(await thumb.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = (test: (r: number, g: number, b: number) => boolean) => {
    let n = 0;
    for (let i = 0; i < data.length; i += info.channels) if (test(data[i]!, data[i + 1]!, data[i + 2]!)) n++;
    return n;
  };
  expect(
    pixels((r, g, b) => r > 180 && g < 90 && b < 90),
    "red pixels: the photo's top",
  ).toBeGreaterThan(50);
  expect(
    pixels((r, g, b) => b > 180 && r < 90 && g < 90),
    "blue pixels: the photo's bottom",
  ).toBeGreaterThan(50);
});

test("the console reorders photos (first = main), removes one and undoes a removal; the pages follow", async ({
  signedInPage: page,
  makeVehicle,
  ownerApi,
}) => {
  // Two photos through sharp (see above), then the pages after each change: 12 s when the machine is shared.
  test.setTimeout(90_000);
  const v = await makeVehicle();
  const colours = ["#c0392b", "#2e86c1"];
  await page.goto(`/staff/vehicles/${v.id}`);
  const photos = page.getByRole("region", { name: "Photos" });
  // Dropped on the drop zone, both at once.
  const drop = await page.evaluateHandle(() => new DataTransfer());
  for (const [i, colour] of colours.entries()) {
    const bytes = [
      ...(await sharp({ create: { width: 1000, height: 625, channels: 3, background: colour } })
        .png()
        .toBuffer()),
    ];
    await page.evaluate(([dt, b, n]) => dt.items.add(new File([new Uint8Array(b)], n, { type: "image/png" })), [drop, bytes, `colour-${i + 1}.png`] as const);
  }
  await photos.locator(".dropzone").dispatchEvent("drop", { dataTransfer: drop });
  const list = photos.getByRole("list", { name: "Photos, main first" }).getByRole("listitem");
  await expect(list).toHaveCount(2, { timeout: 30_000 });
  const images = async () => ((await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle).images;
  const [red, blue] = (await images()).slice(0, 2);

  await photos.getByRole("button", { name: "Move photo 2 earlier" }).click();
  await expect(photos.getByRole("status")).toHaveText("Photo 2 is now the main photo.");
  expect((await images()).slice(0, 2)).toEqual([blue, red]);
  await page.goto(`/vehicle/${v.id}`);
  await expect(page.locator("gc-vehicle-detail .main-image img")).toHaveAttribute("src", blue!);

  await page.goto(`/staff/vehicles/${v.id}`);
  await photos.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(photos.getByRole("status")).toContainText("Photo 1 removed.");
  await expect(list).toHaveCount(1);
  expect(await images()).toEqual([red, "/images/placeholder-vehicle.svg"]);
  // A removal is undone from its notice: the photo is back in its place, on the site too.
  await photos.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(photos.getByRole("status")).toHaveText("Photo 1 is back in its place.");
  await expect(list).toHaveCount(2);
  await expect(list.first().getByRole("img")).toHaveAttribute("alt", "Photo 1");
  expect(await images()).toEqual([blue, red, "/images/placeholder-vehicle.svg"]);
  expect((await page.request.get(blue!)).status()).toBe(200);
  await photos.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(photos.getByRole("status")).toContainText("Photo 1 removed.");
  await expect(list).toHaveCount(1);
  expect(await images()).toEqual([red, "/images/placeholder-vehicle.svg"]);
  // Saving the form keeps the photos: they are the panel's, not the form's.
  await page.getByLabel("Price").fill("10500");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Saved ${v.name}.`)).toBeVisible();
  expect(await images()).toEqual([red, "/images/placeholder-vehicle.svg"]);
});

test("refused files answer with their reason, in the console and the API, and leave nothing behind", async ({
  signedInPage: page,
  makeVehicle,
  ownerApi,
  consoleGuard,
}) => {
  // Each refused file goes through the console and the API, and one upload is over 25 MB: 12 s when the machine is shared.
  test.setTimeout(90_000);
  // The browser logs each refused upload's status; that is the point here.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of (400|413|415)/);
  const v = await makeVehicle();
  const refused: [string, Buffer, string][] = [
    [
      "cart.svg",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "This file is not a photo we can use: upload a JPEG, PNG or WebP image.",
    ],
    [
      "page.jpg",
      Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>"),
      "This file is not a photo we can use: upload a JPEG, PNG or WebP image.",
    ],
    ["brochure.pdf", Buffer.from("%PDF-1.7\n%%EOF\n"), "This file is not a photo we can use: upload a JPEG, PNG or WebP image."],
    ["cut.jpg", phone.subarray(0, phone.length >> 1), "This image could not be read: the file may be damaged or cut short. Try exporting it again."],
    ["huge.png", await pngClaiming(9000, 6000), "This image is 54 megapixels; the most we accept is 50. Resize it and try again."],
  ];
  await page.goto(`/staff/vehicles/${v.id}`);
  const photos = page.getByRole("region", { name: "Photos" });
  for (const [name, bytes] of refused) await writeFile(path.join(files, name), bytes);
  await photos.getByLabel("Choose photos").setInputFiles(refused.map(([name]) => path.join(files, name)));
  const uploads = photos.getByRole("list", { name: "Uploads" });
  for (const [name, , message] of refused) {
    await expect(uploads.getByRole("listitem").filter({ hasText: name }).getByRole("alert")).toHaveText(`Not added: ${message}`, { timeout: 30_000 });
  }
  await expect(photos.getByText("No photos yet.")).toBeVisible();

  // Over 25 MB: 413, from the API as a script would send it.
  const big = Buffer.alloc(25 * 1024 * 1024 + 1, 1);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  const tooBig = await ownerApi.post(`/api/staff/vehicles/${v.id}/photos`, { multipart: { photo: { name: "big.jpg", mimeType: "image/jpeg", buffer: big } } });
  expect(tooBig.status()).toBe(413);
  expect((await tooBig.json()).error).toBe("This file is larger than 25 MB: export a smaller photo and try again.");

  // Nothing stored: the vehicle is as it was, no file of any refused upload exists, and the server answers.
  expect(((await (await ownerApi.get(`/api/staff/vehicles/${v.id}`)).json()) as Vehicle).images).toEqual(v.images);
  for (const [name, bytes] of [...refused, ["big.jpg", big] as const]) expect(storedAnything(bytes), name).toBe(false);
  expect((await ownerApi.get("/api/health")).status()).toBe(200);
});
