import { describe, expect, it } from "vitest";
import { DEFAULT_SHARE, shareImage } from "./share-image";

describe("shareImage", () => {
  it.each([
    [
      "a photo: its share JPEG, 1200 px wide",
      "/photos/0123456789abcdef0123-4000x3000.jpg",
      { path: "/photos/0123456789abcdef0123-4000x3000.jpg", width: 1200, height: 900, type: "image/jpeg" },
    ],
    [
      "a small photo: its own width",
      "/photos/0123456789abcdef0123-800x600.jpg",
      { path: "/photos/0123456789abcdef0123-800x600.jpg", width: 800, height: 600, type: "image/jpeg" },
    ],
    [
      "a drawing: its PNG",
      "/images/vehicles/denago-ev-city.svg",
      { path: "/share/images/vehicles/denago-ev-city.png", width: 1200, height: 630, type: "image/png" },
    ],
    [
      "the placeholder drawing: its PNG",
      "/images/placeholder-vehicle.svg",
      { path: "/share/images/placeholder-vehicle.png", width: 1200, height: 630, type: "image/png" },
    ],
    ["an SVG elsewhere: the default", "https://cdn.example/cart.svg", DEFAULT_SHARE],
    ["a JPEG elsewhere, size unknown: the default", "https://cdn.example/cart.jpg", DEFAULT_SHARE],
    ["a path that climbs: the default", "/images/../secret.svg", DEFAULT_SHARE],
  ])("%s", (_what, src, expected) => expect(shareImage(src)).toEqual(expected));
});
