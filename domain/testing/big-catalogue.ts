import { seedCatalogue } from "../catalogue";
import type { Vehicle } from "../vehicle";

/**
 * A dealer group's catalogue of `size` units for tests and benchmarks: the seed's vehicles again and again, each copy
 * with its own id, name and price (issue 27 measures 35, 350 and 3,500). The seed's own units come first, unchanged.
 */
export function bigCatalogue(size: number): Vehicle[] {
  const seed = seedCatalogue().filter((v) => v.status !== "sold");
  return Array.from({ length: size }, (_, i) => {
    const v = seed[i % seed.length]!;
    const copy = Math.floor(i / seed.length);
    return copy === 0 ? v : { ...v, id: `${v.id}-${copy}`, name: `${v.name} #${copy}`, price: v.price + copy };
  });
}
