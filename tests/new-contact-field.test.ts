/**
 * docs/development.md's recipe "Add a field to the contact form", carried out as written: in a copy of the repository,
 * the guide's own lines for each kind of field (a text, an optional choice, a required choice) go where the guide says.
 * The copy then type-checks and builds the widget, its contact-form widget tests still pass, and it is used as a visitor
 * and as staff would use it: the real widget is filled in and sent to the copy's real API with the new field blank and answered, and each
 * kind's lead shows its answer in the staff API the inbox reads, in the CSV export and in the sales mail (and its ADF
 * copy) that reach an SMTP sink. Each kind's test fails when that kind's lines are left out.
 */
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const GUIDE = "docs/development.md";
const SECTION = "### Add a field to the contact form";

/**
 * A type check and a vitest run in a fresh copy take under a minute on an idle 2-core machine; at a load average of 20
 * the type check alone ran past 200 s.
 */
const SPAWN_TIMEOUT_MS = 480_000;
const SETUP_TIMEOUT_MS = 900_000;

/** Where each of the guide's comment lines ("// domain/contact.ts, in CONTACT_MESSAGES") puts the lines below it. */
const PLACES: Record<string, { file: string; after: string }> = {
  "domain/contact.ts, after INTEREST_LABELS": { file: "domain/contact.ts", after: `  general: "General",\n};\n` },
  "domain/contact.ts, in CONTACT_MESSAGES": { file: "domain/contact.ts", after: `export const CONTACT_MESSAGES = {\n` },
  "domain/contact.ts, in contactFields": { file: "domain/contact.ts", after: `const contactFields = (strict: boolean) => ({\n` },
  'domain/contact-fields.ts, at the end of CONTACT_FIELDS (import the labels from "./contact")': {
    file: "domain/contact-fields.ts",
    after: `  { name: "message", label: "Message", control: "textarea" },\n`,
  },
};

/**
 * The three kinds the guide shows: the names its lines for that kind hold, and a visitor's answer with what staff then
 * read (`text`: a choice's label); a required one is refused blank with `refusal`.
 */
const KINDS = [
  { kind: "text", name: "hoa", identifiers: ["hoa"], label: "Community or HOA", answer: "Bayside Villas", text: "Bayside Villas" },
  {
    kind: "optional choice",
    name: "contactBy",
    identifiers: ["contactBy", "CONTACT_WAYS"],
    label: "Best way to reach you",
    answer: "text",
    text: "Text message",
  },
  {
    kind: "required choice",
    name: "timeframe",
    identifiers: ["timeframe", "TIMEFRAMES"],
    label: "When you plan to buy",
    answer: "quarter",
    text: "In 1 to 3 months",
    refusal: "Choose when you plan to buy",
  },
] as const;
type Kind = (typeof KINDS)[number];
/** The visitor's first name on a kind's lead, blank or answered: how staff tell the leads apart. */
const visitor = (k: Kind, answered: boolean) => `${k.name}-${answered ? "answered" : "blank"}`;

/** The guide's code block of the section, as place → lines. */
function recipe(): Map<string, string[]> {
  const guide = readFileSync(path.join(ROOT, GUIDE), "utf8");
  const start = guide.indexOf(SECTION);
  expect(start, `${GUIDE} has "${SECTION}"`).toBeGreaterThanOrEqual(0);
  const section = guide.slice(start, guide.indexOf("\n### ", start + SECTION.length));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(code, `"${SECTION}" shows its lines in a ts code block`).toBeTruthy();
  const places = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of code!.trimEnd().split("\n")) {
    if (line.startsWith("// ")) places.set(line.slice(3), (lines = []));
    else lines!.push(line);
  }
  return places;
}

let copy: string;
const read = (file: string) => readFileSync(path.join(copy, file), "utf8");
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

