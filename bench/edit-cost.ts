/**
 * npx tsx bench/edit-cost.ts SITES UNITS: the CPU one price edit costs the site's pages in one process, readers'
 * renders included. SITES sites share UNITS units; after each of 20 edits to a random unit, every site's
 * `/`, `/inventory` and one vehicle page are read (brotli, as browsers ask). Prints the median and the worst edit.
 * Not a part of `npm run bench` (which measures over HTTP): a quick look at what an edit costs the renderer.
 */
import { benchSites } from "./lib/bench-sites";
import type { VehicleChange } from "../api/store/vehicle-store";
import { bigCatalogue } from "../domain/testing/big-catalogue";
import type { Vehicle } from "../domain/vehicle";
import { UNBUILT_ASSETS } from "../host-site/lib/assets";
import { SitePages } from "../host-site/server/site-pages";

const [siteCount, units] = [Number(process.argv[2] ?? 45), Number(process.argv[3] ?? 3_500)];
const EDITS = 20;
let vehicles: Vehicle[] = bigCatalogue(units);
const listeners = new Set<(change?: VehicleChange) => void>();
const feed = {
  all: () => vehicles,
  onChange(listener: (change?: VehicleChange) => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
const sites = benchSites(siteCount);
const pages = new SitePages(feed, { onChange: () => () => {} }, UNBUILT_ASSETS);
const readAll = () => {
  for (const s of sites) {
    pages.page(s, "/")!.bytesSync("br");
    pages.inventory(s, {}).body.bytesSync("br");
    pages.vehicle(s, vehicles[7]!.id)!.body.bytesSync("br");
  }
};
readAll();
readAll();
const times: number[] = [];
for (let edit = 0; edit < EDITS; edit++) {
  const i = Math.floor(Math.random() * vehicles.length);
  const previous = vehicles[i]!;
  const vehicle = { ...previous, price: previous.price + 1 };
  const started = process.cpuUsage();
  vehicles = vehicles.slice();
  vehicles[i] = vehicle;
  for (const l of listeners) l({ action: "update", vehicle, previous });
  readAll();
  const used = process.cpuUsage(started);
  times.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
console.log(
  `${siteCount} sites × ${units} units: CPU per edit, reads included, median ${times[EDITS / 2]!.toFixed(1)} ms, worst ${times.at(-1)!.toFixed(1)} ms`,
);
