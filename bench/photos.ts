/**
 * The photo pipeline: one 12-megapixel phone JPEG (4032×3024, EXIF
 * orientation 6, GPS, about 3 MB, textured at every scale) through processPhoto, the
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
  /** CPU time of the process (all threads) per photo, median: what the photo costs whatever else runs on the machine. */
  medianCpuMs: number;
  /** Served file → bytes, from the last round. */
  files: { name: string; bytes: number }[];
}

export async function benchPhotos({ rounds }: { rounds: number }, log: (line: string) => void): Promise<PhotosResults> {
  const input = await phoneJpeg();
  // One round unmeasured: libvips loads its codecs on first use.
  await processPhoto(input);
  const times: number[] = [];
  const cpu: number[] = [];
  let files: PhotosResults["files"] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const out = await processPhoto(input);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    files = [...out.files].map(([name, bytes]) => ({ name: name.replace(out.photo.key, "{key}"), bytes: bytes.length }));
    log(`photos: round ${i + 1}/${rounds}: ${Math.round(times.at(-1)!)} ms (CPU ${Math.round(cpu.at(-1)!)} ms)`);
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  return { rounds, inputBytes: input.length, medianMs: median(times), maxMs: Math.round(Math.max(...times)), medianCpuMs: median(cpu), files };
}
