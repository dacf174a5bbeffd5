import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { ROOT } from "./server-build";

/** The machine and code a run measured. */
export interface Machine {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  commit: string;
  /** Whether the working tree had uncommitted changes. */
  dirty: boolean;
  date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number;
}

export function describeMachine(): Machine {
  const cpuinfo = (() => {
    try {
      return readFileSync("/proc/cpuinfo", "utf8");
    } catch {
      return "";
    }
  })();
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  return {
    nproc: os.availableParallelism(),
    cpuModel: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    commit: git("rev-parse", "--short", "HEAD"),
    dirty: git("status", "--porcelain", "--untracked-files=no") !== "",
    date: new Date().toISOString(),
    loadAverage: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}
