import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, tempDataDir, type TestServer } from "./testing/test-server";

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const MAP = JSON.stringify({ version: 3, sources: ["a.ts"], sourcesContent: ["secret source"], mappings: "" });

/** A widgets folder as the build leaves it, a script and its map, and the staff console's beside it. */
async function builtWidgets(): Promise<string> {
  const root = await tempDataDir();
  const dir = path.join(root, "widgets");
  await mkdir(dir);
  await writeFile(path.join(dir, "gc-widgets.js"), "(()=>{})();\n");
  await writeFile(path.join(dir, "gc-widgets.js.map"), MAP);
  await mkdir(path.join(root, "staff/assets"), { recursive: true });
  await writeFile(path.join(root, "staff/index.html"), "<!doctype html>");
  await writeFile(path.join(root, "staff/assets/index-AbC123xy.js"), "console.log(1)\n");
  await writeFile(path.join(root, "staff/assets/index-AbC123xy.js.map"), MAP);
  return dir;
}

/** A GET with the path sent byte for byte: fetch's URL parser would tidy some spellings away. */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject).end();
  });
}

/** Every spelling of a map's path that a file server could resolve to the map. */
const spellings = (dir: string, file: string) => [
  `/${dir}/${file}.js.map`,
  `/${dir}/${file}.js%2emap`,
  `/${dir}/${file}.js%2Emap`,
  `/${dir}/${file}.js.m%61p`,
  `/${dir}/${file}.js%2E%6D%61%70`,
  `/${dir}/${file}.js.MAP`,
  `/${dir}/${file}.js.map/`,
  `/${dir}/${file}.js.map?x=1`,
  `/${dir}//${file}.js.map`,
  `/${dir}//${file}.js%2emap`,
  `//${dir}/${file}.js.map`,
  `/${dir}/./${file}.js%2emap`,
  `/${dir}/x/../${file}.js%2emap`,
  `/${dir}/x/%2e%2e/${file}.js%2emap`,
  `/${dir}/${file}%2ejs%2emap`,
  `/${dir}%2f${file}.js%2emap`,
];

describe("source maps", () => {
  it("are not served by default", async () => {
    const s = await startTestServer({}, undefined, { widgetsDir: await builtWidgets() });
    servers.push(s);
    expect((await fetch(`${s.url}/widgets/gc-widgets.js`)).headers.get("sourcemap")).toBeNull();
    const map = await fetch(`${s.url}/widgets/gc-widgets.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain("secret source");
  });

  it.each([...spellings("widgets", "gc-widgets"), ...spellings("staff/assets", "index-AbC123xy")])("%s is a 404 without the source", async (p) => {
    const s = await startTestServer({}, undefined, { widgetsDir: await builtWidgets() });
    servers.push(s);
    const res = await rawGet(s.url, p);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("secret source");
  });

  it("are served with WIDGET_SOURCE_MAPS=true, each script naming its map in a SourceMap header", async () => {
    const s = await startTestServer({ WIDGET_SOURCE_MAPS: "true" }, undefined, { widgetsDir: await builtWidgets() });
    servers.push(s);
    const js = await fetch(`${s.url}/widgets/gc-widgets.js`);
    expect(js.headers.get("sourcemap")).toBe("gc-widgets.js.map");
    const map = await fetch(new URL(js.headers.get("sourcemap")!, `${s.url}/widgets/gc-widgets.js`));
    expect(map.status).toBe(200);
    expect(await map.text()).toContain("secret source");
    const staffMap = await rawGet(s.url, "/staff/assets/index-AbC123xy.js.map");
    expect(staffMap.status).toBe(404);
    expect(staffMap.body).not.toContain("secret source");
  });
});
