/**
 * npm run staff | leads | photos | backup | restore | migrate-to-postgres: the operator's commands, run from
 * the build (dist/server/cli/NAME.js, production dependencies only) when
 * dist/ holds a build of the sources as they are now, else from the sources
 * through tsx when the build tools are installed (a developer's edit counts
 * at once, without a build). `node scripts/cli.mjs NAME ARGS…`.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildState, canBuild, ROOT } from "./build-stamp.mjs";

/** Each command's source, under api/cli/; its build is dist/server/cli/NAME.js (tsup.config.ts). */
const COMMANDS = {
  staff: "staff.ts",
  leads: "export-leads.ts",
  photos: "photos.ts",
  backup: "backup.ts",
  restore: "restore.ts",
  "migrate-to-postgres": "migrate-to-postgres.ts",
};

const name = process.argv[2];
if (!Object.hasOwn(COMMANDS, name)) {
  console.error(`[cli] unknown command "${name ?? ""}": one of ${Object.keys(COMMANDS).join(", ")}`);
  process.exit(2);
}
// The command reads its own arguments from process.argv.slice(2).
process.argv.splice(2, 1);

const state = buildState();
if (state.current) {
  await import(pathToFileURL(path.join(ROOT, "dist/server/cli", `${name}.js`)).href);
} else if (canBuild()) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(ROOT, "api/cli", COMMANDS[name])).href);
} else {
  console.error(`[${name}] ${state.reason}, and the build tools are not installed here: run \`npm run build\` where they are and ship dist/`);
  process.exit(1);
}