/** Apply the guide's lines for `kinds` to the copy, each where its comment line says, as a developer does. */
function applyRecipe(kinds: readonly Kind[]): void {
  const mine = (line: string) => kinds.some((k) => k.identifiers.some((id) => new RegExp(`\\b${id}\\b`).test(line)));
  const imported = new Set<string>();
  for (const [place, lines] of recipe()) {
    const where = PLACES[place];
    expect(where, `the test knows where "// ${place}" goes`).toBeDefined();
    const text = read(where!.file);
    expect(text.split(where!.after).length - 1, `${where!.file} holds ${JSON.stringify(where!.after)} once`).toBe(1);
    const added = lines.filter(mine).map((line) => `  ${line}\n`);
    if (where!.file === "domain/contact-fields.ts") for (const line of added) for (const m of line.matchAll(/choiceOptions\((\w+)\)/g)) imported.add(m[1]!);
    writeFileSync(path.join(copy, where!.file), text.replace(where!.after, `${where!.after}${added.join("")}`));
  }
  // "import the labels from ./contact": the field list's import from the schema's file, with the labels added.
  const fields = read("domain/contact-fields.ts");
  const anchor = `import { INTEREST_LABELS,`;
  expect(fields).toContain(anchor);
  writeFileSync(path.join(copy, "domain/contact-fields.ts"), fields.replace(anchor, `import { ${[...imported, "INTEREST_LABELS"].join(", ")},`));
}

/** Run a command in the copy: its exit status and output. */
async function run(command: string, args: string[], options: SpawnOptions = {}): Promise<{ status: number | null; output: string }> {
  const child = spawn(command, args, { cwd: copy, timeout: SPAWN_TIMEOUT_MS, ...options });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { status, output };
}

/** The entries the type check starts from: everything that reads the contact fields is imported from them. */
const PROBED = [
  "widgets/env.d.ts",
  "widgets/contact-form/index.ts",
  "widgets/vehicle-detail/index.ts",
  "api/routes/contact.ts",
  "api/cli/export-leads.ts",
  "domain/lead-mail.ts",
  "domain/testing/valid-lead.ts",
  "staff/src/screens/Leads.tsx",
  "api/routes/staff/leads.ts",
];

const STAFF = { email: "owner@dealer.example", password: "a long staff password 1" };

/**
 * The copy's API with lead mail on, to a real SMTP sink, and an owner account: it prints `READY {url, origin}`, then
 * `MAIL {…}` for each mail the sink takes, until its input closes.
 */
const SERVER_PROBE = `import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startTestServer } from "../api/testing/test-server";
import { startSmtpSink } from "../api/testing/smtp-sink";
import { addAccount } from "../api/testing/staff-client";

const smtp = await startSmtpSink();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "gc-recipe-data-"));
await addAccount(dataDir, ${JSON.stringify(STAFF.email)}, "owner", ${JSON.stringify(STAFF.password)});
const server = await startTestServer(
  { SMTP_URL: smtp.url, LEAD_TO: "sales@dealer.example", LEAD_FROM: "web@dealer.example", MAIL_RETRY_BASE_MS: "100" },
  dataDir,
);
console.log("READY " + JSON.stringify({ url: server.url, origin: server.origin }));
let told = 0;
const tell = () => {
  for (const mail of smtp.messages.slice(told)) {
    const adf = mail.attachments.find((a) => a.filename?.endsWith(".adf.xml"))?.content.toString("utf8");
    console.log("MAIL " + JSON.stringify({ subject: mail.subject, text: mail.text, html: mail.html, adf }));
  }
  told = smtp.messages.length;
};
const timer = setInterval(tell, 50);
process.stdin.resume();
process.stdin.on("end", async () => {
  clearInterval(timer);
  await server.close();
  await smtp.close();
  process.exit(0);
});
`;

/**
 * The visitor: the real <gc-contact-form>, filled in field by field (widgets/testing/contact-form.ts) and sent to the
 * copy's API, once with the new field blank and once answered. Node's fetch takes no jsdom AbortSignal, so the
 * widget's request goes on without it.
 */
