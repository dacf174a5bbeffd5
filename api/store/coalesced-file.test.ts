/**
 * A file that waits for others before it is written (leads.json after the archives its oldest leads went to): what it
 * serialises never misses what moved to a file still being written, even when more moved during the wait.
 */
import type { Low } from "lowdb";
import { describe, expect, it } from "vitest";
import { CoalescedFile } from "./coalesced-file";

/** A write the test finishes when it says. */
function openWrite() {
  let finish!: () => void;
  const promise = new Promise<void>((resolve) => (finish = resolve));
  const write = { done: false, promise, finish: () => ((write.done = true), finish()) };
  return write;
}

describe("CoalescedFile.writeAfter", () => {
  it("serialises only once nothing is pending, waiting again for a write that began during the wait", async () => {
    const data = { leads: ["a", "b", "c"] };
    const serialised: string[][] = [];
    const db = { data, write: async () => void serialised.push([...data.leads]) } as unknown as Low<typeof data>;
    const file = new CoalescedFile(db);
    const archives: ReturnType<typeof openWrite>[] = [];
    file.writeAfter(() => archives.filter((w) => !w.done).map((w) => w.promise));

    // "a" is on its way to an archive when the file is saved.
    const first = openWrite();
    archives.push(first);
    data.leads = ["b", "c"];
    const saved = file.save();
    // While the file waits for that archive, "b" moves to a second one.
    const second = openWrite();
    archives.push(second);
    data.leads = ["c"];
    first.finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(serialised, "not written while the second archive is still being written").toEqual([]);

    second.finish();
    await saved;
    expect(serialised).toEqual([["c"]]);
  });
});
