// Cleanup: every spawned process, temp dir and the build snapshot go away however the benchmark
// ends (normally, on error, or on SIGINT/SIGTERM). A throwaway PostgreSQL server is stopped and
// removed by tests/support/postgres.ts when the process exits.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";

/** Processes killed (SIGKILL) if still running at the end. */
export const children = new Set<ChildProcess>();
/** Files and directories removed at the end. */
export const tempPaths = new Set<string>();
/** Run first on SIGINT/SIGTERM (e.g. stop the running load generator). */
export const onInterrupt = new Set<() => void>();

/** A new directory under the system's temp dir, removed at the end. */
export function tempDir(prefix: string): string {
  const d = mkdtempSync(join(os.tmpdir(), prefix));
  tempPaths.add(d);
  return d;
}

export function cleanupSync() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
  for (const p of tempPaths) rmSync(p, { recursive: true, force: true });
  tempPaths.clear();
}
process.on("exit", cleanupSync);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return; // a second Ctrl-C while cleaning up changes nothing
    stopping = true;
    console.error(`\n${signal}: stopping the benchmark`);
    for (const fn of onInterrupt) fn();
    // A moment first: tsx (npm run bench) waits ~30 ms for this process to acknowledge the signal
    // over IPC, and kills it outright if the synchronous cleanup below blocked that message.
    setTimeout(() => {
      cleanupSync();
      process.exit(130);
    }, 100);
  });
}
