import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { seedCatalogue } from "../../domain/catalogue/seed";
import type { Vehicle } from "../../domain/vehicle";
import { CATALOGUE_FILE, CATALOGUE_JOURNAL, openCatalogueFiles, readCatalogue } from "./catalogue-files";
import { CorruptDataFileError } from "./json-file";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "gc-catalogue-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const snapshot = () => readFile(path.join(dir, CATALOGUE_FILE), "utf8").then((t) => JSON.parse(t) as { generation: number; vehicles: Vehicle[] });
const journal = () => readFile(path.join(dir, CATALOGUE_JOURNAL), "utf8");
const ids = (vs: readonly Vehicle[] | undefined) => vs?.map((v) => `${v.id}:${v.price}`);

/** Three writes as the vehicle store makes them: a price changed in place, a cart added last, one removed. */
async function threeWrites(files: Awaited<ReturnType<typeof openCatalogueFiles>>) {
  const [first, second] = files.vehicles;
  const repriced = { ...first!, price: first!.price + 100 };
  await files.commit(
    files.vehicles.map((v) => (v === first ? repriced : v)),
    [{ put: repriced }],
  );
  const added = { ...second!, id: "added-cart", stockNumber: "ADDED-1" };
  await files.commit([...files.vehicles, added], [{ put: added }]);
  await files.commit(
    files.vehicles.filter((v) => v.id !== second!.id),
    [{ delete: second!.id }],
  );
}

describe("the catalogue's files (lowdb)", () => {
  it("a save appends one line to the journal and leaves the snapshot as it was; opening again replays it in order", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue);
    const before = await stat(path.join(dir, CATALOGUE_FILE));
    expect((await snapshot()).vehicles).toHaveLength(seedCatalogue().length);
    await threeWrites(files);
    const after = await stat(path.join(dir, CATALOGUE_FILE));
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    const lines = (await journal()).trimEnd().split("\n");
    expect(lines).toHaveLength(4); // its generation, then one line a save
    expect(JSON.parse(lines[3]!)).toEqual({ ops: [{ delete: seedCatalogue()[1]!.id }] });

    expect(ids(await readCatalogue(dir))).toEqual(ids(files.vehicles));
    const reopened = await openCatalogueFiles(dir, () => []);
    expect(ids(reopened.vehicles)).toEqual(ids(files.vehicles));
    expect(reopened.vehicles.at(-1)!.id).toBe("added-cart");
    expect(reopened.vehicles[0]!.price).toBe(seedCatalogue()[0]!.price + 100);
  });

  it("once the journal outgrows its limit, the snapshot is written again after the save and the journal started afresh", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue, { foldAfter: 1 });
    const generation = (await snapshot()).generation;
    await threeWrites(files);
    await files.idle();
    const folded = await snapshot();
    expect(folded.generation).toBeGreaterThan(generation);
    expect(folded.vehicles.map((v) => `${v.id}:${v.price}`)).toEqual(ids(files.vehicles));
    expect(await journal()).toBe(`${JSON.stringify({ generation: folded.generation })}\n`);
    expect(ids(await readCatalogue(dir))).toEqual(ids(files.vehicles));
  });

  it("a last line cut short by a crash is dropped, and the next save leaves no torn bytes before its own line", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue);
    await threeWrites(files);
    const saved = ids(files.vehicles);
    await appendFile(path.join(dir, CATALOGUE_JOURNAL), '{"ops":[{"delete":"elec');
    expect(ids(await readCatalogue(dir))).toEqual(saved);

    const reopened = await openCatalogueFiles(dir, () => []);
    expect(ids(reopened.vehicles)).toEqual(saved);
    const cart = { ...reopened.vehicles[0]!, price: 5 };
    await reopened.commit([cart, ...reopened.vehicles.slice(1)], [{ put: cart }]);
    expect(await journal()).not.toContain("elec");
    expect((await readCatalogue(dir))![0]!.price).toBe(5);
  });

  it("a journal of an earlier generation (a crash after its snapshot was written again) is not replayed", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue);
    const { generation } = await snapshot();
    const gone = files.vehicles[0]!.id;
    await writeFile(path.join(dir, CATALOGUE_JOURNAL), `${JSON.stringify({ generation: generation - 1 })}\n${JSON.stringify({ ops: [{ delete: gone }] })}\n`);
    expect((await readCatalogue(dir))!.map((v) => v.id)).toContain(gone);
  });

  it("opens a catalogue.json written before the journal (no generation, no journal) as it is", async () => {
    const [one, two] = seedCatalogue();
    await writeFile(path.join(dir, CATALOGUE_FILE), JSON.stringify({ vehicles: [two, one] }));
    const files = await openCatalogueFiles(dir, () => []);
    expect(files.vehicles.map((v) => v.id)).toEqual([two!.id, one!.id]);
    await files.commit([two!], [{ delete: one!.id }]);
    expect((await readCatalogue(dir))!.map((v) => v.id)).toEqual([two!.id]);
  });

  it("refuses to start on a bad line before the last, naming the journal, and leaves the files as they were", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue);
    await threeWrites(files);
    const text = await journal();
    const broken = text.replace('{"ops":[{"delete"', '{"ops":[{"remove"');
    await writeFile(path.join(dir, CATALOGUE_JOURNAL), broken);
    await expect(openCatalogueFiles(dir, seedCatalogue)).rejects.toThrow(CorruptDataFileError);
    await expect(readCatalogue(dir)).rejects.toThrow(/catalogue-journal\.jsonl/);
    expect(await journal()).toBe(broken);
  });

  it("saves made while one is being written share the next append, and each resolves once it is on disk", async () => {
    const files = await openCatalogueFiles(dir, seedCatalogue);
    let next = files.vehicles;
    const saves = next.slice(0, 10).map((v, i) => {
      const repriced = { ...v, price: 1000 + i };
      next = next.map((x) => (x.id === v.id ? repriced : x));
      return files.commit(next, [{ put: repriced }]);
    });
    await Promise.all(saves);
    expect(ids(await readCatalogue(dir))).toEqual(ids(next));
  });
});
