/**
 * Two servers (`node dist/server/main.js`, as `npm start` runs it) on one
 * PostgreSQL database behave as one site: leads posted to both, a catalogue
 * change on one seen on the other's pages, a staff session moved between
 * them, and one server SIGKILLed in the middle of a burst of leads without
 * losing any lead it acknowledged, or mailing any twice.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rm } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { E2E_PORT } from "../../playwright.config";
import { startTestPostgres, type TestPostgres } from "../../api/testing/postgres";
import { startSmtpSink, type SmtpSink } from "../../api/testing/smtp-sink";
import { readPgLeads, openDatabase } from "../../api/store/pg/database";
import { pgAccountStore } from "../../api/store/pg/staff-stores";
import { VALID_MESSAGE } from "../../domain/testing/valid-lead";
import { expect, test } from "./fixtures";

interface Instance {
  site: string;
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** One server on the database, its ports from E2E_PORT's range (+2…+9). */
async function startInstance(n: number, databaseUrl: string, smtpUrl: string): Promise<Instance> {
  const port = E2E_PORT + 2 + n * 2;
  const dataDir = path.resolve(`.tmp/e2e-pg-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn("node", ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DEMO_PORT: String(port + 1),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CONTACT_RATE_LIMIT: "0",
      STAFF_SIGNIN_RATE_LIMIT: "0",
      SMTP_URL: smtpUrl,
      LEAD_TO: "sales@dealer.example",
      LEAD_FROM: "web@dealer.example",
      MAIL_RETRY_BASE_MS: "200",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const site = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${site}/api/health`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200)
    .catch((err: Error) => {
      throw new Error(`${err.message}\nServer output:\n${output}`);
    });
  return { site, child, exited, output: () => output };
}

const postLead = (site: string, firstName: string) =>
  fetch(`${site}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site },
    body: JSON.stringify({ ...VALID_MESSAGE, firstName }),
  });

let cluster: TestPostgres | { unavailable: string };

test.describe("two servers on one PostgreSQL database", () => {
  // One pair of servers at a time, on their own ports: the phone project would start a second pair on the same ports.
  test.skip(({ isMobile }) => isMobile, "servers, not a screen size, are under test");
  // Each test starts two built servers on a fresh database: 4-28 s when 8 test runs share the 2-core machine.
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.beforeAll(async () => {
    cluster = await startTestPostgres();
    if ("unavailable" in cluster) console.warn(`[test] PostgreSQL tests skipped: ${cluster.unavailable}`);
  });
  test.afterAll(async () => {
    if ("stop" in cluster) await cluster.stop();
  });

  let sink: SmtpSink;
  let instances: Instance[] = [];
  let databaseUrl: string;
  test.beforeEach(async () => {
    test.skip("unavailable" in cluster, "unavailable" in cluster ? cluster.unavailable : "");
    databaseUrl = await (cluster as TestPostgres).createDatabase();
    sink = await startSmtpSink();
    instances = [await startInstance(0, databaseUrl, sink.url), await startInstance(1, databaseUrl, sink.url)];
  });
  test.afterEach(async () => {
    for (const i of instances) {
      i.child.kill("SIGTERM");
      await i.exited;
    }
    await sink?.close();
  });

  test("leads posted to both are mailed once each; a staff session moves between them; a change on one is on the other's pages", async ({ page }) => {
    const [a, b] = instances as [Instance, Instance];
    const ids: string[] = [];
    for (const [i, site] of [a.site, b.site, a.site, b.site].entries()) {
      const res = await postLead(site, `Both${i}`);
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    await expect.poll(() => sink.messages.length).toBe(4);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(4);

    const db = await openDatabase(databaseUrl, { max: 1, listen: false });
    const password = `pw-${randomBytes(9).toString("base64url")}`;
    await pgAccountStore(db).add({ email: "sales@dealer.example", role: "sales", password });
    await db.close();

    // Signed in on A: the same cookie (cookies are per host, not per port) is a live session on B.
    await page.goto(`${a.site}/staff`);
    await page.getByLabel("Email").fill("sales@dealer.example");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("link", { name: "Leads" })).toBeVisible();
    // A's inbox shows the leads posted to B as well.
    await page.getByRole("link", { name: "Leads" }).click();
    for (let i = 0; i < 4; i++) await expect(page.getByRole("heading", { name: `Both${i} Reyes` })).toBeVisible();
    // The browser's cookie from A (cookies are per host, not per port) is a live session on B, as behind one proxy.
    expect(await (await page.request.get(`${b.site}/api/staff/session`)).json()).toEqual({ email: "sales@dealer.example", role: "sales", leadMail: true });
    const inboxOnB = (await (await page.request.get(`${b.site}/api/staff/leads`)).json()) as { leads: { id: string }[] };
    expect(inboxOnB.leads.map((l) => l.id).sort()).toEqual([...ids].sort());

    // A vehicle renamed through A is on B's inventory page.
    const vehicles = (await (await page.request.get(`${a.site}/api/staff/vehicles`)).json()) as { vehicles: { id: string; name: string }[] };
    const first = vehicles.vehicles[0]!;
    const current = await page.request.get(`${a.site}/api/staff/vehicles/${first.id}`);
    const renamed = `${first.name} Edited On A`;
    const put = await page.request.put(`${a.site}/api/staff/vehicles/${first.id}`, {
      headers: { "if-match": current.headers().etag!, origin: a.site },
      data: { ...((await current.json()) as object), name: renamed },
    });
    expect(put.status()).toBe(200);
    await expect.poll(async () => (await page.request.get(`${b.site}/inventory?q=${encodeURIComponent(renamed)}`)).text()).toContain(renamed);

    // Signed out on B: the session is dead on A too.
    const signOut = await page.request.delete(`${b.site}/api/staff/session`, { headers: { origin: b.site } });
    expect(signOut.status()).toBe(204);
    expect((await page.request.get(`${a.site}/api/staff/session`)).status()).toBe(401);
  });

  test("one server SIGKILLed in the middle of a burst: every lead either answered 201 is stored, and mailed once", async () => {
    const [a, b] = instances as [Instance, Instance];
    const acknowledged: string[] = [];
    const burst = async (site: string, tag: string) => {
      for (let i = 0; i < 60; i++) {
        const res = await postLead(site, `${tag}${i}`).catch(() => null);
        if (!res) return; // The server is gone: nothing was acknowledged.
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
      }
    };
    const onA = burst(a.site, "A");
    const onB = burst(b.site, "B");
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(20);
    a.child.kill("SIGKILL");
    await a.exited;
    await Promise.all([onA, onB]);

    const stored = new Set((await readPgLeads(databaseUrl)).map((l) => l.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // The survivor mails what the killed server had not.
    await expect.poll(() => new Set(sink.messages.map((m) => m.messageId)).size, { timeout: 60_000 }).toBeGreaterThanOrEqual(acknowledged.length);
    // A server records "sent" once the mail server took the mail: the sink may hold the mail a moment before that.
    await expect
      .poll(async () => (await readPgLeads(databaseUrl)).filter((l) => l.delivery.status !== "sent").map((l) => l.id), { timeout: 10_000 })
      .toEqual([]);
    const leads = await readPgLeads(databaseUrl);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(leads.length);
    // Never two servers on one lead: a second mail can only be the one the killed server had in flight (same Message-ID).
    expect(sink.messages.length).toBeLessThanOrEqual(leads.length + 1);
    instances = [b];
  });
});
