/**
 * npm run serve: run the build in dist/ as it is; never builds. Without a
 * complete build it stops with a message saying how to make one. A build older
 * than the sources is served all the same, with a warning.
 *
 * npm start (scripts/start.mjs) is this after a build when one is needed.
 */
import { buildState } from "./build-stamp.mjs";
import { runServer } from "./run-server.mjs";

const state = buildState();
if (!state.built) {
  console.error(`[serve] ${state.reason}: run \`npm run build\` first (or \`npm start\`, which builds when the build is missing or old)`);
  process.exit(1);
}
if (!state.current) console.warn(`[serve] warning: ${state.reason}; serving it anyway (\`npm run build\` or \`npm start\` brings it up to date)`);
await runServer("serve");
