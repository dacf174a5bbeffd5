import { describe, expect, it } from "vitest";
import { parsePhoto, photoFiles, photoSrc, pictureSet, pictureSizes, shownImages, withPhotoAdded } from "./photo";

const PORTRAIT = "/photos/0123456789abcdef0123-3024x4032.jpg";
const SMALL = "/photos/aaaaaaaaaaaaaaaaaaaa-700x500.jpg";
const DRAWING = "/images/vehicles/cart.svg";

describe("photo image entries", () => {
  it("parse only the share-JPEG path of an uploaded photo", () => {
    expect(parsePhoto(PORTRAIT)).toEqual({ key: "0123456789abcdef0123-3024x4032", hash: "0123456789abcdef0123", width: 3024, height: 4032 });
    expect(photoSrc(parsePhoto(PORTRAIT)!)).toBe(PORTRAIT);
    for (const other of [
      DRAWING,
      "https://cdn.example/x.jpg",
      "/photos/0123-3024x4032.jpg",
      "/photos/0123456789abcdef0123-0x4032.jpg",
      `${PORTRAIT}?x`,
      `/x${PORTRAIT}`,
    ]) {
      expect(parsePhoto(other), other).toBeUndefined();
    }
  });

  it("name every served file: AVIF and WebP at the standard widths, never wider than the original, and the share JPEG", () => {
    expect(photoFiles(parsePhoto(SMALL)!)).toEqual([
      "aaaaaaaaaaaaaaaaaaaa-700x500-480.avif",
      "aaaaaaaaaaaaaaaaaaaa-700x500-640.avif",
      "aaaaaaaaaaaaaaaaaaaa-700x500-700.avif",
      "aaaaaaaaaaaaaaaaaaaa-700x500-480.webp",
      "aaaaaaaaaaaaaaaaaaaa-700x500-640.webp",
      "aaaaaaaaaaaaaaaaaaaa-700x500-700.webp",
      "aaaaaaaaaaaaaaaaaaaa-700x500.jpg",
    ]);
  });

  it("build a <picture> set with intrinsic size, and leave a drawing as it is", () => {
    const set = pictureSet(PORTRAIT, "card", { width: 800, height: 500 }, (p) => `https://dealer.example${p}`);
    expect(set.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(set.sources[1]!.srcSet).toBe(
      "https://dealer.example/photos/0123456789abcdef0123-3024x4032-480.webp 480w, https://dealer.example/photos/0123456789abcdef0123-3024x4032-640.webp 640w, https://dealer.example/photos/0123456789abcdef0123-3024x4032-960.webp 960w, https://dealer.example/photos/0123456789abcdef0123-3024x4032-1600.webp 1600w",
    );
    expect([set.src, set.width, set.height, set.sizes]).toEqual([
      `https://dealer.example${PORTRAIT}`,
      1600,
      2133,
      "(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw",
    ]);
    expect(pictureSet(DRAWING, "card", { width: 800, height: 500 })).toEqual({
      sources: [],
      src: DRAWING,
      width: 800,
      height: 500,
      sizes: pictureSizes("card"),
    });
  });

  it("size a photo fitted into the detail box by its shape: a landscape one fills it, a portrait one takes less", () => {
    expect(pictureSizes("detail", { width: 1600, height: 1000 })).toBe("(min-width: 1240px) 640px, (min-width: 760px) 55vw, 100vw");
    expect(pictureSizes("detail", { width: 3024, height: 4032 })).toBe("(min-width: 1240px) 300px, (min-width: 760px) 26vw, 47vw");
    expect(pictureSizes("card", { width: 3024, height: 4032 })).toBe(pictureSizes("card"));
  });

  it("show the photos when there are any (drawings only otherwise), and add a new photo after the others", () => {
    expect(shownImages([DRAWING])).toEqual([DRAWING]);
    expect(shownImages([DRAWING, PORTRAIT, SMALL])).toEqual([PORTRAIT, SMALL]);
    expect(withPhotoAdded([DRAWING], PORTRAIT)).toEqual([PORTRAIT, DRAWING]);
    expect(withPhotoAdded([PORTRAIT, DRAWING], SMALL)).toEqual([PORTRAIT, SMALL, DRAWING]);
    expect(withPhotoAdded([PORTRAIT, DRAWING], PORTRAIT)).toEqual([PORTRAIT, DRAWING]);
  });
});
