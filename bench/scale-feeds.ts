/**
 * The listing feeds at scale: with `units` units on one site, the
 * time to write each feed after a catalogue change (its first request) and to
 * serve it again (from the rendering, until the next change), and its size.
 * In process, through the site's page cache (host-site/server/site-pages.ts),
 * as the server answers /feeds/*; medians over `rounds` changes.
 */
import { performance } from "node:perf_hooks";
import { seedCatalogue } from "../domain/catalogue";
import { firstSite } from "../domain/site-seed";
import type { Vehicle } from "../domain/vehicle";
import { UNBUILT_ASSETS } from "../host-site/lib/assets";
import { LISTING_FEEDS } from "../host-site/server/feeds/listing-feeds";
import type { CatalogueFeed } from "../host-site/server/live-pages";
import { SitePages } from "../host-site/server/site-pages";
import { table } from "./lib/markdown-table";

export interface FeedsSettings {
  units: number;
  rounds: number;
}

export interface FeedsResults {
  units: number;
  rounds: number;
  cases: { feed: string; writeMedianMs: number; servedAgainMedianMs: number; bytes: number }[];
}

/** `n` units made from the seed's models, each its own stock number, a tenth on hold and one in twenty sold. */
function lot(n: number): Vehicle[] {
  const models = seedCatalogue();
  return Array.from({ length: n }, (_, i) => {
    const m = models[i % models.length]!;
    const status = i % 20 === 19 ? "sold" : i % 10 === 9 ? "on-hold" : "available";
    // Each unit with a photo of its own (the hash its number), as the feeds carry only units with one.
    const photo = `/photos/${i.toString(16).padStart(20, "0")}-1600x1200.jpg`;
    return { ...m, id: `${m.id}-u${i}`, stockNumber: `U-${10_000 + i}`, cost: 5_000 + i, status, images: [photo, ...m.images] } as Vehicle;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t: number) => Math.round(t * 100) / 100;

export async function benchFeeds({ units, rounds }: FeedsSettings, log: (line: string) => void): Promise<FeedsResults> {
  let vehicles = lot(units);
  const listeners = new Set<() => void>();
  const catalogue: CatalogueFeed = { all: () => vehicles, onChange: (l) => (listeners.add(l), () => listeners.delete(l)) };
  const pages = new SitePages(catalogue, { onChange: () => () => {} }, UNBUILT_ASSETS);
  const site = firstSite();
  const writes = new Map<string, number[]>();
  const again = new Map<string, number[]>();
  const bytes = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    // A change (one price) drops the rendering; each feed's first request writes it.
    vehicles = vehicles.map((v, i) => (i === round ? { ...v, price: v.price + 1 } : v));
    listeners.forEach((l) => l());
    pages.page(site, "/inventory");
    for (const [path, feed] of Object.entries(LISTING_FEEDS)) {
      let t = performance.now();
      const text = pages.feed(site, path, feed).identity;
      writes.set(path, [...(writes.get(path) ?? []), performance.now() - t]);
      t = performance.now();
      pages.feed(site, path, feed);
      again.set(path, [...(again.get(path) ?? []), performance.now() - t]);
      bytes.set(path, Buffer.byteLength(text));
    }
    await new Promise((r) => setImmediate(r));
  }
  const cases = Object.keys(LISTING_FEEDS).map((feed) => ({
    feed,
    writeMedianMs: ms(median(writes.get(feed)!)),
    servedAgainMedianMs: ms(median(again.get(feed)!)),
    bytes: bytes.get(feed)!,
  }));
  for (const c of cases) log(`feeds: ${c.feed} with ${units} units: written in ${c.writeMedianMs} ms, again ${c.servedAgainMedianMs} ms, ${c.bytes} bytes`);
  return { units, rounds, cases };
}

/** The report's section. */
export function feedsMarkdown(r: FeedsResults): string[] {
  return [
    "",
    `## Listing feeds: ${r.units} units on one site, median of ${r.rounds} catalogue change(s)`,
    "",
    "Written once per catalogue change, on the feed's first request; served from memory until the next change.",
    "",
    table(
      ["Feed", "Written (ms)", "Served again (ms)", "Size (kB)"],
      r.cases.map((c) => [c.feed, c.writeMedianMs, c.servedAgainMedianMs, Math.round(c.bytes / 1024)]),
    ),
  ];
}
