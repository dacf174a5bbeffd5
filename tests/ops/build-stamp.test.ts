import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildState, sourcesHash, writeStamp } from "../../scripts/build-stamp.mjs";

/** A project tree with a source, a test, the lockfile and a complete build of them. */
let root: string;
const put = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "gc-stamp-"));
  await put("server/main.ts", "console.log('serving');\n");
  await put("server/main.test.ts", "it('serves');\n");
  await put("widgets/shared/define-widget.tsx", "export {};\n");
  await put("package.json", "{}\n");
  await put("package-lock.json", '{ "lockfileVersion": 3 }\n');
  await put("dist/server/main.js", "// built\n");
  writeStamp(sourcesHash(root), root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("whether dist/ is a build of the sources", () => {
  it("is current right after a build", () => {
    expect(buildState(root)).toMatchObject({ current: true, built: true });
  });

  it("is missing without a stamp or without the server bundle", async () => {
    await rm(path.join(root, "dist/server/main.js"));
    expect(buildState(root)).toMatchObject({ current: false, built: false, reason: "there is no build in dist/" });
    await rm(path.join(root, "dist"), { recursive: true });
    expect(buildState(root)).toMatchObject({ current: false, built: false });
  });

  it("is older than the sources once a source, the lockfile or package.json changes, or a source is added", async () => {
    const changes: [string, string][] = [
      ["server/main.ts", "console.log('changed');\n"],
      ["api/app.ts", "export {};\n"],
      ["package-lock.json", '{ "lockfileVersion": 3, "packages": {} }\n'],
      ["package.json", '{ "version": "0.2.0" }\n'],
      ["domain/new-rule.ts", "export const x = 1;\n"],
    ];
    for (const [file, text] of changes) {
      await put(file, text);
      expect(buildState(root), file).toMatchObject({ current: false, built: true, reason: expect.stringContaining("older than the sources") });
      writeStamp(sourcesHash(root), root);
    }
  });

  it("stays current when only a test, a dot-file or a file's time changes", async () => {
    await put("server/main.test.ts", "it('serves faster');\n");
    await put("api/.notes", "scratch\n");
    // Same content, new mtime: a fresh clone or a copy.
    await put("server/main.ts", "console.log('serving');\n");
    expect(buildState(root)).toMatchObject({ current: true });
  });
});
