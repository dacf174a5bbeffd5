import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import type { Lead } from "../../domain/lead";
import { readStoredLeads } from "../store/lead-files";
import { postJson, startTestServer, tempDataDir, validLead, type TestServer } from "../testing/test-server";
import { freePort, startSmtpSink } from "../testing/smtp-sink";
import { LEAD_CSV_HEADER } from "../../domain/leads-csv";
import { closedAfterEach, mailEnv } from "../testing/mail-env";

const nasty = `<img src=x onerror="alert(1)"> & <b>bold</b> 'quoted'`;

const track = closedAfterEach();

const post = async (s: TestServer, over: Record<string, unknown> = {}) => {
  const res = await postJson(`${s.url}/api/contact`, validLead(over));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

describe("lead mail", () => {
  it("delivers each lead with text, escaped HTML and a well-formed ADF/XML copy", async () => {
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url)));
    const id = await post(s, { firstName: nasty, message: `Hello ${nasty}`, source: "resort-page", interest: "parts" });

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000 });
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe(`[Parts lead] resort-page: ${nasty} Reyes`);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("sales@dealer.example");
    expect(mail.replyTo?.value[0]?.address).toBe("dana@example.com");
    expect(mail.text).toContain(`Hello ${nasty}`);
    expect(mail.html).not.toMatch(/<img|<b>bold/);
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39;");

    const adf = mail.attachments.find((a) => a.filename?.endsWith(".adf.xml"));
    const doc = new new JSDOM().window.DOMParser().parseFromString(adf!.content.toString("utf8"), "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.querySelector('name[part="first"]')?.textContent).toBe(nasty);
    expect(doc.querySelector("provider name")?.textContent).toBe("resort-page");
    expect(doc.querySelector("prospect > id")?.textContent).toBe(id);

    await vi.waitFor(async () => expect((await readStoredLeads(s.dataDir))[0]?.delivery).toMatchObject({ status: "sent", attempts: 1 }));
  });

  it.each([
    ["Eve <attacker@evil.test>", "Reyes"],
    ['Eve" <attacker@evil.test>, "X', "Reyes"],
    ["Eve", "attacker@evil.test"],
    ["=?utf-8?b?Qm9zcw==?=", "Reyes"],
  ])(
    "a name %j %j that reads as an address or an encoded word is left out of Reply-To, which names only the visitor's address",
    async (firstName, lastName) => {
      const smtp = track(await startSmtpSink());
      const s = track(await startTestServer(mailEnv(smtp.url)));
      await post(s, { firstName, lastName });
      await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000 });
      const mail = smtp.messages[0]!;
      expect(mail.replyTo?.value).toEqual([{ address: "dana@example.com", name: "" }]);
      expect(mail.replyTo?.text).toBe("dana@example.com");
      expect(mail.headerLines.find((l) => l.key === "reply-to")?.line).not.toMatch(/evil\.test|=\?/);
    },
  );

  it("an ordinary name is Reply-To's display name", async () => {
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url)));
    await post(s, { firstName: "Anne-Marie", lastName: "O'Brien" });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000 });
    expect(smtp.messages[0]!.replyTo?.value).toEqual([{ address: "dana@example.com", name: "Anne-Marie O'Brien" }]);
  });

  it("answers 201 at once while the mail server is down, then delivers each lead once when it is back", async () => {
    const port = await freePort();
    const s = track(await startTestServer(mailEnv(`smtp://127.0.0.1:${port}`)));
    const ids = [await post(s), await post(s), await post(s)];
    await vi.waitFor(
      async () => {
        const leads = await readStoredLeads(s.dataDir);
        expect(leads.map((l) => l.delivery.status)).toEqual(["pending", "pending", "pending"]);
        expect(leads.every((l) => l.delivery.attempts >= 1 && l.delivery.lastError)).toBe(true);
      },
      { timeout: 5000 },
    );

    const smtp = track(await startSmtpSink(port));
    await vi.waitFor(
      async () => {
        expect((await readStoredLeads(s.dataDir)).map((l) => l.delivery.status)).toEqual(["sent", "sent", "sent"]);
      },
      { timeout: 10_000 },
    );
    // Stop the outbox: once an attempt still in flight has been recorded, nothing more can be sent, so the count is final.
    await s.outbox!.stop();
    expect(smtp.messages.map((m) => m.attachments[0]?.filename).sort()).toEqual(ids.map((id) => `lead-${id}.adf.xml`).sort());
  }, 20_000);

  it("delivers leads left pending by a previous run after a restart", async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const first = await startTestServer(mailEnv(`smtp://127.0.0.1:${port}`), dataDir);
    const ids = [await post(first), await post(first)];
    await vi.waitFor(async () => expect((await readStoredLeads(dataDir)).every((l) => l.delivery.attempts >= 1)).toBe(true), { timeout: 5000 });
    await first.close();

    const smtp = track(await startSmtpSink(port));
    track(await startTestServer(mailEnv(smtp.url), dataDir));
    await vi.waitFor(async () => expect((await readStoredLeads(dataDir)).map((l) => l.delivery.status)).toEqual(["sent", "sent"]), { timeout: 10_000 });
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<lead-${id}@www.sussexcoastgolfcarts.example>`).sort());
  }, 20_000);

  it("mails a new lead before a backlog of older pending leads", async () => {
    const dataDir = await tempDataDir();
    const backlog: Lead[] = Array.from({ length: 400 }, (_, i) => ({
      ...(validLead({ firstName: `Backlog ${i}` }) as Omit<Lead, "id" | "createdAt" | "origin" | "source" | "delivery">),
      id: `backlog-${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      origin: null,
      source: null,
      // Half left by a run that stopped before trying them, half failed during an outage and due again.
      delivery: i % 2 ? { status: "pending", attempts: 0 } : { status: "pending", attempts: 3, lastError: "down", nextAttemptAt: "2026-01-02T00:00:00.000Z" },
    }));
    await writeFile(path.join(dataDir, "leads.json"), JSON.stringify({ leads: backlog }));
    const smtp = track(await startSmtpSink());
    const s = track(await startTestServer(mailEnv(smtp.url), dataDir));
    const id = await post(s, { firstName: "Fresh" });
    await vi.waitFor(() => expect(smtp.messages.some((m) => m.messageId?.includes(id))).toBe(true), { timeout: 15_000 });
    const position = smtp.messages.findIndex((m) => m.messageId?.includes(id));
    // At most the one attempt in flight when it came in, and a few more sent before the post reached the server.
    expect(position).toBeLessThan(backlog.length / 10);
  }, 30_000);

  it("stores leads as not-sent when mail is off", async () => {
    const s = track(await startTestServer());
    await post(s);
    expect((await readStoredLeads(s.dataDir))[0]?.delivery).toEqual({ status: "not-sent", attempts: 0 });
  });
});

