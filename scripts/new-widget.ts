/**
 * npm run new-widget -- NAME: a new widget's folder (widgets/NAME/: its element, a trivial component, its styles and
 * a Testing Library test) and its entry in widgets/registry.ts, then `npm run generate` writes everything that lists
 * the widgets. NAME is lower-case words joined by hyphens, e.g. `booking` or `test-drive` (<gc-booking>,
 * <gc-test-drive>). The entry's description, attributes, reserve, fallback and budget are first guesses to edit.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";

/** A widget's name: what follows gc- in its tag, also its folder and its script. */
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** Where the registry's list of widgets ends: the entry goes just before it. */
const REGISTRY_END = "] as const satisfies readonly WidgetEntry[];";
const REGISTRY = "widgets/registry.ts";
/** A first size budget (kB, gzip): about what a widget of shared code and a little of its own weighs (docs/decisions/0005). */
const FIRST_BUDGET_KB = 15;

const name = process.argv[2] ?? "";
if (!NAME.test(name) || name.startsWith("gc-")) {
  console.error(`[new-widget] give the widget's name, lower-case words joined by hyphens, without gc-: npm run new-widget -- booking (got "${name}")`);
  process.exit(1);
}
const tag = `gc-${name}`;
const folder = `widgets/${name}`;
const component = name.replace(/(^|-)([a-z0-9])/g, (_m, _dash, c: string) => c.toUpperCase());
const className = `Gc${component}Element`;
const title = name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, " ");
const registry = readFileSync(REGISTRY, "utf8");
if (existsSync(folder) || registry.includes(`tag: "${tag}"`)) {
  console.error(`[new-widget] ${folder} or the registry's entry for <${tag}> exists already: nothing written`);
  process.exit(1);
}
if (!registry.includes(REGISTRY_END)) {
  console.error(`[new-widget] ${REGISTRY} has no "${REGISTRY_END}" line to add the entry before: nothing written`);
  process.exit(1);
}

const files: Record<string, string> = {
  "index.ts": `/** Registers <${tag}>. */
import { defineWidget } from "../shared/define-widget";
import { ATTRIBUTES, type ${component}Attributes } from "./attributes";
import { ${component} } from "./${component}";
import css from "./${name}.css?inline";

defineWidget("${tag}", ${component}, { props: ATTRIBUTES, css });

/** The element: its attributes (declared in widgets/registry.ts) as properties. */
export interface ${className} extends HTMLElement, ${component}Attributes {}

declare global {
  interface HTMLElementTagNameMap {
    "${tag}": ${className};
  }
}
`,
  [`${component}.tsx`]: `import type { WidgetProps } from "../shared/define-widget";
import { useWidgetEvents } from "../shared/analytics";
import { Heading, headingLevel } from "../shared/headings";

export const TAG = "${tag}";
/** What the widget says when the page sets no message. */
export const DEFAULT_MESSAGE = "Hello";

export interface ${component}Props {
  /** The text under the title. */
  message?: string;
  /** The level of the widget's top heading, 1 to 6; default 3. */
  headingLevel?: number;
  /** A label naming the page or partner, sent with gc-ready and gc-action. */
  source?: string;
}

/** <${tag}>: ${title}. */
export function ${component}({ message = DEFAULT_MESSAGE, headingLevel: level, source, host }: ${component}Props & WidgetProps) {
  useWidgetEvents(host, TAG, source, true);
  return (
    <section className="gc-${name}" part="root">
      <Heading level={headingLevel(level, 3)}>${title}</Heading>
      <p>{message}</p>
    </section>
  );
}
`,
  [`${name}.css`]: `/* <${tag}>. */
.gc-${name} {
  display: grid;
  gap: calc(1 * var(--_rem));
}
`,
  [`${component}.test.tsx`]: `import { describe, expect, it } from "vitest";
import { mountWidget } from "../testing/widget-test";
import "./index";

describe("<${tag}>", () => {
  it("shows its heading", async () => {
    const { ui } = await mountWidget("<${tag}></${tag}>", "${tag}", ".gc-${name}");
    expect(ui.getByRole("heading", { name: "${title}" })).toBeTruthy();
    expect(ui.getByText("Hello")).toBeTruthy();
  });

  it("says the page's message", async () => {
    const { ui } = await mountWidget('<${tag} message="Welcome"></${tag}>', "${tag}", ".gc-${name}");
    expect(ui.getByText("Welcome")).toBeTruthy();
  });
});
`,
};

const entry = `  {
    tag: "${tag}",
    title: "${title}",
    className: "${className}",
    folder: "${name}",
    script: "${name}",
    budgetKb: ${FIRST_BUDGET_KB},
    description: "${title}.",
    attributes: [
      { name: "message", type: "string", description: "The text under the title.", default: "Hello" },
      headingLevel("its title", 3),
      SOURCE,
      THEME,
    ],
    events: COMMON_EVENTS,
    demo: {},
    reserve: () => "200px",
    fallback: { text: "${title}", path: () => "/" },
  },
`;

/** Write a file as the repository's prettier formats it. */
const write = async (file: string, text: string) => writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));

mkdirSync(folder);
for (const [file, text] of Object.entries(files)) await write(`${folder}/${file}`, text);
await write(REGISTRY, registry.replace(REGISTRY_END, `${entry}${REGISTRY_END}`));
console.log(`[new-widget] wrote ${folder}/ (${Object.keys(files).join(", ")}) and <${tag}>'s entry in ${REGISTRY}`);
const generate = spawnSync("npm", ["run", "--silent", "generate"], { stdio: "inherit" });
process.exit(generate.status ?? 1);
