import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { widgetReleases } from "./widget-releases";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A build's dist/widgets holding `version`'s pinned copy with a script of the given text. */
function build(version: string, script: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "gc-widgets-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, version));
  const integrity = JSON.stringify({ version, files: { "a.js": `sha384-${script}` } });
  for (const d of [dir, path.join(dir, version)]) writeFileSync(path.join(d, "integrity.json"), integrity);
  writeFileSync(path.join(dir, version, "a.js"), script);
  writeFileSync(path.join(dir, version, "integrity.json"), integrity);
  return dir;
}

async function serve(widgetsDir: string, dataDir: string) {
  const app = express();
  app.use("/widgets", await widgetReleases(widgetsDir, dataDir));
  const server = app.listen(0);
  const { port } = server.address() as { port: number };
  const get = async (p: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/widgets/${p}`);
    return { status: res.status, text: await res.text(), cache: res.headers.get("cache-control") };
  };
  return { get, close: () => server.close() };
}

describe("widget releases", () => {
  it("keeps every release it has run, pinned for good, and serves each major's newest at v{major}", async () => {
    const data = mkdtempSync(path.join(tmpdir(), "gc-data-"));
    dirs.push(data);
    const first = await serve(build("1.2.0", "one"), data);
    expect(await first.get("1.2.0/a.js")).toMatchObject({ status: 200, text: "one", cache: expect.stringContaining("immutable") });
    first.close();

    const second = await serve(build("1.10.0", "two"), data);
    expect((await second.get("1.2.0/a.js")).text).toBe("one");
    expect((await second.get("1.10.0/a.js")).text).toBe("two");
    expect(await second.get("v1/a.js")).toMatchObject({ status: 200, text: "two", cache: expect.not.stringContaining("immutable") });
    expect((await second.get("v2/a.js")).status).toBe(404);
    expect((await second.get("1.2.0/..%2Fintegrity.json")).status).toBe(404);
    second.close();
  });

  it("never changes a kept release: other files under the same version are refused with a warning", async () => {
    const data = mkdtempSync(path.join(tmpdir(), "gc-data-"));
    dirs.push(data);
    (await serve(build("2.0.0", "original"), data)).close();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "log").mockImplementation(() => {});
    const again = await serve(build("2.0.0", "changed"), data);
    expect((await again.get("2.0.0/a.js")).text).toBe("original");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("release 2.0.0 is already kept with other files"));
    again.close();
    vi.restoreAllMocks();
  });
});
