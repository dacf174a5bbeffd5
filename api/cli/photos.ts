/**
 * npm run photos -- regenerate [--id VEHICLE_ID]
 * Encodes every photo a vehicle shows again from the original kept under
 * PHOTOS_DIR/originals (DATA_DIR/photos by default, as the server's), with the pipeline as it is now (widths, formats,
 * quality: api/photos/pipeline.ts). When PIPELINE_VERSION changed, the files
 * get new names and the vehicles' image entries are rewritten to them in
 * catalogue.json: run it with the server stopped, which then removes the old
 * files at its next start.
 */
import { parseArgs } from "node:util";
import { parsePhoto } from "../../domain/photo";
import { loadConfig } from "../config";
import { PhotoStore } from "../store/photo-store";
import { openVehicleStore } from "../store/vehicle-store";

const USAGE = "Usage: npm run photos -- regenerate [--id VEHICLE_ID]";

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { id: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help || positionals[0] !== "regenerate" || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  // DATA_DIR, PHOTOS_DIR and PHOTO_ORIGINALS as the server reads them.
  const { dataDir, photosDir, photoOriginals } = loadConfig();
  const vehicles = await openVehicleStore(dataDir);
  const photos = new PhotoStore(photosDir, { originals: photoOriginals });
  const chosen = vehicles.all().filter((v) => !values.id || v.id === values.id);
  if (values.id && !chosen.length) {
    console.error(`No vehicle ${values.id} in ${dataDir}`);
    return 1;
  }
  let count = 0;
  let failed = 0;
  for (const vehicle of chosen) {
    const renamed = new Map<string, string>();
    for (const src of vehicle.images.filter((s) => parsePhoto(s))) {
      const started = performance.now();
      try {
        const stored = await photos.regenerate(src);
        if (stored.src !== src) renamed.set(src, stored.src);
        count++;
        console.log(`${vehicle.id}: ${stored.src} (${Math.round(performance.now() - started)} ms)`);
      } catch (err) {
        failed++;
        console.error(`${vehicle.id}: ${src} not regenerated: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (renamed.size) {
      const images = vehicle.images.map((s) => renamed.get(s) ?? s);
      await vehicles.replace(vehicle.id, { ...vehicle, images }, vehicles.etag(vehicle));
      console.log(`${vehicle.id}: image entries renamed to the new files`);
    }
  }
  console.log(`${count} photo(s) regenerated in ${dataDir}${failed ? `; ${failed} failed` : ""}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
