import { seedCatalogue } from "../catalogue";
import type { Vehicle } from "../vehicle";

/**
 * A dealer group's catalogue of `size` units for tests and benchmarks: the seed's vehicles again and again, each copy
 * with its own id, name and price, and not featured (issue 27 measures 35, 350 and 3,500). The seed's own units come
 * first, unchanged.
 */
export function bigCatalogue(size: number): Vehicle[] {
  const seed = seedCatalogue().filter((v) => v.status !== "sold");
  return Array.from({ length: size }, (_, i) => {
    const v = seed[i % seed.length]!;
    const copy = Math.floor(i / seed.length);
    // A group features a handful of units on its home page, not every copy of the seed's featured three.
    return copy === 0 ? v : { ...v, id: `${v.id}-${copy}`, name: `${v.name} #${copy}`, price: v.price + copy, featured: false };
  });
}
