import { spawn } from "node:child_process";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactMessage } from "../../domain/contact";
import type { Lead } from "../../domain/lead";
import { tempDataDir, validLead } from "../testing/test-server";
import { CorruptDataFileError } from "./json-file";
import { readStoredLeads } from "./lead-files";
import { openLeadStore, type NewLead } from "./lead-store";
import { storedLeads } from "../testing/stored-leads";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const freshDir = async () => {
  const d = await tempDataDir();
  dirs.push(d);
  return d;
};

const newLead = (i: number): NewLead => ({ message: validLead({ firstName: `Visitor ${i}` }) as ContactMessage, origin: null, source: "test" });
const NOT_SENT = { status: "not-sent", attempts: 0 } as const;
const storedLead = (i: number, delivery: Lead["delivery"] = NOT_SENT): Lead => ({
  id: `lead-${i}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
  ...newLead(i).message,
  origin: null,
  source: "test",
  site: "sussex-coast",
  delivery,
});

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8")) as { leads: Lead[] };
const idsIn = async (dir: string, file: string) => (await readJson(path.join(dir, file))).leads.map((l) => l.id);
const archivesIn = async (dir: string) => (await readdir(path.join(dir, "leads-archive"))).filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort();

describe("lead store segments", () => {
  it("rolls each full segment of leads.json into an archive, and a restart reads every segment in order", async () => {
    const dir = await freshDir();
    const store = await openLeadStore(dir, { segmentSize: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await store.add(newLead(i), NOT_SENT)).id);

    expect(await archivesIn(dir)).toEqual(["000001.json", "000002.json", "000003.json"]);
    expect(await idsIn(dir, "leads-archive/000001.json")).toEqual(ids.slice(0, 3));
    expect(await idsIn(dir, "leads-archive/000003.json")).toEqual(ids.slice(6, 9));
    expect(await idsIn(dir, "leads.json")).toEqual(ids.slice(9));
    expect((await storedLeads(store)).map((l) => l.id)).toEqual(ids);

    const reopened = await openLeadStore(dir, { segmentSize: 3 });
    expect((await storedLeads(reopened)).map((l) => l.id)).toEqual(ids);
    expect((await readStoredLeads(dir)).map((l) => l.id)).toEqual(ids);
    const more = await reopened.add(newLead(10), NOT_SENT);
    expect(await archivesIn(dir)).toHaveLength(3);
    expect(await idsIn(dir, "leads.json")).toEqual([ids[9], more.id]);
  });

  it("keeps exactly every one of 300 concurrent leads across segments", async () => {
    const dir = await freshDir();
    const store = await openLeadStore(dir, { segmentSize: 7 });
    const ids = (await Promise.all(Array.from({ length: 300 }, (_, i) => store.add(newLead(i), NOT_SENT)))).map((l) => l.id);
    const stored = (await readStoredLeads(dir)).map((l) => l.id);
    expect(stored).toHaveLength(300);
    expect(new Set(stored)).toEqual(new Set(ids));
    const archives = await archivesIn(dir);
    expect(archives).toHaveLength(Math.floor(299 / 7));
    for (const a of archives) expect(await idsIn(dir, `leads-archive/${a}`)).toHaveLength(7);
  });

  it("records a delivery in the segment that holds the lead, and only there", async () => {
    const dir = await freshDir();
    const store = await openLeadStore(dir, { segmentSize: 2 });
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await store.add(newLead(i), { status: "pending", attempts: 0 }));
    const before = await Promise.all(["leads.json", "leads-archive/000002.json"].map((f) => readFile(path.join(dir, f), "utf8")));

    await store.setDelivery(leads[1]!.id, { status: "sent", attempts: 1, sentAt: new Date().toISOString() });
    expect((await readJson(path.join(dir, "leads-archive/000001.json"))).leads[1]!.delivery.status).toBe("sent");
    const after = await Promise.all(["leads.json", "leads-archive/000002.json"].map((f) => readFile(path.join(dir, f), "utf8")));
    expect(after).toEqual(before);

    expect((await store.pending()).map((l) => l.id)).toEqual(leads.filter((_, i) => i !== 1).map((l) => l.id));
    const reopened = await openLeadStore(dir, { segmentSize: 2 });
    expect(await reopened.pending()).toHaveLength(4);
    expect((await storedLeads(reopened))[1]!.delivery.status).toBe("sent");
  });

  it("after a crash between writing an archive and resetting leads.json, keeps each lead once (the archive's copy)", async () => {
    const dir = await freshDir();
    const sent = { status: "sent", attempts: 1, sentAt: "2026-01-01T00:01:00.000Z" } as const;
    const pending = { status: "pending", attempts: 0 } as const;
    await mkdir(path.join(dir, "leads-archive"));
    await writeFile(path.join(dir, "leads-archive/000001.json"), JSON.stringify({ leads: [storedLead(1, sent), storedLead(2), storedLead(3)] }));
    await writeFile(path.join(dir, "leads.json"), JSON.stringify({ leads: [storedLead(1, pending), storedLead(2), storedLead(3), storedLead(4)] }));

    const store = await openLeadStore(dir, { segmentSize: 3 });
    expect((await storedLeads(store)).map((l) => l.id)).toEqual(["lead-1", "lead-2", "lead-3", "lead-4"]);
    expect((await storedLeads(store))[0]!.delivery).toEqual(sent);
    expect(await store.pending()).toEqual([]);
    expect(await idsIn(dir, "leads.json")).toEqual(["lead-4"]);

    for (let i = 5; i <= 7; i++) await store.add(newLead(i), NOT_SENT);
    expect(await archivesIn(dir)).toEqual(["000001.json", "000002.json"]);
    expect((await readStoredLeads(dir)).map((l) => l.id).slice(0, 4)).toEqual(["lead-1", "lead-2", "lead-3", "lead-4"]);
    expect(await readStoredLeads(dir)).toHaveLength(7);
  });

  it("after a crash before an archive landed, rolls leads.json again and ignores the half-written temp file", async () => {
    const dir = await freshDir();
    await mkdir(path.join(dir, "leads-archive"));
    await writeFile(path.join(dir, "leads-archive/.000001.json.tmp"), '{"leads": [ {"id": "lead-1", ');
    await writeFile(path.join(dir, "leads.json"), JSON.stringify({ leads: [1, 2, 3].map((i) => storedLead(i)) }));
    const store = await openLeadStore(dir, { segmentSize: 3 });
    expect(await storedLeads(store)).toHaveLength(3);
    expect(await idsIn(dir, "leads-archive/000001.json")).toEqual(["lead-1", "lead-2", "lead-3"]);
    expect(await idsIn(dir, "leads.json")).toEqual([]);
  });

  it("never resets leads.json before the archive holding its leads is on disk", async () => {
    const dir = await freshDir();
    const store = await openLeadStore(dir, { segmentSize: 3 });
    for (let i = 1; i <= 3; i++) await store.add(newLead(i), NOT_SENT);
    const full = await idsIn(dir, "leads.json");
    // A directory where the archive's temp file goes makes its write fail.
    const blocker = path.join(dir, "leads-archive/.000001.json.tmp");
    await mkdir(blocker);
    await expect(store.add(newLead(4), NOT_SENT)).rejects.toThrow();
    expect(await idsIn(dir, "leads.json")).toEqual(full);

    await rm(blocker, { recursive: true });
    const fifth = await store.add(newLead(5), NOT_SENT);
    expect(await idsIn(dir, "leads-archive/000001.json")).toEqual(full);
    expect((await idsIn(dir, "leads.json")).at(-1)).toBe(fifth.id);
    // Lead 4 was refused, so it was not kept: only the four acknowledged leads are stored.
    expect((await readStoredLeads(dir)).map((l) => l.firstName)).toEqual(["Visitor 1", "Visitor 2", "Visitor 3", "Visitor 5"]);
  });

  it("splits a leads.json written before segments into archives at start-up, keeping the order", async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, "leads.json"), JSON.stringify({ leads: Array.from({ length: 10 }, (_, i) => storedLead(i)) }, null, 2));
    const store = await openLeadStore(dir, { segmentSize: 4 });
    expect(await archivesIn(dir)).toEqual(["000001.json", "000002.json"]);
    expect(await idsIn(dir, "leads.json")).toEqual(["lead-8", "lead-9"]);
    expect((await storedLeads(store)).map((l) => l.id)).toEqual(Array.from({ length: 10 }, (_, i) => `lead-${i}`));
  });

  it("on a corrupt archive, read after opening, rejects `ready` and every query, naming it and leaving it untouched", async () => {
    const dir = await freshDir();
    const file = path.join(dir, "leads-archive/000001.json");
    await mkdir(path.dirname(file));
    const corrupt = '{"leads": [ {"id": "1", ';
    await writeFile(file, corrupt);
    const store = await openLeadStore(dir, { segmentSize: 3 });
    await expect(store.ready).rejects.toBeInstanceOf(CorruptDataFileError);
    await expect(store.ready).rejects.toThrow(file);
    await expect(storedLeads(store)).rejects.toThrow(file);
    await expect(readStoredLeads(dir)).rejects.toThrow(file);
    expect(await readFile(file, "utf8")).toBe(corrupt);
  });
});

describe("lead store under SIGKILL", () => {
  it("keeps every acknowledged lead when killed mid-burst while segments roll", async () => {
    const dir = await freshDir();
    const store = new URL("./lead-store.ts", import.meta.url).href;
    // A burst of 20 concurrent writers on a 5-lead segment, printing each id once add() resolved.
    const script = `
      const { openLeadStore } = await import(${JSON.stringify(store)});
      const store = await openLeadStore(${JSON.stringify(dir)}, { segmentSize: 5 });
      const message = ${JSON.stringify(validLead())};
      const writer = async () => { for (;;) { const lead = await store.add({ message, origin: null, source: null }, { status: "not-sent", attempts: 0 }); process.stdout.write(lead.id + "\\n"); } };
      for (let i = 0; i < 20; i++) writer();
    `;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    const exited = new Promise((r) => child.once("exit", r));
    await vi.waitFor(() => expect(out.split("\n").length).toBeGreaterThan(200), { timeout: 10_000, interval: 20 });
    child.kill("SIGKILL");
    await exited;

    const acknowledged = out.split("\n").slice(0, -1);
    const stored = new Set((await readStoredLeads(dir)).map((l) => l.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    const reopened = await openLeadStore(dir, { segmentSize: 5 });
    expect(new Set((await storedLeads(reopened)).map((l) => l.id))).toEqual(stored);
    expect(await storedLeads(reopened)).toHaveLength(stored.size);
  }, 20_000);
});
