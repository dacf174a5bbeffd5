/**
 * The server's own log while a crawler walks the whole site: no React warning
 * (an SVG attribute React does not know, a key missing…) reaches the operators'
 * log. The server runs as `npm start` runs it, on E2E_PORT + 8 and + 9.
 */
import { spawn } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { seedCatalogue } from "../../domain/catalogue";
import { E2E_PORT } from "../../playwright.config";
import { internalLinks } from "./crawl";
import { expect, test } from "./fixtures";

test("crawling every page leaves no React warning in the server log", async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the server's rendering does not depend on the screen size");
  test.setTimeout(180_000);
  const port = E2E_PORT + 8;
  const dataDir = path.resolve(`.tmp/e2e-log-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  // The seed, and a cart with no image yet: its page and cards draw the cart icon, an SVG of the widgets' own.
  const seed = seedCatalogue();
  const noImage = { ...seed[0]!, id: "cart-without-photos", name: "Cart Without Photos", images: [] };
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, "catalogue.json"), JSON.stringify({ vehicles: [...seed, noImage] }));
  const child = spawn("node", ["dist/server/main.js"], {
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(port + 1), DATA_DIR: dataDir, CONTACT_RATE_LIMIT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const origin = `http://localhost:${port}`;
    await expect.poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
    const seen = new Set(["/"]);
    const queue = ["/"];
    while (queue.length) {
      const from = queue.shift()!;
      const res = await fetch(origin + from, { redirect: "manual" });
      if (!(res.headers.get("content-type") ?? "").includes("text/html")) continue;
      for (const link of internalLinks(await res.text(), from, origin)) {
        if (seen.has(link)) continue;
        seen.add(link);
        queue.push(link);
      }
    }
    expect(seen.size).toBeGreaterThan(60);
    expect(seen).toContain("/vehicles/cart-without-photos");
    expect(log).toContain("listening");
    expect(log.match(/^.*(Warning:|Invalid DOM property|React does not recognize).*$/gm) ?? []).toEqual([]);
  } finally {
    child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});
