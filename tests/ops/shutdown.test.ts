import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readStoredLeads } from "../../api/store/lead-files";
import { validLead } from "../../domain/testing/valid-lead";
import { postBurst } from "./burst";
import { killLeftovers, requireCurrentBuild, ROOT, startServer } from "./server-process";

const dirs: string[] = [];
afterEach(async () => {
  killLeftovers();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
beforeAll(() => requireCurrentBuild());

/**
 * A lead posted slowly: its headers go first, with `Expect: 100-continue`, so
 * the server's "100 Continue" says the request is in the server's hands; the
 * body follows when `finish` is called.
 */
function slowLead(url: string) {
  const body = JSON.stringify(validLead({ firstName: "Slow" }));
  const req = request(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
  });
  const inFlight = new Promise<void>((resolve) => req.once("continue", resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.once("error", reject);
  });
  req.flushHeaders();
  return { inFlight, answer, finish: () => req.end(body) };
}

describe.each(["SIGTERM", "SIGINT"] as const)("%s while leads are being posted", (signal) => {
  it("finishes the requests in flight, answers new ones 503, exits 0, and every 201 is on disk", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-shutdown-"));
    dirs.push(dataDir);
    const server = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir, env: { SHUTDOWN_TIMEOUT_MS: "60000" } });
    await server.ready;

    const slow = slowLead(server.url);
    await slow.inFlight;
    let signalled = false;
    const burst = postBurst(server.url, {
      workers: 12,
      until: () => false,
      onAck: (_id, count) => {
        if (count === 40 && !signalled) {
          signalled = true;
          server.signal(signal);
        }
      },
    });
    await server.waitFor(`[server] ${signal}: draining`);
    expect(server.output()).not.toMatch(/draining: 0 request\(s\)/);

    // While the slow lead is still in flight, the server is up and refuses new requests: JSON under /api, for the proxy's health check too.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get("content-type")).toMatch(/^application\/json/);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toEqual({ error: "The server is restarting: try again in a few seconds", status: "draining" });
    const page = await fetch(`${server.url}/inventory`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("restarting");

    slow.finish();
    const slowAnswer = await slow.answer;
    expect(slowAnswer.status).toBe(201);
    const result = await burst;
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("[server] stopped: every write is on disk");

    const acknowledged = [...result.acknowledged, (JSON.parse(slowAnswer.body) as { id: string }).id];
    expect(result.acknowledged.length).toBeGreaterThanOrEqual(40);
    // Every visitor's last post was refused (503) or found the server gone; none got another error.
    expect(result.refused.every((s) => s === 503)).toBe(true);
    expect(result.refused.length + result.unanswered).toBe(12);
    const onDisk = new Set((await readStoredLeads(dataDir)).map((l) => l.id));
    expect(acknowledged.filter((id) => !onDisk.has(id))).toEqual([]);
  });
});

describe("SIGTERM with a request that does not finish", () => {
  it("closes its connection after SHUTDOWN_TIMEOUT_MS and still exits 0, with the lead unstored and unacknowledged", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-shutdown-"));
    dirs.push(dataDir);
    const server = await startServer(process.execPath, [path.join(ROOT, "dist/server/main.js")], { dataDir, env: { SHUTDOWN_TIMEOUT_MS: "300" } });
    await server.ready;
    const slow = slowLead(server.url);
    await slow.inFlight;
    const answered = slow.answer.then(
      () => "answered",
      (err: NodeJS.ErrnoException) => err.code,
    );
    server.signal("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("[server] 1 request(s) still in flight after 300 ms: closing their connections");
    expect(server.output()).toContain("[server] stopped: every write is on disk");
    expect(await answered).toBe("ECONNRESET");
    expect(await readStoredLeads(dataDir)).toEqual([]);
  });
});
