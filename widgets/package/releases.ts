/**
 * The files a widget release is made of, beside the scripts in dist/widgets: custom-elements.json, integrity.json (the
 * SRI hash of every script) and a copy of them all under dist/widgets/{version}/, which the server keeps for good
 * (api/widget-releases.ts).
 */
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Integrity } from "../../domain/widget-integrity";

export type { Integrity };

/** A file's SRI value (sha384, as browsers and CDNs use). */
export const sriOf = (bytes: Buffer): string => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;

/** Write custom-elements.json and integrity.json into `dir`, and copy the release into `dir/{version}/`. */
export function writeRelease(dir: string, version: string, manifest: string): Integrity {
  copyFileSync(manifest, path.join(dir, "custom-elements.json"));
  const scripts = readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort();
  const integrity: Integrity = { version, files: Object.fromEntries(scripts.map((f) => [f, sriOf(readFileSync(path.join(dir, f)))])) };
  writeFileSync(path.join(dir, "integrity.json"), `${JSON.stringify(integrity, null, 2)}\n`);
  const pinned = path.join(dir, version);
  mkdirSync(pinned, { recursive: true });
  for (const f of [...scripts, "custom-elements.json", "integrity.json"]) copyFileSync(path.join(dir, f), path.join(pinned, f));
  return integrity;
}
