/**
 * GET / while photos are encoded: the site's quiet throughput and p99, then the same while four staff
 * uploads are kept in flight, with PHOTO_ENCODING=parallel (every core, every file at once: before decision 0062) and
 * one-thread (the default). Goal: during uploads ≥ 0.8× the quiet throughput and a p99 ≤ 3× the quiet one.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addAccount } from "../api/testing/staff-client";
import { phoneJpeg } from "../api/testing/phone-photo";
import { startOurServer } from "./lib/child-server";
import { ratio, runLoad, type LoadFigures } from "./lib/load";
import { signIn } from "./lib/staff-session";

export interface PhotosLoadOptions {
  connections: number;
  durationSeconds: number;
  /** Uploads kept in flight during the second run (the queue admits 4). */
  uploads: number;
  ourMain: string;
}

export interface PhotosLoadCase {
  encoding: "parallel" | "one-thread";
  quiet: LoadFigures;
  duringUploads: LoadFigures;
  photosDone: number;
  throughputRatio: number | null;
  p99Ratio: number | null;
}

export interface PhotosLoadResults {
  connections: number;
  durationSeconds: number;
  uploads: number;
  loadAverage: number[];
  cases: PhotosLoadCase[];
}

const ACCOUNT = { email: "bench@staff.example", password: "bench password 1" };

export async function benchPhotosLoad(o: PhotosLoadOptions, log: (line: string) => void): Promise<PhotosLoadResults> {
  // Each upload a different photo (a different size), so none is stored as a copy of another.
  const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => phoneJpeg({ width: 4032 - 16 * i, height: 3024 - 12 * i })));
  const cases: PhotosLoadCase[] = [];
  for (const encoding of ["parallel", "one-thread"] as const) {
    const root = await mkdtemp(path.join(os.tmpdir(), "gc-bench-photos-load-"));
    const dataDir = path.join(root, "data");
    try {
      await mkdir(dataDir);
      await addAccount(dataDir, ACCOUNT.email, "sales", ACCOUNT.password);
      const server = await startOurServer({ name: `photos-load-${encoding}`, main: o.ourMain, dataDir, env: { PHOTO_ENCODING: encoding } });
      try {
        const cookie = await signIn(server.url, ACCOUNT, "photos-load");
        const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { id: string }[] | { vehicles: { id: string }[] };
        const id = (Array.isArray(vehicles) ? vehicles : vehicles.vehicles)[0]!.id;
        const upload = async (bytes: Buffer) => {
          const form = new FormData();
          form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "photo.jpg");
          const res = await fetch(`${server.url}/api/staff/vehicles/${id}/photos`, { method: "POST", headers: { cookie, origin: server.url }, body: form });
          await res.arrayBuffer();
          return res.status;
        };
        // One upload unmeasured: libvips loads its codecs on first use.
        const first = await upload(photos[0]!);
        if (first !== 201) throw new Error(`[bench] photos-load upload answered ${first}`);
        const load = () =>
          runLoad({ url: `${server.url}/`, connections: o.connections, durationSeconds: o.durationSeconds, serverCpuSeconds: server.cpuSeconds });
        const quiet = await load();
        let running = true;
        let done = 0;
        let next = 1;
        const uploader = async () => {
          while (running) {
            const status = await upload(photos[next++ % photos.length]!);
            if (status === 201) done++;
          }
        };
        const uploaders = Array.from({ length: o.uploads }, uploader);
        const duringUploads = await load();
        running = false;
        await Promise.all(uploaders);
        const c: PhotosLoadCase = {
          encoding,
          quiet,
          duringUploads,
          photosDone: done,
          throughputRatio: ratio(duringUploads.rps, quiet.rps),
          p99Ratio: ratio(duringUploads.p99Ms, quiet.p99Ms),
        };
        log(
          `photos-load: PHOTO_ENCODING=${encoding}: quiet ${quiet.rps} req/s p99 ${quiet.p99Ms} ms; during ${o.uploads} uploads ${duringUploads.rps} req/s p99 ${duringUploads.p99Ms} ms (${done} photos): ${c.throughputRatio}× throughput, ${c.p99Ratio}× p99`,
        );
        cases.push(c);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  return {
    connections: o.connections,
    durationSeconds: o.durationSeconds,
    uploads: o.uploads,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    cases,
  };
}
