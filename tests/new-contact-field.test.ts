/**
 * A contact field is written once (issue 28): in a copy of the repository, an optional field with an input of its own
 * (a radio group, "Best way to reach you") is added by editing only the files docs/development.md names under "Add a
 * field to the contact form". The copy then type-checks and builds; the widget shows the field as optional, the API
 * takes it (and refuses a bad value in the schema's words), and the lead export's CSV has its column.
 */
import { execFileSync, spawn, type SpawnOptions } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const GUIDE = "docs/development.md";
const SECTION = "### Add a field to the contact form";

/**
 * A type check, a widget build and a vitest run in a fresh copy take about a minute on an idle 2-core machine; at a
 * load average of 20 (eight engineers' runs side by side) the type check alone ran past 200 s.
 */
const SPAWN_TIMEOUT_MS = 480_000;
const TEST_TIMEOUT_MS = 900_000;

let copy: string;
/** The entries the type check starts from: everything that reads the contact fields is imported from them. */
const PROBED = [
  "widgets/env.d.ts",
  "widgets/contact-form/index.ts",
  "api/routes/contact.ts",
  "api/cli/export-leads.ts",
  "domain/lead-mail.ts",
  "staff/src/screens/Leads.tsx",
  "api/routes/staff/leads.ts",
];

/** Run a command in the copy; it must succeed. Its output, for the caller to read. */
async function run(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  const child = spawn(command, args, { cwd: copy, timeout: SPAWN_TIMEOUT_MS, ...options });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect(status, `${command} ${args.join(" ")}: ${output}`).toBe(0);
  return output;
}
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);
const read = (file: string) => readFileSync(path.join(copy, file), "utf8");

/** The files the guide's section names (`path/to/file.ext`), as a newcomer reads them. */
function namedFiles(): Set<string> {
  const guide = readFileSync(path.join(ROOT, GUIDE), "utf8");
  const start = guide.indexOf(SECTION);
  expect(start, `${GUIDE} has "${SECTION}"`).toBeGreaterThanOrEqual(0);
  const section = guide.slice(start + SECTION.length, guide.indexOf("\n### ", start + SECTION.length));
  return new Set([...section.matchAll(/`([\w./-]+\.(?:ts|tsx))`/g)].map((m) => m[1]!));
}

/** Replace `anchor` (which must occur once) in the copy's `file` by `replacement`. */
function edit(file: string, anchor: string, replacement: string): void {
  const text = read(file);
  expect(text.split(anchor).length - 1, `${file} holds ${JSON.stringify(anchor)} once`).toBe(1);
  writeFileSync(path.join(copy, file), text.replace(anchor, replacement));
}

/** The change a developer makes, file by file: the schema and its message, the field list's row, the radio group. */
const CHANGE: Record<string, () => void> = {
  "domain/contact.ts": () => {
    edit(
      "domain/contact.ts",
      `  message: "Message must be at least 10 characters",\n`,
      `  message: "Message must be at least 10 characters",\n  contactBy: "Choose phone, e-mail or text message",\n`,
    );
    edit(
      "domain/contact.ts",
      `/** The message of a one-line field holding`,
      `/** How a visitor would rather be answered. */\nexport const CONTACT_WAYS = { phone: "Phone", email: "E-mail", text: "Text message" } as const;\n\n/** The message of a one-line field holding`,
    );
    edit(
      "domain/contact.ts",
      `  message: trimmed(MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.message),\n`,
      `  message: trimmed(MESSAGE_MIN_LENGTH, MESSAGE_MAX_LENGTH, CONTACT_MESSAGES.message),\n  contactBy: z.optional(z.enum(["phone", "email", "text"], { error: CONTACT_MESSAGES.contactBy })),\n`,
    );
  },
  "domain/contact-fields.ts": () => {
    edit("domain/contact-fields.ts", `import { INTEREST_LABELS,`, `import { CONTACT_WAYS, INTEREST_LABELS,`);
    edit("domain/contact-fields.ts", `| "textarea";`, `| "textarea" | "radio";`);
    edit(
      "domain/contact-fields.ts",
      `  { name: "message", label: "Message", control: "textarea" },`,
      `  { name: "message", label: "Message", control: "textarea" },\n  { name: "contactBy", label: "Best way to reach you", control: "radio", options: Object.entries(CONTACT_WAYS).map(([value, label]) => ({ value, label })) },`,
    );
  },
  "widgets/contact-form/ContactFields.tsx": () =>
    edit(
      "widgets/contact-form/ContactFields.tsx",
      `{f.control === "select" ? (`,
      `{f.control === "radio" ? (
            <span role="radiogroup" id={\`gc-cf-\${f.name}\`} aria-label={f.label}>
              {f.options?.map((o) => (
                <label key={o.value}>
                  <input type="radio" value={o.value} {...register(f.name)} />
                  {o.label}
                </label>
              ))}
            </span>
          ) : f.control === "select" ? (`,
    ),
};

