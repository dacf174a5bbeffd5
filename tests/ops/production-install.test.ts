import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validLead } from "../../domain/testing/valid-lead";
import { ALL_IN_ONE, WIDGETS } from "../../widgets/registry";
import { killLeftovers, requireCurrentBuild, ROOT, run, startServer } from "./server-process";

const pkg = JSON.parse(await readFile(path.join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let work: string;
let site: string;
beforeAll(async () => {
  requireCurrentBuild();
  work = await mkdtemp(path.join(os.tmpdir(), "gc-production-"));
  site = path.join(work, "site");
  // The project as a clone has it (tracked files, and new ones not ignored): no node_modules, no dist/.
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue;
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await cp(path.join(ROOT, file), path.join(site, file));
  }
});
afterAll(async () => {
  killLeftovers();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Every path of the site a page links to or loads (same origin), once each. */
function linkedPaths(html: string): string[] {
  return [...html.matchAll(/\s(?:src|href)="(\/(?!\/)[^"#]*)/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
}

describe("the build on a machine with production dependencies only", () => {
  it("npm run serve without a build says so and builds nothing", async () => {
    const served = await run("npm", ["run", "serve"], { cwd: site, env: { DATA_DIR: path.join(work, "never") } });
    expect(served.code).toBe(1);
    expect(served.stderr).toContain("[serve] there is no build in dist/: run `npm run build` first");
    expect(existsSync(path.join(site, "dist"))).toBe(false);
    expect(existsSync(path.join(work, "never"))).toBe(false);
  });

  it("after `npm ci --omit=dev`, serves every page, the API, the widgets and the demo, and runs the operator's commands", async () => {
    await cp(path.join(ROOT, "dist"), path.join(site, "dist"), { recursive: true });
    // A clean install of the lockfile's versions, production dependencies only (from the npm cache where it can).
    const install = await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: site });
    expect(install.code, install.stderr).toBe(0);
    const installed = new Set(await readdir(path.join(site, "node_modules")));
    for (const dep of Object.keys(pkg.dependencies)) expect(installed.has(dep.split("/")[0]!), dep).toBe(true);
    for (const dev of ["tsx", "vite", "tsup", "typescript", "preact", "vitest"]) expect(installed.has(dev), dev).toBe(false);

    const dataDir = path.join(work, "data");
    const server = await startServer("npm", ["run", "serve"], { cwd: site, dataDir });
    await server.ready;
    expect(server.output()).not.toContain("warning");

    // Every page of the sitemap, and every path those pages link to or load: assets, images, widget scripts, other pages.
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(pages.length).toBeGreaterThan(30);
    const linked = new Set<string>();
    for (const page of pages) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get("content-type"), page).toMatch(/^text\/html/);
      for (const p of linkedPaths(await res.text())) linked.add(p);
    }
    const failed: string[] = [];
    for (const p of linked) {
      const res = await fetch(`${server.url}${p}`);
      await res.arrayBuffer();
      if (res.status !== 200) failed.push(`${p}: ${res.status}`);
    }
    expect(failed).toEqual([]);

    for (const script of [ALL_IN_ONE.script, ...WIDGETS.map((w) => w.script)]) {
      const res = await fetch(`${server.url}/widgets/${script}.js`);
      expect(res.status, script).toBe(200);
      expect(res.headers.get("content-type"), script).toMatch(/javascript/);
      expect((await res.text()).length, script).toBeGreaterThan(1000);
    }
    const staff = await fetch(`${server.url}/staff`);
    expect(staff.status).toBe(200);
    expect(await staff.text()).toContain("<script");
    const demo = await fetch(`http://127.0.0.1:${server.demoPort}/`);
    expect(demo.status).toBe(200);

    expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: "ok" });
    const vehicles = (await (await fetch(`${server.url}/api/vehicles`)).json()) as { id: string }[];
    expect(vehicles.length).toBeGreaterThan(10);
    expect((await fetch(`${server.url}/api/vehicles/${vehicles[0]!.id}`)).status).toBe(200);
    const posted = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validLead({ firstName: "Production" })),
    });
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };

    // The operator's commands run from dist/ too, while the server serves.
    const env = { DATA_DIR: dataDir };
    const added = await run("npm", ["run", "--silent", "staff", "--", "add", "owner@example.com", "--role", "owner"], {
      cwd: site,
      env,
      input: "a long enough passphrase\n",
    });
    expect(added.code, added.stderr).toBe(0);
    const listed = await run("npm", ["run", "--silent", "staff", "--", "list"], { cwd: site, env });
    expect(listed.stdout).toContain("owner@example.com");
    const leads = await run("npm", ["run", "--silent", "leads", "--", "--format", "json"], { cwd: site, env });
    expect(leads.code, leads.stderr).toBe(0);
    expect((JSON.parse(leads.stdout) as { id: string }[]).map((l) => l.id)).toContain(id);
    const backup = await run("npm", ["run", "--silent", "backup", "--", "--out", path.join(work, "backup.tar.gz")], { cwd: site, env });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/35 vehicles, 1 lead \(0 archive segments included\), 1 account/);

    server.signal("SIGTERM");
    await server.waitFor("[server] stopped: every write is on disk");
    await server.exited;
  });
});