// Each case starts the CLI (Node with tsx) up to five times: a few seconds each on a busy two-core machine.
describe("npm run leads", { timeout: 60_000 }, () => {
  const exec = promisify(execFile);
  const ROOT = path.resolve(import.meta.dirname, "../..");
  const run = (dataDir: string, ...args: string[]) =>
    exec(process.execPath, ["--import", "tsx", "api/cli/export-leads.ts", ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });

  it("prints CSV and JSON with source and delivery status, filtered by --since", async () => {
    const s = track(await startTestServer());
    await post(s, { source: "town-page", message: 'Line one,\nline "two"' });
    await post(s);
    const csv = (await run(s.dataDir, "--since", "2026-01-01", "--format", "csv")).stdout;
    const lines = csv.split("\r\n");
    expect(`${lines[0]}\r\n`).toBe(LEAD_CSV_HEADER);
    expect(csv).toContain(`"Line one,\nline ""two""",town-page,,not-sent,0,`);
    expect(lines.filter(Boolean)).toHaveLength(1 + 2); // header and two leads (the quoted break is a bare \n)
    // Per site: both came through the first one.
    expect((await run(s.dataDir, "--site", "sussex-coast")).stdout.split("\r\n").filter(Boolean)).toHaveLength(1 + 2);
    expect((await run(s.dataDir, "--site", "cape-may")).stdout.split("\r\n").filter(Boolean)).toHaveLength(1);

    const json = JSON.parse((await run(s.dataDir, "--format", "json")).stdout) as Lead[];
    expect(json.map((l) => l.source)).toEqual(["town-page", null]);
    expect(JSON.parse((await run(s.dataDir, "--since", "2999-01-01", "--format", "json")).stdout)).toEqual([]);
  }, 20_000);

  it("the documented command `npm run leads -- --format csv > leads.csv` writes exactly the CSV, and so does --out", async () => {
    const s = track(await startTestServer());
    await post(s, { source: "town-page" });
    await post(s);
    const expected = (await run(s.dataDir, "--format", "csv")).stdout;
    expect(expected.startsWith(LEAD_CSV_HEADER)).toBe(true);
    const out = await tempDataDir();
    // Through npm and a shell redirect, exactly as docs/staff/leads.md says.
    await exec("sh", ["-c", 'npm run leads -- --format csv > "$OUT/leads.csv"'], { cwd: ROOT, env: { ...process.env, DATA_DIR: s.dataDir, OUT: out } });
    expect(await readFile(path.join(out, "leads.csv"), "utf8")).toBe(expected);
    await exec("npm", ["run", "leads", "--", "--format", "csv", "--out", path.join(out, "out.csv")], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: s.dataDir },
    });
    expect(await readFile(path.join(out, "out.csv"), "utf8")).toBe(expected);
  }, 30_000);

  it.each([
    [["--format", "xml"], /--format must be csv or json/],
    [["--since", "yesterday"], /--since must be a date/],
    [["--site", "Cape May"], /--site must be a slug/],
    [["--bogus"], /Unknown option/],
  ])("%j fails with a clear message", async (args, message) => {
    await expect(run(await tempDataDir(), ...args)).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
  });
});

