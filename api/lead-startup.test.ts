/**
 * Start-up does not read every lead before it listens. With 100,000
 * stored leads, one archive segment is a named pipe that gives nothing until
 * the test writes it: the server answers /api/health meanwhile (it could not,
 * had it waited for every lead file), and once the pipe is written the inbox
 * counts every lead.
 */
import { execFileSync } from "node:child_process";
import { readFile, rename, writeFile } from "node:fs/promises";
import { afterAll, expect, it } from "vitest";
import { writeLeadSegments } from "../bench/lib/lead-fixtures";
import { archiveFile } from "./store/lead-files";
import { addAccount, signIn } from "./testing/staff-client";
import { PROCESS_ORIGIN, startServerProcess, type ServerProcess } from "./testing/server-process";
import { tempDataDir } from "./testing/test-server";

const STORED = Number(process.env.STARTUP_TEST_LEADS ?? 100_000);
let server: ServerProcess | undefined;

afterAll(async () => {
  server?.child.kill();
  await server?.exited;
});

it(`answers /api/health before it has read the lead files of ${STORED.toLocaleString("en")} leads, then counts them all`, async () => {
  const dataDir = await tempDataDir();
  await writeLeadSegments(dataDir, STORED);
  await addAccount(dataDir, "sales@example.com", "sales", "sales password 1");
  // The first archive becomes a pipe: reading it waits until the test writes its leads.
  const first = archiveFile(dataDir, 1);
  const leads = await readFile(first, "utf8");
  await rename(first, `${first}.held`);
  execFileSync("mkfifo", [first]);

  server = startServerProcess(dataDir, { PUBLIC_ORIGIN: PROCESS_ORIGIN });
  const url = await server.url;
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
  expect(server.output()).not.toContain("every stored lead is read");

  await writeFile(first, leads);
  const cookie = await signIn({ url, origin: PROCESS_ORIGIN } as Parameters<typeof signIn>[0], "sales@example.com", "sales password 1");
  const counts = await fetch(`${url}/api/staff/leads/counts`, { headers: { cookie } });
  expect(counts.status).toBe(200);
  expect(((await counts.json()) as { total: number }).total).toBe(STORED);
  const page = await fetch(`${url}/api/staff/leads?limit=1&q=visitor0@`, { headers: { cookie } });
  expect(((await page.json()) as { leads: { firstName: string }[] }).leads.map((l) => l.firstName)).toEqual(["Visitor0"]);
}, 120_000);