const visitorProbe = () => `import { expect, it, vi } from "vitest";
import userEvent from "@testing-library/user-event";
import { contactControl, fillContactForm } from "../testing/contact-form";
import { mountWidget } from "../testing/widget-test";
import "./index";

const API = process.env.RECIPE_API!;
const KINDS = ${JSON.stringify(KINDS)};

for (const k of KINDS)
  for (const answered of [false, true])
    it(\`\${k.kind} \${answered ? "answered" : "blank"}\`, async () => {
      const real = globalThis.fetch;
      const posted: unknown[] = [];
      vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
        posted.push(JSON.parse(String(init.body)));
        return real(url, { ...init, signal: undefined });
      });
      const { ui, root, events } = await mountWidget(\`<gc-contact-form api-base="\${API}" redirect=""></gc-contact-form>\`, "gc-contact-form", "form", ["gc-contact-submitted"]);
      // Shown with its label, announced as required only when it is.
      const control = k.kind === "optional choice" ? ui.getByRole("radiogroup", { name: k.label }) : contactControl(ui, k.label);
      expect(control.getAttribute("aria-required")).toBe("refusal" in k ? "true" : null);
      const user = userEvent.setup();
      await fillContactForm(user, ui, { "First Name": \`\${k.name}-\${answered ? "answered" : "blank"}\`, [k.label]: answered ? k.answer : "" });
      await user.click(ui.getByRole("button", { name: "Send Message" }));
      if (!answered && "refusal" in k) {
        await vi.waitFor(() => expect(ui.getByText(k.refusal)).toBeTruthy());
        const control = root.getElementById(\`gc-cf-\${k.name}\`)!;
        expect(control.getAttribute("aria-invalid")).toBe("true");
        expect(root.getElementById(control.getAttribute("aria-describedby")!)?.textContent).toBe(k.refusal);
        expect(posted).toEqual([]);
      } else {
        await vi.waitFor(() => expect(ui.getByText("Message sent")).toBeTruthy(), { timeout: 10_000 });
        expect(events.map((e) => e.type)).toEqual(["gc-contact-submitted"]);
      }
    });
`;

