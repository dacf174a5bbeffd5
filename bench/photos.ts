/**
 * The photo pipeline: one 12-megapixel phone JPEG (4032×3024, EXIF
 * orientation 6, GPS, about 6 MB with its grain) through processPhoto, the
 * code an upload runs (decode upright once, then AVIF and WebP at each
 * width and the 1200 px JPEG). Goal: under 3 s on the 2-core machine.
 */
import { processPhoto } from "../api/photos/pipeline";
import { phoneJpeg } from "../api/testing/phone-photo";

export interface PhotosResults {
  rounds: number;
  inputBytes: number;
  medianMs: number;
  maxMs: number;
  /** Served file → bytes, from the last round. */
  files: { name: string; bytes: number }[];
}

export async function benchPhotos({ rounds }: { rounds: number }, log: (line: string) => void): Promise<PhotosResults> {
  const input = await phoneJpeg();
  // One round unmeasured: libvips loads its codecs on first use.
  await processPhoto(input);
  const times: number[] = [];
  let files: PhotosResults["files"] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const out = await processPhoto(input);
    times.push(performance.now() - started);
    files = [...out.files].map(([name, bytes]) => ({ name: name.replace(out.photo.key, "{key}"), bytes: bytes.length }));
    log(`photos: round ${i + 1}/${rounds}: ${Math.round(times.at(-1)!)} ms`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { rounds, inputBytes: input.length, medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!), maxMs: Math.round(sorted.at(-1)!), files };
}
