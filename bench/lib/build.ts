// The build under test: present (built if build/main.js is missing), then snapshotted.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tempPaths } from "./cleanup";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BUILD = join(ROOT, "build");
export const RESULTS = join(ROOT, "bench", "results");
const BUILD_TIMEOUT_MS = 10 * 60_000;

export function ensureBuild() {
  if (existsSync(join(BUILD, "main.js"))) return;
  console.log("build/main.js is missing: running `npm run build` ...");
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", timeout: BUILD_TIMEOUT_MS });
  if (r.status !== 0) throw new Error(`npm run build failed (status ${r.status}, signal ${r.signal})`);
}

/** The newest file under src/ when it is newer than build/main.js: the build may be stale. */
export function newerSource(): { file: string; modified: string } | null {
  const built = statSync(join(BUILD, "main.js")).mtimeMs;
  let newest = { file: "", mtime: 0 };
  const walk = (dir: string, depth: number) => {
    if (depth > 20) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p, depth + 1);
      else if (e.isFile() && !/\.test\.tsx?$/.test(e.name)) {
        const m = statSync(p).mtimeMs;
        if (m > newest.mtime) newest = { file: p, mtime: m };
      }
    }
  };
  walk(join(ROOT, "src"), 0);
  return newest.mtime > built
    ? { file: relative(ROOT, newest.file), modified: new Date(newest.mtime).toISOString() }
    : null;
}

/**
 * Others may rebuild build/ while the benchmark runs (react-router build empties it first), so the
 * benchmark runs a private copy. It lives under bench/results (git-ignored) rather than in /tmp so
 * that build/main.js's bare imports still resolve through the repository's node_modules.
 */
export function snapshotBuild(): string {
  const snap = join(RESULTS, `.build-snapshot-${process.pid}`);
  tempPaths.add(snap);
  const required = ["main.js", "client/assets", "migrations"];
  for (let attempt = 1; attempt <= 3; attempt++) {
    rmSync(snap, { recursive: true, force: true });
    try {
      cpSync(BUILD, snap, { recursive: true });
    } catch (e) {
      console.warn(`copying build/ failed (attempt ${attempt}): ${(e as Error).message}`);
    }
    if (required.every((p) => existsSync(join(snap, p)))) return snap;
    console.warn(`build/ looks incomplete (a rebuild in progress?), retrying in 10 s (attempt ${attempt}/3)`);
    spawnSync("sleep", ["10"]);
    ensureBuild();
  }
  throw new Error(`build/ is incomplete: need ${required.join(", ")}`);
}