let server: ChildProcess | undefined;
let api: { url: string; origin: string };
const mails: { subject: string; text: string; html: string; adf?: string }[] = [];
let typecheck: { status: number | null; output: string };
let widgetBuild: { status: number | null; output: string };
/** The copy's vitest run, by test name: passed, or why not. */
const widgetResults = new Map<string, string>();
let widgetRun: { status: number | null; output: string };

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "gc-new-contact-field-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  applyRecipe(KINDS);

  writeFileSync(
    path.join(copy, "tsconfig.probe.json"),
    JSON.stringify({ extends: "./tsconfig.base.json", compilerOptions: { lib: ["ES2023", "DOM", "DOM.Iterable"], types: ["node"] }, files: PROBED }),
  );
  const typechecked = run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.probe.json"]);
  const built = run(bin("vite"), ["build", "--config", "vite.config.ts", "--logLevel", "error"], { env: { ...process.env, GC_WIDGET: "contact-form" } });

  mkdirSync(path.join(copy, "probe"));
  writeFileSync(path.join(copy, "probe/server.ts"), SERVER_PROBE);
  server = spawn(bin("tsx"), ["probe/server.ts"], { cwd: copy, stdio: ["pipe", "pipe", "inherit"] });
  const ready = new Promise<typeof api>((resolve, reject) => {
    server!.once("exit", (code) => reject(new Error(`the copy's API exited with ${code}`)));
    createInterface({ input: server!.stdout! }).on("line", (line) => {
      if (line.startsWith("READY ")) resolve(JSON.parse(line.slice(6)) as typeof api);
      else if (line.startsWith("MAIL ")) mails.push(JSON.parse(line.slice(5)) as (typeof mails)[number]);
    });
  });
  api = await ready;

  writeFileSync(path.join(copy, "widgets/contact-form/recipe.probe.test.ts"), visitorProbe());
  const report = path.join(copy, "widget-report.json");
  widgetRun = await run(bin("vitest"), ["run", "--project", "widgets", "widgets/contact-form", "--reporter=json", `--outputFile=${report}`], {
    env: { ...process.env, RECIPE_API: api.url },
  });
  const results = JSON.parse(read("widget-report.json")) as {
    testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  for (const file of results.testResults)
    for (const t of file.assertionResults)
      widgetResults.set(`${path.basename(file.name)} ${t.fullName}`, t.status === "passed" ? "passed" : t.failureMessages.join("\n") || t.status);
  [typecheck, widgetBuild] = await Promise.all([typechecked, built]);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.stdin!.end();
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** A staff session on the copy's API, and what the inbox and the CSV download hold. */
async function staffView() {
  const signIn = await fetch(`${api.url}/api/staff/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: api.origin },
    body: JSON.stringify(STAFF),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const inbox = (await (await fetch(`${api.url}/api/staff/leads`, { headers: { cookie } })).json()) as { leads: Record<string, unknown>[] };
  const csv = (await (await fetch(`${api.url}/api/staff/leads.csv`, { headers: { cookie } })).text()).replace(/^\uFEFF/, "");
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  return { leads: inbox.leads, rows };
}

describe("docs/development.md's recipe for a contact field", () => {
  it("puts each line where the guide says; the copy type-checks from every entry that reads the fields and builds the widget", () => {
    for (const [place, lines] of recipe())
      expect(
        lines.filter((line) => !KINDS.some((k) => k.identifiers.some((id) => line.includes(id)))),
        `every line under "// ${place}" is one kind's`,
      ).toEqual([]);
    expect(typecheck.status, typecheck.output).toBe(0);
    expect(widgetBuild.status, widgetBuild.output).toBe(0);
    const script = read("dist/widgets/contact-form.js");
    for (const k of KINDS) expect(script, "the built contact-form.js").toContain(k.label);
  });

  it("leaves the contact form's own widget tests passing with the three fields added", () => {
    const failed = [...widgetResults].filter(([name, result]) => !name.startsWith("recipe.probe") && result !== "passed");
    expect(widgetResults.size, widgetRun.output).toBeGreaterThan(KINDS.length * 2);
    expect(failed).toEqual([]);
  });

  describe.each(KINDS)("a $kind field ($label)", (k) => {
    it("the visitor sends it blank (or is told what to choose) and answered", () => {
      for (const state of ["blank", "answered"]) {
        const result = widgetResults.get(`recipe.probe.test.ts ${k.kind} ${state}`);
        expect(result, `the visitor's ${state} send`).toBe("passed");
      }
    });

    it("staff read the answer in the inbox, the CSV, the sales mail and its ADF copy", async () => {
      const { leads, rows } = await staffView();
      const answered = leads.find((l) => l.firstName === visitor(k, true));
      const blank = leads.find((l) => l.firstName === visitor(k, false));
      expect(answered?.[k.name], "the inbox's lead").toBe(k.answer);
      if ("refusal" in k) expect(blank, "a refused lead is not stored").toBeUndefined();
      else expect(blank && k.name in blank, "a blank answer is left out of the lead").toBe(false);

      const header = Object.keys(rows[0] ?? {});
      // An added field's column comes after every column an import already maps.
      expect(header.indexOf(k.name), "the CSV's header").toBeGreaterThan(header.indexOf("timeZone"));
      expect(rows.find((r) => r.firstName === visitor(k, true))?.[k.name]).toBe(k.answer);
      if (!("refusal" in k)) expect(rows.find((r) => r.firstName === visitor(k, false))?.[k.name]).toBe("");

      const mailOf = (name: string) => mails.find((m) => m.subject.includes(`${name} Reyes`));
      await vi.waitFor(() => expect(mailOf(visitor(k, true)), "the sales mail").toBeDefined(), { timeout: 15_000 });
      const mail = mailOf(visitor(k, true))!;
      expect(mail.text).toContain(`\n${k.label}: ${k.text}\n`);
      expect(mail.html).toContain(`<th align="left" style="color:#475569">${k.label}</th><td>${k.text}</td>`);
      expect(mail.adf).toContain(`${k.label}: ${k.text}.`);
      if (!("refusal" in k)) {
        await vi.waitFor(() => expect(mailOf(visitor(k, false))).toBeDefined(), { timeout: 15_000 });
        expect(mailOf(visitor(k, false))!.text).not.toContain(k.label);
      }
    });
  });
});
