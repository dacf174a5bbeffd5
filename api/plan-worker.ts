/**
 * The worker thread of api/off-loop.ts: it runs one of the core's pure planners on what it is sent and posts the
 * result back (or the error's name and message), so that planning thousands of rows never holds the server's event loop.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PLANNERS, type PlannerName } from "./planners";

const { planner, args } = workerData as { planner: PlannerName; args: unknown[] };
try {
  parentPort!.postMessage({ value: (PLANNERS[planner] as (...a: unknown[]) => unknown)(...args) });
} catch (err) {
  parentPort!.postMessage({ error: { name: (err as Error).name, message: (err as Error).message } });
}
