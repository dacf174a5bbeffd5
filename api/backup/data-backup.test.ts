import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validLead } from "../../domain/testing/valid-lead";
import { readStoredLeads } from "../store/lead-files";
import { openLeadStore } from "../store/lead-store";
import { readTree } from "../testing/staff-client";
import { countData, restoreBackup, RestoreRefusedError, writeBackup } from "./data-backup";

let work: string;
let dataDir: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "gc-backup-"));
  dataDir = path.join(work, "data");
  await mkdir(dataDir);
});
afterEach(() => rm(work, { recursive: true, force: true }));

const newLead = (i: number) => ({ message: validLead({ firstName: `Lead ${i}` }) as never, origin: null, source: null });

describe("a backup taken while leads are being stored", () => {
  it("holds every lead acknowledged before it began, even when their segment rolls into the archive during the backup", async () => {
    const store = await openLeadStore(dataDir, { segmentSize: 3 });
    const delivery = { status: "not-sent", attempts: 0 } as const;
    const before = [await store.add(newLead(1), delivery), await store.add(newLead(2), delivery)].map((l) => l.id);
    let rolled = false;
    const file = path.join(work, "b.tar.gz");
    await writeBackup(dataDir, file, {
      // Once the backup has read its first file or folder (after listing DATA_DIR), the segment fills and
      // rolls: leads 1-3 go to leads-archive/000001.json, then leads.json is rewritten with lead 4 alone.
      afterRead: async (rel) => {
        if (rolled || rel === "/") return;
        rolled = true;
        await Promise.all([store.add(newLead(3), delivery), store.add(newLead(4), delivery)]);
      },
    });
    expect(await readdir(path.join(dataDir, "leads-archive"))).toEqual(["000001.json"]);
    const into = path.join(work, "restored");
    const { restored } = await restoreBackup(file, into);
    const ids = (await readStoredLeads(into)).map((l) => l.id);
    expect(before.filter((id) => !ids.includes(id))).toEqual([]);
    expect(restored.leads).toBe(ids.length);
  });
});

describe("what a backup holds", () => {
  it("takes every file under DATA_DIR, unnamed ones included, without temp and lock files or a line being appended", async () => {
    await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: [] }));
    await writeFile(path.join(dataDir, ".catalogue.json.tmp"), "{ half");
    await writeFile(path.join(dataDir, "staff-accounts.json.lock"), "123");
    await writeFile(path.join(dataDir, "staff-audit.jsonl"), '{"a":1}\n{"a":2}\n{"a":');
    await mkdir(path.join(dataDir, "photos/ab12"), { recursive: true });
    await writeFile(path.join(dataDir, "photos/ab12/main-480.avif"), Buffer.from([1, 2, 3]));
    await writeFile(path.join(dataDir, "photos/ab12/main-960.webp"), Buffer.from([4, 5, 6]));
    await mkdir(path.join(dataDir, "follow-ups"));
    await writeFile(path.join(dataDir, "follow-ups/notes.json"), "{}");

    const manifest = await writeBackup(dataDir, path.join(work, "b.tar.gz"));
    expect(manifest.counts).toMatchObject({ vehicles: 0, leads: 0, photoFiles: 2, files: 5 });
    const into = path.join(work, "restored");
    await restoreBackup(path.join(work, "b.tar.gz"), into);
    const tree = await readTree(into);
    expect([...tree.keys()].sort()).toEqual([
      "catalogue.json",
      "follow-ups/notes.json",
      "photos/ab12/main-480.avif",
      "photos/ab12/main-960.webp",
      "staff-audit.jsonl",
    ]);
    expect(tree.get("staff-audit.jsonl")!.toString()).toBe('{"a":1}\n{"a":2}\n');
    expect(tree.get("photos/ab12/main-960.webp")).toEqual(Buffer.from([4, 5, 6]));
  });

  it("refuses an --out inside DATA_DIR", async () => {
    await expect(writeBackup(dataDir, path.join(dataDir, "b.tar.gz"))).rejects.toThrow(/inside DATA_DIR/);
    expect(await readdir(dataDir)).toEqual([]);
  });
});

describe("a restore", () => {
  it("refuses a DATA_DIR that holds anything, and leaves it as it was; --force replaces what it holds", async () => {
    await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: [] }));
    const file = path.join(work, "b.tar.gz");
    await writeBackup(dataDir, file);
    const other = path.join(work, "other");
    await mkdir(other);
    await writeFile(path.join(other, "leads.json"), JSON.stringify({ leads: [] }));
    await expect(restoreBackup(file, other)).rejects.toBeInstanceOf(RestoreRefusedError);
    expect(await readdir(other)).toEqual(["leads.json"]);

    await restoreBackup(file, other, { force: true });
    expect(await readdir(other)).toEqual(["catalogue.json"]);
    expect(await countData(other)).toMatchObject({ vehicles: 0, files: 1 });
  });

  it("refuses a file that is not a backup, touching nothing", async () => {
    const file = path.join(work, "not-a-backup.tar.gz");
    await writeFile(file, "just text");
    await expect(restoreBackup(file, dataDir)).rejects.toThrow(/not a readable \.tar\.gz/);
    expect(await readdir(dataDir)).toEqual([]);
    await expect(readFile(path.join(dataDir, "catalogue.json"))).rejects.toThrow();
  });
});
