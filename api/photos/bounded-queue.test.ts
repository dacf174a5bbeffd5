import { describe, expect, it } from "vitest";
import { BoundedQueue, QueueFullError } from "./bounded-queue";

/** A job the test finishes by hand, noting when it starts. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return { finish, work: async () => (started.push(name), await done, name) };
}

describe("BoundedQueue", () => {
  it("runs `concurrency` jobs at a time, in order, and refuses past `limit` with a wait to retry after", async () => {
    const queue = new BoundedQueue(1, 3, (s) => `busy: try again in ${s} s`);
    const started: string[] = [];
    const [a, b, c] = ["a", "b", "c"].map((n) => gate(started, n));
    const runs = [a!, b!, c!].map((g) => queue.run(async () => undefined, g.work));
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["a"]);
    expect(queue.length).toBe(3);
    const refused = queue.run(
      async () => undefined,
      async () => "d",
    );
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toMatchObject({ status: 503, message: "busy: try again in 9 s", retryAfterSeconds: 9 });

    a!.finish();
    expect(await runs[0]).toBe("a");
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["a", "b"]);
    b!.finish();
    c!.finish();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(queue.length).toBe(0);
    // Room again once the jobs are done.
    expect(
      await queue.run(
        async () => 1,
        async (x) => x + 1,
      ),
    ).toBe(2);
  });

  it("a job whose input or work fails frees its place", async () => {
    const queue = new BoundedQueue(1, 1, () => "busy");
    await expect(
      queue.run(
        () => Promise.reject(new Error("client went away")),
        async () => 1,
      ),
    ).rejects.toThrow("client went away");
    await expect(
      queue.run(
        async () => 1,
        () => Promise.reject(new Error("undecodable")),
      ),
    ).rejects.toThrow("undecodable");
    expect(
      await queue.run(
        async () => 1,
        async (x) => x,
      ),
    ).toBe(1);
  });
});