describe("control characters in contact fields", () => {
  it.each([
    ["firstName", "Dana\nBcc: someone@example.com", "First name must be on one line, without control characters"],
    ["lastName", "Reyes\u001b[31m", "Last name must be on one line, without control characters"],
    ["phone", "302-555-0101\r\nX-Extra: 1", "Phone number must be on one line, without control characters"],
    ["firstName", "Da\u0000na", "First name must be on one line, without control characters"],
  ])("the API refuses %s %j with the field's message, and stores nothing", async (field, value, message) => {
    const s = track(await startTestServer());
    const res = await postJson(`${s.url}/api/contact`, validLead({ [field]: value }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({ [field]: message });
    expect(await readStoredLeads(s.dataDir)).toEqual([]);
  });

  /** A lead stored before the schema refused control characters. */
  const olderLead = (): Lead => ({
    id: "older-lead-1",
    createdAt: "2026-10-01T12:00:00.000Z",
    firstName: "Dana\nBcc: someone@example.com",
    lastName: "=?UTF-8?B?SGFja2Vk?=",
    email: "dana@example.com",
    phone: "302\u0000555\u001b0101",
    interest: "sales",
    message: "Hello,\r\nplease call\u0000\u001b[2J after five",
    origin: null,
    source: null,
    site: "sussex-coast",
    delivery: { status: "pending", attempts: 0 },
  });

  it("an older stored lead is mailed without forged lines or headers, and its Subject decodes no encoded word", async () => {
    const dataDir = await tempDataDir();
    await writeFile(path.join(dataDir, "leads.json"), JSON.stringify({ leads: [olderLead()] }));
    const smtp = track(await startSmtpSink());
    track(await startTestServer(mailEnv(smtp.url), dataDir));
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 5000 });
    const mail = smtp.messages[0]!;
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.subject).not.toContain("Hacked");
    expect(mail.subject).toContain("SGFja2Vk");
    expect(mail.text!.split("\n").filter((l) => /^Bcc:/i.test(l))).toEqual([]);
    expect(mail.text).not.toMatch(/[\u0000\u001b]/);
    expect(mail.text).toContain("Name: Dana\uFFFDBcc: someone@example.com");
    expect(mail.text).toContain("Hello,\nplease call\uFFFD\uFFFD[2J after five");
  });

  it("the CSV export of an older stored lead holds no control character but the message's line breaks", async () => {
    const dataDir = await tempDataDir();
    await writeFile(path.join(dataDir, "leads.json"), JSON.stringify({ leads: [olderLead()] }));
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "api/cli/export-leads.ts", "--format", "csv"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    const rows = stdout.split("\r\n").filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^older-lead-1,2026-10-01T12:00:00.000Z,Dana\uFFFDBcc: someone@example.com,'=\?UTF-8/);
    expect(rows[1]).toContain("302\uFFFD555\uFFFD0101");
  }, 20_000);
});
