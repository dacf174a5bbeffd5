import { createRequire, syncBuiltinESMExports } from "node:module";
import type { FileHandle } from "node:fs/promises";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestServer, validLead, type TestServer } from "../testing/test-server";
import { ACCOUNTS_FILE, openAccountStore } from "./account-store";

// Records the file system calls of the real server, in order, by wrapping fs/promises (the same functions the stores import).
const fsp = createRequire(import.meta.url)("node:fs/promises") as typeof import("node:fs/promises");
const calls: string[] = [];
const originals = { open: fsp.open, rename: fsp.rename };
let handleProto: { sync: FileHandle["sync"] } | undefined;
let originalSync: FileHandle["sync"] | undefined;
const paths = new WeakMap<object, string>();

beforeAll(async () => {
  const probe = await originals.open(import.meta.filename, "r");
  handleProto = Object.getPrototypeOf(probe) as { sync: FileHandle["sync"] };
  await probe.close();
  originalSync = handleProto.sync;
  handleProto.sync = function (this: FileHandle) {
    calls.push(`sync ${paths.get(this) ?? "?"}`);
    return originalSync!.call(this);
  };
  (fsp as { open: unknown }).open = async (file: string, ...rest: unknown[]) => {
    const handle = await (originals.open as (...a: unknown[]) => Promise<FileHandle>)(file, ...rest);
    paths.set(handle, path.basename(String(file)));
    return handle;
  };
  (fsp as { rename: unknown }).rename = async (from: string, to: string) => {
    await originals.rename(from, to);
    calls.push(`rename ${path.basename(String(from))} -> ${path.basename(String(to))}`);
  };
  syncBuiltinESMExports();
});

afterAll(() => {
  Object.assign(fsp, originals);
  if (handleProto && originalSync) handleProto.sync = originalSync;
  syncBuiltinESMExports();
});

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The calls from the rename into `file` back to the previous rename, and the one after it. */
function aroundRename(file: string): { before: string[]; after: string[] } {
  const at = calls.lastIndexOf(`rename .${file}.tmp -> ${file}`);
  expect(at, `no rename into ${file} in:\n${calls.join("\n")}`).toBeGreaterThanOrEqual(0);
  let start = at - 1;
  while (start >= 0 && !calls[start]!.startsWith("rename")) start--;
  return { before: calls.slice(start + 1, at), after: calls.slice(at + 1, at + 2) };
}

describe("a write that is acknowledged survives a power cut", () => {
  it("a lead's file is fsynced before its rename, and its folder after it", async () => {
    calls.length = 0;
    const res = await postJson(`${s.url}/api/contact`, validLead());
    expect(res.status).toBe(201);
    const { before, after } = aroundRename("leads.json");
    expect(before).toContain("sync .leads.json.tmp");
    expect(after).toEqual([`sync ${path.basename(s.dataDir)}`]);
  });

  it("the catalogue, seeded at start, is written the same way", async () => {
    calls.length = 0;
    const other = await startTestServer();
    try {
      const { before, after } = aroundRename("catalogue.json");
      expect(before).toContain("sync .catalogue.json.tmp");
      expect(after).toEqual([`sync ${path.basename(other.dataDir)}`]);
    } finally {
      await other.close();
    }
  });

  it("a staff account, which `npm run staff` adds beside the running server, is written the same way", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "durable-accounts-"));
    try {
      calls.length = 0;
      await openAccountStore(dataDir).add({ email: "owner@example.com", role: "owner", password: "owner password 1" });
      const { before, after } = aroundRename(ACCOUNTS_FILE);
      expect(before).toContain(`sync .${ACCOUNTS_FILE}.tmp`);
      expect(after).toEqual([`sync ${path.basename(dataDir)}`]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
