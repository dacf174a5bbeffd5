import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneJpeg } from "./testing/phone-photo";
import { PROCESS_ORIGIN as ORIGIN, startSignedInServerProcess, type ServerProcess } from "./testing/server-process";

const ID = "denago-ev-city";
/** The allocator settings of the service unit (docs/operations/install.md): without them glibc keeps the memory of freed images in its arenas. */
const SERVICE_ALLOCATOR = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };

let server: ServerProcess;
let url: string;
let cookie: string;
let phone: Buffer;
beforeAll(async () => {
  // Originals kept as sent: the eight uploads differ by a byte past the image, which a re-encoding would not keep (decision 0065).
  ({ server, url, cookie } = await startSignedInServerProcess({ ...SERVICE_ALLOCATOR, PHOTO_ORIGINALS: "keep" }));
  phone = await phoneJpeg();
}, 60_000);
afterAll(() => {
  server.child.kill("SIGKILL");
});

/** The server process's resident memory, in MB, as the kernel counts it. */
async function rssMb(): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

function upload(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("photo", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  return fetch(`${url}/api/staff/vehicles/${ID}/photos`, { method: "POST", headers: { origin: ORIGIN, cookie }, body: form });
}

describe("photo uploads past the queue's room", () => {
  it("8 at once: 4 are stored, the others get 503 with Retry-After before their bytes are kept; the memory goes back", async () => {
    const before = await rssMb();
    // Eight different photos (a byte changed each), so that none is the same stored photo as another.
    const photos = Array.from({ length: 8 }, (_, i) => Buffer.concat([phone, Buffer.from([i])]));
    const answers = await Promise.all(photos.map((p, i) => upload(p, `lot-${i}.jpg`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 503, 503, 503, 503]);
    for (const busy of answers.filter((r) => r.status === 503)) {
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(((await busy.json()) as { error: string }).error).toMatch(/busy encoding other photos: nothing was stored\. Try this one again in \d+ seconds?\./);
    }
    const vehicle = (await (await fetch(`${url}/api/vehicles/${ID}`)).json()) as { images: string[] };
    expect(vehicle.images.filter((src) => src.startsWith("/photos/"))).toHaveLength(4);
    // Room again once they are done.
    expect((await upload(Buffer.concat([phone, Buffer.from([99])]), "later.jpg")).status).toBe(201);
    const after = await rssMb();
    console.log(`[photo-queue] server RSS: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
    // Eight 12-megapixel uploads held at once, and each photo decoded whole, would keep well over 400 MB (measured: 448).
    expect(after - before).toBeLessThan(200);
  }, 120_000);
});