/** What the copy's own widget test sees: the real <gc-contact-form>, its new field optional, its required ones still required. */
const WIDGET_PROBE = `import { expect, it } from "vitest";
import { mountWidget } from "../testing/widget-test";
import "./index";

it("shows the new field as optional", async () => {
  const { ui } = await mountWidget('<gc-contact-form api-base="http://dealer.test"></gc-contact-form>', "gc-contact-form", "form");
  const group = ui.getByRole("radiogroup", { name: "Best way to reach you" });
  expect(group.getAttribute("aria-required")).toBeNull();
  expect(ui.getByText("Best way to reach you", { selector: "label" }).textContent).toBe("Best way to reach you");
  expect(ui.getByRole("radio", { name: "Text message" })).toBeTruthy();
  expect(ui.getByLabelText("First Name *").getAttribute("aria-required")).toBe("true");
});
`;

/** What the copy's own API does with it: a lead with the field is stored, a bad value refused in words. */
const API_PROBE = `import { startTestServer } from "../api/testing/test-server";
import { validLead } from "../domain/testing/valid-lead";

const server = await startTestServer({}, process.argv[2]);
const post = (body: unknown) =>
  fetch(\`\${server.url}/api/contact\`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const accepted = await post(validLead({ firstName: "Radio", contactBy: "text" }));
const refused = await post(validLead({ contactBy: "fax" }));
console.log(JSON.stringify({ accepted: accepted.status, refused: refused.status, refusal: await refused.json() }));
await server.close();
`;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), "gc-new-contact-field-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("a new contact field", () => {
  it(
    "needs only the files the guide names, type-checks, builds, shows as optional, is taken by the API and is in the CSV",
    async () => {
      const named = namedFiles();
      for (const file of Object.keys(CHANGE)) expect([...named], `${GUIDE} names ${file}`).toContain(file);
      for (const change of Object.values(CHANGE)) change();

      // Type-checked with the repository's options, from every entry that reads the fields (the widget, the API's route, the
      // CSV and its command, the staff inbox), and the widget built.
      writeFileSync(
        path.join(copy, "tsconfig.probe.json"),
        JSON.stringify({
          extends: "./tsconfig.base.json",
          compilerOptions: { lib: ["ES2023", "DOM", "DOM.Iterable"], types: ["node"] },
          files: PROBED,
        }),
      );
      await Promise.all([
        run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.probe.json"]),
        run(bin("vite"), ["build", "--config", "vite.config.ts", "--logLevel", "error"], { env: { ...process.env, GC_WIDGET: "contact-form" } }),
      ]);
      expect(read("dist/widgets/contact-form.js")).toContain("Best way to reach you");

      // Shown as optional by the widget itself.
      writeFileSync(path.join(copy, "widgets/contact-form/NewField.probe.test.ts"), WIDGET_PROBE);
      await run(bin("vitest"), ["run", "--project", "widgets", "widgets/contact-form/NewField.probe.test.ts"]);

      // Taken by the API, refused in words when bad, and exported as a column of the CSV.
      const dataDir = mkdtempSync(path.join(copy, "data-"));
      mkdirSync(path.join(copy, "probe"));
      writeFileSync(path.join(copy, "probe/api.ts"), API_PROBE);
      const answers = JSON.parse((await run(bin("tsx"), ["probe/api.ts", dataDir])).trim().split("\n").at(-1)!) as {
        accepted: number;
        refused: number;
        refusal: { fields: Record<string, string> };
      };
      expect(answers).toMatchObject({ accepted: 201, refused: 400, refusal: { fields: { contactBy: "Choose phone, e-mail or text message" } } });
      const csv = await run(bin("tsx"), ["api/cli/export-leads.ts", "--format", "csv"], { env: { ...process.env, DATA_DIR: dataDir } });
      const [header, row] = csv.trim().split("\r\n");
      const column = header!.split(",").indexOf("contactBy");
      expect(column).toBeGreaterThan(0);
      expect(row!.split(",")[column]).toBe("text");
    },
    TEST_TIMEOUT_MS,
  );
});
