/**
 * npm start: build when dist/ holds no build of the sources as they are now
 * (scripts/build-stamp.mjs says what that means), then serve it. With a
 * current build it serves at once, so a restart takes about as long as the
 * server's own start-up.
 */
import { spawnSync } from "node:child_process";
import { buildState, canBuild, ROOT } from "./build-stamp.mjs";
import { runServer } from "./run-server.mjs";

const state = buildState();
if (state.current) {
  console.log(`[start] the build in dist/ (of ${state.builtAt}) is current: serving it`);
} else {
  if (!canBuild()) {
    console.error(
      `[start] ${state.reason}, and the build tools (devDependencies) are not installed here: ` +
        "build where they are (`npm run build`) and ship dist/ with the sources, or run `npm install` and start again",
    );
    process.exit(1);
  }
  console.log(`[start] ${state.reason}: building first`);
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status || 1);
}
await runServer("start");
