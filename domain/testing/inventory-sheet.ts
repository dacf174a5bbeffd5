import { vinCheckDigit } from "../vin";
import type { Vehicle } from "../vehicle";

const COLOURS = ['Crème, "Brûlée"', "Lime Green", "Noir Métallisé", "Arctic White"] as const;
const STATUSES = ["available", "on-hold", "sold"] as const;

/** A valid 17-character VIN for unit `i`: a fixed maker's prefix, the unit's number, and its check digit. */
export function testVin(i: number): string {
  const draft = `1HGCM8260${String(i).padStart(8, "0")}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/**
 * `count` units a dealer's spreadsheet could hold, none of them in the seed: accents, commas, quotes and line breaks
 * in their cells, VINs and serials, every status and condition, some on a lot (`location`) and some not. For the
 * import's tests and its bench; `prefix` keeps the stock numbers of two batches apart.
 */
export function sheetUnits(count: number, { prefix = "CSV", location = "sussex-coast" }: { prefix?: string; location?: string } = {}): Vehicle[] {
  return Array.from({ length: count }, (_, i): Vehicle => {
    const condition = i % 2 ? "used" : "new";
    return {
      id: `${prefix.toLowerCase()}-${i}`,
      name: `Runabout ${(i % 5) + 2}`,
      brand: "Acmé Carts",
      category: "Golf Carts",
      description: `Unit ${i}, ready to drive.\nSeats, lights and a "premium" top.`,
      price: 8_000 + i,
      images: [],
      inStock: true,
      features: [],
      specifications: { seatingCapacity: 2 + (i % 3) * 2, range: i % 2 ? 35 : "40 miles" },
      featured: false,
      status: STATUSES[i % STATUSES.length]!,
      condition,
      isNew: condition === "new",
      stockNumber: `${prefix}-${i}`,
      ...(i % 2 ? { serialNumber: `SN ${i}` } : { vin: testVin(i) }),
      year: 2020 + (i % 7),
      color: COLOURS[i % COLOURS.length],
      cost: 6_000 + i,
      receivedAt: `2026-10-${String(1 + (i % 28)).padStart(2, "0")}`,
      ...(i % 4 ? { location } : {}),
    };
  });
}
