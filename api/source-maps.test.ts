import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, tempDataDir, type TestServer } from "./testing/test-server";

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A widgets folder as the build leaves it: a script and its map. */
async function builtWidgets(): Promise<string> {
  const dir = path.join(await tempDataDir(), "widgets");
  await mkdir(dir);
  await writeFile(path.join(dir, "gc-widgets.js"), "(()=>{})();\n");
  await writeFile(path.join(dir, "gc-widgets.js.map"), JSON.stringify({ version: 3, sources: ["a.ts"], sourcesContent: ["secret source"], mappings: "" }));
  return dir;
}

describe("widget source maps", () => {
  it("are not served by default", async () => {
    const s = await startTestServer({}, undefined, { widgetsDir: await builtWidgets() });
    servers.push(s);
    expect((await fetch(`${s.url}/widgets/gc-widgets.js`)).headers.get("sourcemap")).toBeNull();
    const map = await fetch(`${s.url}/widgets/gc-widgets.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain("secret source");
  });

  it("are served with WIDGET_SOURCE_MAPS=true, each script naming its map in a SourceMap header", async () => {
    const s = await startTestServer({ WIDGET_SOURCE_MAPS: "true" }, undefined, { widgetsDir: await builtWidgets() });
    servers.push(s);
    const js = await fetch(`${s.url}/widgets/gc-widgets.js`);
    expect(js.headers.get("sourcemap")).toBe("gc-widgets.js.map");
    const map = await fetch(new URL(js.headers.get("sourcemap")!, `${s.url}/widgets/gc-widgets.js`));
    expect(map.status).toBe(200);
    expect(await map.text()).toContain("secret source");
  });
});
