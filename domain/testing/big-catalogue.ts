import { seedCatalogue } from "../catalogue";
import type { Vehicle } from "../vehicle";

/**
 * A dealer group's catalogue of `size` units for tests and benchmarks: the seed's vehicles again and again, each copy
 * with its own id, name, stock number and price, and not featured (the scale tests measure 35, 350 and 3,500). The seed's own units come
 * first, unchanged.
 */
export function bigCatalogue(size: number): Vehicle[] {
  const seed = seedCatalogue().filter((v) => v.status !== "sold");
  return Array.from({ length: size }, (_, i) => {
    const v = seed[i % seed.length]!;
    const copy = Math.floor(i / seed.length);
    // A group features a handful of units on its home page, not every copy of the seed's featured three.
    if (copy === 0) return v;
    // Stock numbers are unique in a catalogue: each copy's is the seed's with its copy number.
    const stockNumber = v.stockNumber === undefined ? undefined : `${v.stockNumber}-${copy}`;
    return { ...v, id: `${v.id}-${copy}`, name: `${v.name} #${copy}`, ...(stockNumber ? { stockNumber } : {}), price: v.price + copy, featured: false };
  });
}
