/**
 * Work too large for the event loop (a 2,000-unit sync, a 10,000-row CSV preview) done in a worker thread
 * while the server goes on answering: one of the core's pure planners (api/planners.ts), its arguments and result
 * copied across. The built server runs the bundled worker beside it (dist/server/plan-worker.js); the sources, under
 * tsx or Vitest, run the TypeScript one through tsx.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { SheetError } from "../domain/inventory-csv-parse";
import { PLANNERS, type PlannerName } from "./planners";

const fromSources = import.meta.url.endsWith(".ts");
/** Where tsx's ESM API is (its `import` export), for the sources' worker. */
function tsxApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = (JSON.parse(readFileSync(manifest, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports;
  return pathToFileURL(path.join(path.dirname(manifest), exports["./esm/api"]!.import.default)).href;
}
/** The sources' worker starts with tsx's loader registered in its own thread, then loads the TypeScript. */
const WORKER = fromSources
  ? new URL(
      `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(tsxApi())}; register(); await import(${JSON.stringify(new URL("./plan-worker.ts", import.meta.url).href)});`)}`,
    )
  : new URL("./plan-worker.js", import.meta.url);
/** Errors a planner throws on purpose, made again on this side by name (a worker's error arrives as its name and message). */
const KNOWN_ERRORS: Record<string, new (message: string) => Error> = { SheetError };

type Planner<K extends PlannerName> = (typeof PLANNERS)[K];

/** `PLANNERS[planner](...args)`, run in a worker thread. */
export function offLoop<K extends PlannerName>(planner: K, ...args: Parameters<Planner<K>>): Promise<ReturnType<Planner<K>>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { planner, args } });
    let settled = false;
    worker.once("message", (answer: { value?: ReturnType<Planner<K>>; error?: { name: string; message: string } }) => {
      settled = true;
      if (!answer.error) resolve(answer.value!);
      else {
        const Known = KNOWN_ERRORS[answer.error.name];
        reject(Known ? new Known(answer.error.message) : Object.assign(new Error(answer.error.message), { name: answer.error.name }));
      }
      void worker.terminate();
    });
    worker.once("error", (err) => {
      if (!settled) reject(err);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`The planning worker stopped (exit code ${code}) before it answered`));
    });
  });
}
