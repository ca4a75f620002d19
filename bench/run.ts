// Pathagar benchmark. Run with `npm run bench [-- --only catalogue,lighthouse --duration 10 ...]`;
// `npm run bench -- --help` lists the parts and options. By default every part runs:
//
//   cold        cold start of the built server (fresh and initialised PGlite data dir)
//   load        resident memory, throughput/latency of the server-rendered `/` (and /healthz as a
//               no-render baseline), on the embedded PGlite with the demo catalogue
//   js          first-load JavaScript of `/` and of a `/book/{id}` (gzip, 100 KB budget each), and
//               no admin code on either page
//   catalogue   a throwaway PostgreSQL server with the demo catalogue + 100,000 bulk books (the seed
//               CLI), then the search API (p95 <= 50 ms) and book pages (p99 <= 100 ms) under load,
//               and EXPLAIN (ANALYZE, BUFFERS) of typical searches through the service's own SQL
//   buying      the cart API (GET /api/cart/info, POST /api/cart: p99 <= 50 ms) and cash-on-delivery
//               checkouts under 50 signed-in shoppers, on the catalogue's PostgreSQL server (or a
//               throwaway one with the demo catalogue when the catalogue part does not run)
//   lighthouse  Lighthouse performance (mobile, simulated slow 4G + 4x CPU), 3 runs each of `/` and
//               a `/book/{id}` with a cover: median score >= 90 and LCP <= 2.5 s; on the PostgreSQL
//               server when the catalogue part ran, else on PGlite with the demo catalogue
//
// Everything is on loopback (127.0.0.1), every loop is bounded in count and in time, and every
// server, PostgreSQL cluster, browser and temp dir this script makes is removed when it ends
// (normally, on error, or on SIGINT/SIGTERM). Before each part the load average is printed; above
// --max-load the part waits (at most --max-wait seconds) for the machine to quieten.
// Results are printed as tables and written to bench/results/latest.json. The exit code is 1 when
// a target or check fails.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { listQuerySchema, toListQuery } from "../src/contracts/catalog-query";
import type { Db } from "../src/server/db/client";
import * as schema from "../src/server/db/schema";
import { listProducts } from "../src/server/services/catalog";
import routeConfig from "../src/web/routes";
import { type BuyingResult, benchBuying, buyingReport, CART_P99_BUDGET_MS } from "./buying";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = join(ROOT, "build");
const RESULTS = join(ROOT, "bench", "results");
const HOST = "127.0.0.1";
const KB = 1024; // sizes are reported in KB of 1024 bytes
const JS_BUDGET_KB = 100;
const SEARCH_P95_BUDGET_MS = 50;
const BOOK_P99_BUDGET_MS = 100;
const LH_SCORE_MIN = 90;
const LH_LCP_MAX_MS = 2_500;
const START_TIMEOUT_MS = 90_000; // one server start, spawn to first 200 on /healthz
const POLL_INTERVAL_MS = 10;
const STOP_TIMEOUT_MS = 8_000; // SIGTERM, then SIGKILL
const BUILD_TIMEOUT_MS = 10 * 60_000;
const SEED_TIMEOUT_MS = 30 * 60_000;
const PG_TIMEOUT_MS = 120_000; // initdb, pg_ctl start/stop
const LH_RUN_TIMEOUT_MS = 180_000; // one Lighthouse run
const MAX_LATENCY_SAMPLES = 5_000_000;
const LOG_TAIL_CHARS = 16_000;
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
const PARTS = ["cold", "load", "js", "catalogue", "buying", "lighthouse"] as const;
type Part = (typeof PARTS)[number];

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    skip: { type: "string" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    runs: { type: "string", default: "3" },
    books: { type: "string", default: "100000" },
    "lighthouse-runs": { type: "string", default: "3" },
    "max-load": { type: "string", default: "2" },
    "max-wait": { type: "string", default: "120" },
    "log-level": { type: "string", default: "warn" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench -- [options]
  --only <parts>          comma-separated parts to run (default: all): ${PARTS.join(", ")}
  --skip <parts>          comma-separated parts not to run
  --duration <s>          measured autocannon run per URL or URL set, seconds (default 10)
  --warmup <s>            autocannon warm-up per URL or URL set, seconds (default 3)
  --connections <n>       autocannon connections (default 20; the targets are stated at 20)
  --runs <n>              cold starts per case, median reported (default 3)
  --books <n>             bulk books seeded into PostgreSQL for the catalogue part (default 100000)
  --lighthouse-runs <n>   Lighthouse runs per page, median reported (default 3)
  --max-load <x>          wait before a part while the 1-minute load average is above x (default 2)
  --max-wait <s>          ... but at most this long (default 120)
  --log-level <lvl>       server LOG_LEVEL (default warn: no per-request log lines)`);
  process.exit(0);
}

function intArg(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value?.replace(/_/g, ""));
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${value})`);
    process.exit(2);
  }
  return n;
}
function partsArg(name: string, value: string | undefined): Part[] {
  if (value === undefined) return [];
  const list = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => (s === "catalog" ? "catalogue" : s));
  const bad = list.filter((s) => !(PARTS as readonly string[]).includes(s));
  if (bad.length) {
    console.error(`--${name}: unknown part ${bad.join(", ")}; the parts are ${PARTS.join(", ")}`);
    process.exit(2);
  }
  return list as Part[];
}
const maxLoad = Number(args["max-load"]);
if (!Number.isFinite(maxLoad) || maxLoad <= 0) {
  console.error(`--max-load must be a positive number (got ${args["max-load"]})`);
  process.exit(2);
}
const only = partsArg("only", args.only);
const skip = partsArg("skip", args.skip);
const opts = {
  parts: PARTS.filter((p) => (only.length === 0 || only.includes(p)) && !skip.includes(p)),
  duration: intArg("duration", args.duration, 1, 600),
  warmup: intArg("warmup", args.warmup, 0, 120),
  connections: intArg("connections", args.connections, 1, 1000),
  runs: intArg("runs", args.runs, 1, 20),
  books: intArg("books", args.books, 0, 2_000_000),
  lighthouseRuns: intArg("lighthouse-runs", args["lighthouse-runs"], 1, 9),
  maxLoad,
  maxWaitS: intArg("max-wait", args["max-wait"], 0, 1800),
  logLevel: args["log-level"] ?? "warn",
};
if (opts.parts.length === 0) {
  console.error("no part left to run");
  process.exit(2);
}
const runs = (p: Part) => opts.parts.includes(p);

// ---------------------------------------------------------------------------------------------
// Cleanup: every spawned process, PostgreSQL cluster, temp dir and the build snapshot go away
// however we exit.

const children = new Set<ChildProcess>();
const tempPaths = new Set<string>();
const pgClusters = new Set<PgCluster>();
let runningCannon: autocannon.Instance | undefined;

function cleanupSync() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
  for (const c of pgClusters) stopPostgresSync(c, "immediate");
  pgClusters.clear();
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
    runningCannon?.stop();
    // A moment first: tsx (npm run bench) waits ~30 ms for this process to acknowledge the signal
    // over IPC, and kills it outright if the synchronous cleanup below blocked that message.
    setTimeout(() => {
      cleanupSync();
      process.exit(130);
    }, 100);
  });
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Exact nearest-rank percentiles of the recorded samples. */
function exactPercentiles(samples: number[]) {
  const s = Float64Array.from(samples).sort();
  const n = s.length;
  const at = (p: number) => (n ? s[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))]! : Number.NaN);
  const mean = n ? s.reduce((a, b) => a + b, 0) / n : Number.NaN;
  return { n, mean, p50: at(50), p90: at(90), p95: at(95), p99: at(99), max: n ? s[n - 1]! : Number.NaN };
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, guard]).finally(() => clearTimeout(timer));
}

function table(headers: string[], rows: (string | number)[][], rightAlign = true): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i > 0 && rightAlign ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

function section(title: string) {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 70 - title.length))}`);
}

const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : "n/a");
const loadAvg = () => os.loadavg().map((x) => Number(x.toFixed(2)));

/** A port the kernel just handed out on loopback; released before the server binds it. */
function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", rej);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? res(port) : rej(new Error("no free port"))));
    });
  });
}

/** One GET on loopback without keep-alive; resolves with status and body, never hangs. */
function get(url: string, timeoutMs = 2_000): Promise<{ status: number; body: string }> {
  return new Promise((res, rej) => {
    const req = request(url, { agent: false, headers: { connection: "close" }, timeout: timeoutMs }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c: Buffer) => chunks.push(c));
      r.on("end", () => res({ status: r.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      r.on("error", rej);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${url}`)));
    req.on("error", rej);
    req.end();
  });
}

type Mem = { rssKB: number; hwmKB: number } | null;

/** VmRSS and VmHWM (peak RSS) of a process, from /proc (Linux only; null elsewhere). */
function memOf(pid: number): Mem {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssKB: kb("VmRSS"), hwmKB: kb("VmHWM") };
  } catch {
    return null;
  }
}
const mb = (m: Mem, key: "rssKB" | "hwmKB" = "rssKB") => (m ? (m[key] / 1024).toFixed(1) : "n/a");

// ---------------------------------------------------------------------------------------------
// A quiet machine: the load average before each part, waiting (bounded) while it is high.

type Quiet = {
  part: string;
  loadAvgBefore: number[];
  waitedS: number;
  loadAvgAtStart: number[];
  quiet: boolean;
};
const quietLog: Quiet[] = [];

async function awaitQuiet(part: string): Promise<Quiet> {
  const before = loadAvg();
  const t0 = performance.now();
  let now = before;
  if (now[0]! > opts.maxLoad && opts.maxWaitS > 0) {
    console.log(
      `  load average ${now.join(" / ")} is above ${opts.maxLoad}: waiting up to ${opts.maxWaitS} s for it to drop ...`,
    );
    const polls = Math.ceil(opts.maxWaitS / 5);
    for (let i = 0; i < polls && now[0]! > opts.maxLoad; i++) {
      await sleep(5_000);
      now = loadAvg();
    }
  }
  const q: Quiet = {
    part,
    loadAvgBefore: before,
    waitedS: Math.round((performance.now() - t0) / 1000),
    loadAvgAtStart: now,
    quiet: now[0]! <= opts.maxLoad,
  };
  console.log(
    `  load average (1/5/15 min) before ${part}: ${before.join(" / ")}` +
      (q.waitedS ? `; after waiting ${q.waitedS} s: ${now.join(" / ")}` : "") +
      (q.quiet ? "" : `  WARNING: still above ${opts.maxLoad}, measuring anyway`),
  );
  quietLog.push(q);
  return q;
}

// ---------------------------------------------------------------------------------------------
// Build: present (built if build/main.js is missing), then snapshotted.

function ensureBuild() {
  if (existsSync(join(BUILD, "main.js"))) return;
  console.log("build/main.js is missing: running `npm run build` ...");
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", timeout: BUILD_TIMEOUT_MS });
  if (r.status !== 0) throw new Error(`npm run build failed (status ${r.status}, signal ${r.signal})`);
}

/** The newest file under src/ when it is newer than build/main.js: the build may be stale. */
function newerSource(): { file: string; modified: string } | null {
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
function snapshotBuild(): string {
  const snap = join(RESULTS, `.build-snapshot-${process.pid}`);
  tempPaths.add(snap);
  const required = ["main.js", "server/index.js", "client/assets", "migrations"];
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

// ---------------------------------------------------------------------------------------------
// Server processes

type Server = {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  log: () => string;
  exited: Promise<void>;
};

type ServerDb = { dataDir: string; databaseUrl?: string };

/** The server's environment: production as deployed, a random secret, quiet logs. */
function serverEnv(db: ServerDb, secret: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Production as deployed (React's production build, no dev tooling); the session secret is
    // random per run and only matters to cookies nobody keeps.
    NODE_ENV: "production",
    SESSION_SECRET: secret,
    HOST,
    DATA_DIR: db.dataDir,
    LOG_LEVEL: opts.logLevel,
    // The embedded PGlite under DATA_DIR unless a PostgreSQL server is given.
    DATABASE_URL: db.databaseUrl ?? "",
    ADMIN_PHONE: "",
    ADMIN_PASSWORD: "",
  };
}
const randomSecret = () =>
  `bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.padEnd(
    48,
    "x",
  );
/** The buying part makes sessions for the server it measures, so that server is given this secret. */
const BENCH_SESSION_SECRET = randomSecret();

async function startServer(
  buildDir: string,
  db: ServerDb,
  extraEnv: Record<string, string> = {},
): Promise<{ server: Server; ms: number }> {
  const port = await freePort();
  let logTail = "";
  const keep = (c: Buffer) => {
    logTail = (logTail + c.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  const env = { ...serverEnv(db, randomSecret()), ...extraEnv, PORT: String(port) };
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(buildDir, "main.js")], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  exited.then(() => children.delete(child));
  const base = `http://${HOST}:${port}`;
  const server: Server = { child, pid: child.pid ?? -1, port, base, log: () => logTail, exited };

  const maxPolls = Math.ceil(START_TIMEOUT_MS / POLL_INTERVAL_MS);
  for (let i = 0; i < maxPolls && performance.now() - t0 < START_TIMEOUT_MS; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during start-up (code ${child.exitCode}):\n${logTail}`);
    }
    try {
      const r = await get(`${base}/healthz`, 1_000);
      if (r.status === 200) return { server, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await sleep(POLL_INTERVAL_MS);
  }
  await stopServer(server);
  throw new Error(`no 200 from /healthz within ${START_TIMEOUT_MS} ms:\n${logTail}`);
}

async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM"); // the server closes PGlite cleanly, so the data dir can be reopened
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await server.exited;
  clearTimeout(timer);
}

function tempDataDir(): string {
  const d = mkdtempSync(join(os.tmpdir(), "pathagar-bench-"));
  tempPaths.add(d);
  return d;
}

// ---------------------------------------------------------------------------------------------
// 1. Cold start

type ColdStart = { runsMs: number[]; medianMs: number; rssAfterStartKB: (number | null)[] };

async function coldStarts(
  buildDir: string,
): Promise<{ fresh: ColdStart; restart: ColdStart; dataDir: string }> {
  const fresh: number[] = [];
  const freshRss: (number | null)[] = [];
  let initialised = "";
  for (let i = 0; i < opts.runs; i++) {
    const dir = tempDataDir();
    const { server, ms } = await startServer(buildDir, { dataDir: dir });
    fresh.push(ms);
    freshRss.push(memOf(server.pid)?.rssKB ?? null);
    await stopServer(server);
    console.log(`  fresh data dir, run ${i + 1}/${opts.runs}: ${ms.toFixed(0)} ms`);
    if (!initialised) initialised = dir;
    else rmSync(dir, { recursive: true, force: true });
  }
  const restart: number[] = [];
  const restartRss: (number | null)[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const { server, ms } = await startServer(buildDir, { dataDir: initialised });
    restart.push(ms);
    restartRss.push(memOf(server.pid)?.rssKB ?? null);
    await stopServer(server);
    console.log(`  restart on initialised data dir, run ${i + 1}/${opts.runs}: ${ms.toFixed(0)} ms`);
  }
  return {
    fresh: { runsMs: fresh, medianMs: median(fresh), rssAfterStartKB: freshRss },
    restart: { runsMs: restart, medianMs: median(restart), rssAfterStartKB: restartRss },
    dataDir: initialised,
  };
}

// ---------------------------------------------------------------------------------------------
// 3. Load

type Load = {
  url: string;
  connections: number;
  durationS: number;
  requests: number;
  reqPerSecMean: number;
  reqPerSecStddev: number;
  latencyMs: { mean: number; p50: number; p97_5: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerSecMean: number;
};

type CannonRun = {
  /** One URL, or a base URL with `paths` cycled through, one path per request. */
  url: string;
  seconds: number;
  paths?: string[];
  /** Receives the response time (ms) of every 2xx response, for exact percentiles. */
  record?: number[];
};

function cannon(run: CannonRun): Promise<autocannon.Result> {
  return new Promise((res, rej) => {
    // Outer bound in case autocannon does not end on its own.
    let guard: NodeJS.Timeout | undefined;
    const paths = run.paths;
    let next = 0;
    const inst = autocannon(
      {
        url: run.url,
        connections: opts.connections,
        duration: run.seconds,
        timeout: 10,
        // Every request takes the next path of the list (shared by all connections).
        ...(paths?.length
          ? {
              requests: [
                { method: "GET", setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) },
              ],
            }
          : {}),
      },
      (err, r) => {
        clearTimeout(guard);
        runningCannon = undefined;
        if (err) rej(err);
        else res(r);
      },
    );
    const record = run.record;
    if (record) {
      inst.on("response", (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300 && record.length < MAX_LATENCY_SAMPLES) record.push(ms);
      });
    }
    runningCannon = inst;
    guard = setTimeout(() => inst.stop(), (run.seconds + 30) * 1000);
  });
}

async function load(server: Server, path: string): Promise<Load> {
  const url = `${server.base}${path}`;
  if (opts.warmup > 0) await cannon({ url, seconds: opts.warmup });
  const r = await cannon({ url, seconds: opts.duration });
  return {
    url: path,
    connections: r.connections,
    durationS: r.duration,
    requests: r.requests.total,
    reqPerSecMean: r.requests.mean,
    reqPerSecStddev: r.requests.stddev,
    latencyMs: {
      mean: r.latency.mean,
      p50: r.latency.p50,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    bytesPerSecMean: r.throughput.mean,
  };
}

/** A load over many URLs, with exact latency percentiles from every response's own time. */
type ManyLoad = {
  name: string;
  distinctPaths: number;
  connections: number;
  durationS: number;
  requests: number;
  reqPerSecMean: number;
  /** Exact, from every 2xx response time (autocannon reports p97.5 and p99 but no p95). */
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  /** autocannon's own histogram (whole ms), for comparison. */
  autocannonLatencyMs: { p50: number; p90: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU time per completed request during the measured run (ms; NaN with none): where the time goes. */
  cpuMsPerRequest: { server: number; postgres: number | null; loadGenerator: number };
  /** CPU time in all during the measured run (s). */
  cpuSeconds: { server: number; postgres: number | null; loadGenerator: number };
};

/** CPU time (user + system) of a process, ms; with `children`, of its waited-for children too. */
function cpuMsOf(pid: number, children = false): number {
  try {
    // Fields after the command name (which may hold spaces): utime is the 14th field overall.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
    return (ticks * 1000) / CLK_TCK;
  } catch {
    return 0;
  }
}

/** CPU time of a PostgreSQL cluster: the postmaster, its live children and those that ended. */
function pgCpuMs(c: PgCluster): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(c.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
  let ms = cpuMsOf(postmaster, true);
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) ms += cpuMsOf(Number(d));
    } catch {
      // gone
    }
  }
  return ms;
}

async function loadMany(
  server: Server,
  name: string,
  paths: string[],
  cluster?: PgCluster,
): Promise<ManyLoad> {
  if (opts.warmup > 0) await cannon({ url: server.base, seconds: opts.warmup, paths });
  const samples: number[] = [];
  const cpu0 = {
    server: cpuMsOf(server.pid),
    pg: cluster ? pgCpuMs(cluster) : null,
    self: process.cpuUsage(),
  };
  const r = await cannon({ url: server.base, seconds: opts.duration, paths, record: samples });
  const pgAfter = cluster ? pgCpuMs(cluster) : null;
  const selfUs = process.cpuUsage(cpu0.self);
  const cpuMs = {
    server: cpuMsOf(server.pid) - cpu0.server,
    postgres: pgAfter !== null && cpu0.pg !== null ? pgAfter - cpu0.pg : null,
    loadGenerator: (selfUs.user + selfUs.system) / 1000,
  };
  const perRequest = (ms: number) => (samples.length ? ms / samples.length : Number.NaN);
  const p = exactPercentiles(samples);
  return {
    cpuMsPerRequest: {
      server: perRequest(cpuMs.server),
      postgres: cpuMs.postgres === null ? null : perRequest(cpuMs.postgres),
      loadGenerator: perRequest(cpuMs.loadGenerator),
    },
    cpuSeconds: {
      server: cpuMs.server / 1000,
      postgres: cpuMs.postgres === null ? null : cpuMs.postgres / 1000,
      loadGenerator: cpuMs.loadGenerator / 1000,
    },
    name,
    distinctPaths: new Set(paths).size,
    connections: r.connections,
    durationS: r.duration,
    requests: r.requests.total,
    reqPerSecMean: r.requests.mean,
    latencyMs: { mean: p.mean, p50: p.p50, p90: p.p90, p95: p.p95, p99: p.p99, max: p.max },
    autocannonLatencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
    },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

function manyLoadTable(loads: ManyLoad[]): string {
  return table(
    [
      "URL set",
      "paths",
      "req/s",
      "mean ms",
      "p50 ms",
      "p90 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "requests",
      "errors",
      "timeouts",
      "non-2xx",
      "CPU ms/req server",
      "PostgreSQL",
    ],
    loads.map((l) => [
      l.name,
      l.distinctPaths,
      f0(l.reqPerSecMean),
      f1(l.latencyMs.mean),
      f1(l.latencyMs.p50),
      f1(l.latencyMs.p90),
      f1(l.latencyMs.p95),
      f1(l.latencyMs.p99),
      f1(l.latencyMs.max),
      l.requests,
      l.errors,
      l.timeouts,
      l.non2xx,
      f1(l.cpuMsPerRequest.server),
      l.cpuMsPerRequest.postgres === null ? "n/a" : f1(l.cpuMsPerRequest.postgres),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// 4. First-load JavaScript of a page (`/`, `/book/{id}`)

/** Every /assets/*.js the page loads up front: <script src>, <link rel=modulepreload>, inline imports. */
function firstLoadScripts(html: string): { scripts: Map<string, string>; inlineJs: string } {
  const scripts = new Map<string, string>(); // path -> how it is referenced
  const attr = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
      .exec(tag)
      ?.slice(1)
      .find(Boolean);
  const add = (src: string | undefined, via: string) => {
    if (!src) return;
    const path = new URL(src, "http://x/").pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js") && !scripts.has(path)) scripts.set(path, via);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\bmodulepreload\b/i.test(attr(tag, "rel") ?? "")) add(attr(tag, "href"), "modulepreload");
  }
  let inlineJs = "";
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attr(`<script ${m[1]}>`, "src");
    if (src) {
      add(src, "script src");
      continue;
    }
    const body = m[2] ?? "";
    inlineJs += `${body}\n`;
    // React Router's hydration script imports the route modules by URL.
    for (const i of body.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?\(?\s*["']([^"']+)["']/g))
      add(i[1], "inline import");
  }
  return { scripts, inlineJs };
}

type AdminModules = { method: string; files: Map<string, string>; warnings: string[] };

const isAdminSource = (fileFromAppDir: string) =>
  /^routes\/admin\//.test(fileFromAppDir) || fileFromAppDir === "layouts/admin.tsx";

/**
 * Which /assets files are the route modules of the admin (src/web/routes/admin/** and
 * src/web/layouts/admin.tsx)?
 *
 * - If Vite wrote build/client/.vite/manifest.json (build.manifest), it maps each source file to
 *   its chunk directly: exact, used as is.
 * - Otherwise (the default build) React Router's own manifest, build/client/assets/manifest-<v>.js,
 *   maps every route id to its module chunk. Route ids are taken from src/web/routes.ts, the one
 *   place that ties a route file to its id: an explicit `id`, or else the file path without its
 *   extension (React Router's createRouteId). This survives explicit ids and duplicate chunk names
 *   (there are several `book-*.js`, `bundle-*.js`: shop and admin), which matching chunk file
 *   names against admin file names would not. Manifest ids starting with `routes/admin/` are
 *   added too, in case the build is newer than the source read here.
 *
 * This finds admin route chunks on the shop page; admin code pulled into a shared chunk by a shop
 * import would not show at chunk level (the client build has no source maps to look into).
 */
function adminRouteModules(clientDir: string, html: string): AdminModules {
  const warnings: string[] = [];
  const files = new Map<string, string>();
  const viteManifest = join(clientDir, ".vite", "manifest.json");
  if (existsSync(viteManifest)) {
    const m = JSON.parse(readFileSync(viteManifest, "utf8")) as Record<
      string,
      { file: string; src?: string }
    >;
    for (const [key, chunk] of Object.entries(m)) {
      const src = (chunk.src ?? key).replace(/^src\/web\//, "");
      if (isAdminSource(src)) files.set(`/${chunk.file}`, `src/web/${src}`);
    }
    return { method: "build/client/.vite/manifest.json (source file -> chunk)", files, warnings };
  }

  const candidates = readdirSync(join(clientDir, "assets")).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (candidates.length === 0) throw new Error("no manifest-*.js in build/client/assets");
  // Several manifests only if build/ was not emptied between builds: take the one the page names.
  const manifestFile =
    candidates.find((f) => html.includes(f.replace(/^manifest-|\.js$/g, ""))) ??
    candidates.sort(
      (a, b) =>
        statSync(join(clientDir, "assets", b)).mtimeMs - statSync(join(clientDir, "assets", a)).mtimeMs,
    )[0]!;
  if (candidates.length > 1) warnings.push(`several React Router manifests, used ${manifestFile}`);
  const text = readFileSync(join(clientDir, "assets", manifestFile), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  const manifest = JSON.parse(json) as { routes: Record<string, { id: string; module: string }> };

  const idToFile = new Map<string, string>();
  const walk = (entries: readonly { id?: string; file: string; children?: unknown }[], depth: number) => {
    if (depth > 50) return;
    for (const e of entries) {
      idToFile.set(e.id ?? e.file.replace(/\.[a-z0-9]+$/i, ""), e.file);
      if (Array.isArray(e.children)) walk(e.children, depth + 1);
    }
  };
  walk(routeConfig, 0);

  for (const [id, route] of Object.entries(manifest.routes)) {
    const file = idToFile.get(id);
    if (file === undefined && id !== "root")
      warnings.push(`route id ${id} is in the build but not in src/web/routes.ts`);
    if (
      (file !== undefined && isAdminSource(file)) ||
      id.startsWith("routes/admin/") ||
      id === "layouts/admin"
    ) {
      files.set(route.module, file ? `src/web/${file}` : `route ${id}`);
    }
  }
  for (const [id, file] of idToFile) {
    if (!manifest.routes[id])
      warnings.push(`route ${id} (${file}) is in src/web/routes.ts but not in the build`);
  }
  return { method: `React Router ${manifestFile} + route ids from src/web/routes.ts`, files, warnings };
}

type Bundle = {
  page: string;
  files: { file: string; via: string; bytes: number; gzipBytes: number; admin: string | null }[];
  totalGzipBytes: number;
  totalBytes: number;
  inlineJsGzipBytes: number;
  budgetKB: number;
  withinBudget: boolean;
  adminCheck: {
    method: string;
    adminModulesInBuild: number;
    adminOnPage: string[];
    pass: boolean;
    warnings: string[];
  };
};

function firstLoadJs(clientDir: string, page: string, html: string): Bundle {
  const { scripts, inlineJs } = firstLoadScripts(html);
  if (scripts.size === 0) throw new Error(`no /assets/*.js found in the HTML of ${page}`);
  const admin = adminRouteModules(clientDir, html);
  const files: Bundle["files"] = [];
  for (const [path, via] of scripts) {
    const onDisk = join(clientDir, path);
    if (!existsSync(onDisk)) throw new Error(`${path} is referenced by ${page} but not in build/client`);
    const buf = readFileSync(onDisk);
    files.push({
      file: path,
      via,
      bytes: buf.length,
      gzipBytes: gzipSync(buf, { level: 9 }).length,
      admin: admin.files.get(path) ?? null,
    });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = files.reduce((s, f) => s + f.gzipBytes, 0);
  const adminOnPage = files.filter((f) => f.admin).map((f) => `${f.file} (${f.admin})`);
  return {
    page,
    files,
    totalGzipBytes,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    inlineJsGzipBytes: inlineJs.trim() ? gzipSync(inlineJs, { level: 9 }).length : 0,
    budgetKB: JS_BUDGET_KB,
    withinBudget: totalGzipBytes <= JS_BUDGET_KB * KB,
    adminCheck: {
      method: admin.method,
      adminModulesInBuild: admin.files.size,
      adminOnPage,
      // With no admin module found at all the check proves nothing: fail rather than pass silently.
      pass: adminOnPage.length === 0 && admin.files.size > 0,
      warnings: admin.warnings,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// 5. A throwaway PostgreSQL server, as scripts/test.sh makes one: initdb as the `postgres` user
// (initdb refuses root), a free loopback port, the socket in the cluster's temp dir. fsync,
// synchronous_commit and full_page_writes are off: that only makes writes (the seed) cheaper and
// does not change how reads are planned or executed.

type PgCluster = {
  dir: string;
  dataDir: string;
  port: number;
  url: string;
  bin: string;
  version: string;
  settings: string[];
  logFile: string;
  asPostgres: string[];
  running: boolean;
};

const PG_SETTINGS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

function pgBinDir(): string {
  const fromEnv = process.env.PGBIN;
  if (fromEnv && existsSync(join(fromEnv, "postgres"))) return fromEnv;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, "bin", "postgres")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql, or set PGBIN)",
    );
  }
  return join(base, versions.at(-1)!, "bin");
}

function runSync(cmd: string, cmdArgs: string[], what: string, timeoutMs = PG_TIMEOUT_MS): string {
  const r = spawnSync(cmd, cmdArgs, { encoding: "utf8", timeout: timeoutMs });
  if (r.status !== 0) {
    throw new Error(
      `${what} failed (status ${r.status}, signal ${r.signal}): ${(r.stderr || r.stdout || "").trim()}`,
    );
  }
  return r.stdout;
}

function pgRun(
  c: Pick<PgCluster, "bin" | "asPostgres">,
  exe: string,
  exeArgs: string[],
  what: string,
): string {
  const [cmd, ...pre] = [...c.asPostgres, join(c.bin, exe)];
  return runSync(cmd!, [...pre, ...exeArgs], what);
}

async function startPostgres(): Promise<PgCluster> {
  const bin = pgBinDir();
  const dir = mkdtempSync(join(os.tmpdir(), "pathagar-bench-pg-"));
  tempPaths.add(dir);
  const asPostgres: string[] = [];
  if (process.getuid?.() === 0) {
    if (spawnSync("id", ["postgres"]).status !== 0) {
      runSync("useradd", ["--system", "--no-create-home", "postgres"], "useradd postgres");
    }
    runSync("chown", ["postgres", dir], "chown of the PostgreSQL temp dir");
    asPostgres.push("runuser", "-u", "postgres", "--");
  }
  const port = await freePort();
  const c: PgCluster = {
    dir,
    dataDir: join(dir, "data"),
    port,
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    bin,
    version: runSync(join(bin, "postgres"), ["--version"], "postgres --version").trim(),
    settings: PG_SETTINGS,
    logFile: join(dir, "server.log"),
    asPostgres,
    running: false,
  };
  pgRun(
    c,
    "initdb",
    ["-D", c.dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"],
    "initdb",
  );
  pgClusters.add(c); // from here on, cleanup stops it
  c.running = true;
  const serverOpts = [`-p ${port}`, `-h ${HOST}`, `-k ${dir}`, ...PG_SETTINGS.map((s) => `-c ${s}`)].join(
    " ",
  );
  pgRun(
    c,
    "pg_ctl",
    ["-D", c.dataDir, "-l", c.logFile, "-w", "-t", "60", "-o", serverOpts, "start"],
    "pg_ctl start",
  );
  return c;
}

function stopPostgresSync(c: PgCluster, mode: "fast" | "immediate") {
  if (!c.running) return;
  c.running = false;
  const [cmd, ...pre] = [...c.asPostgres, join(c.bin, "pg_ctl")];
  spawnSync(cmd!, [...pre, "-D", c.dataDir, "-m", mode, "-w", "-t", "30", "stop"], {
    stdio: "ignore",
    timeout: 40_000,
  });
  pgClusters.delete(c);
}

function pgLogTail(c: PgCluster): string {
  try {
    return readFileSync(c.logFile, "utf8").slice(-4_000);
  } catch {
    return "";
  }
}

// ---------------------------------------------------------------------------------------------
// 6. Seeding: the project's own seed CLI (migrations, accounts, demo catalogue, bulk books)

type SeedResult = {
  books: number;
  wallS: number;
  /** The CLI's own figures: migrations + accounts + demo catalogue, then the bulk books. */
  demoS: number | null;
  bulkS: number | null;
  booksPerS: number | null;
};

function runSeed(url: string, dataDir: string, books: number): Promise<SeedResult> {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    const env = serverEnv({ dataDir, databaseUrl: url }, randomSecret());
    // `node --import tsx` runs the CLI in this one process (the tsx binary would fork another).
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/server/db/seed/cli.ts", "--books", String(books)],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    children.add(child);
    let out = "";
    let pending = "";
    const onData = (c: Buffer) => {
      const text = c.toString("utf8");
      out = (out + text).slice(-LOG_TAIL_CHARS);
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const l of lines) if (l.trim() && !/npm warn/i.test(l)) console.log(`  seed | ${l}`);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    const timer = setTimeout(() => child.kill("SIGKILL"), SEED_TIMEOUT_MS);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      if (code !== 0) {
        rej(new Error(`the seed CLI failed (code ${code}, signal ${signal}):\n${out}`));
        return;
      }
      const demo = /demo catalogue in ([\d.]+) s/.exec(out);
      const bulk = /added [\d,]+ books in ([\d.]+) s \(([\d,]+) books\/s\)/.exec(out);
      res({
        books,
        wallS: (performance.now() - t0) / 1000,
        demoS: demo ? Number(demo[1]) : null,
        bulkS: bulk ? Number(bulk[1]) : null,
        booksPerS: bulk ? Number(bulk[2]!.replace(/,/g, "")) : null,
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// 7. The catalogue under load: search API and book pages on PostgreSQL with 100,000+ books

/**
 * What shoppers type, from the seeded vocabulary (src/server/db/seed/catalog-data.ts, bulk.ts):
 * title words, one-letter typos, two-word queries, Bangla words, author and publisher names and
 * short prefixes (as the header's suggestions see them while one types).
 */
const SEARCH_QUERIES: { kind: string; q: string[] }[] = [
  {
    kind: "word",
    q: [
      "physics",
      "chemistry",
      "biology",
      "accounting",
      "economics",
      "geography",
      "sociology",
      "ict",
      "english",
      "bangla",
      "vectors",
      "thermodynamics",
      "electrochemistry",
      "optics",
      "gravitation",
      "genetics",
      "respiration",
      "integration",
      "partnership",
      "suggestion",
      "admission",
      "medical",
      "engineering",
      "varsity",
    ],
  },
  {
    kind: "typo",
    q: [
      "phisics",
      "chemestry",
      "biolgy",
      "acounting",
      "economcs",
      "geografy",
      "sociolgy",
      "thermodinamics",
      "electrochemestry",
      "gravitaton",
      "integraton",
      "sugestion",
      "admision",
      "medicel",
      "enginering",
      "vecters",
    ],
  },
  {
    kind: "two words",
    q: [
      "physics second",
      "organic chemistry",
      "higher math",
      "question bank",
      "model tests",
      "biology mcq",
      "revision notes",
      "formula handbook",
      "medical admission",
      "dhaka university",
      "cell division",
      "current electricity",
      "solved problems",
      "test papers",
    ],
  },
  {
    kind: "bangla",
    q: [
      "পদার্থবিজ্ঞান",
      "রসায়ন",
      "জীববিজ্ঞান",
      "গণিত",
      "উচ্চতর গণিত",
      "হিসাববিজ্ঞান",
      "অর্থনীতি",
      "ভূগোল",
      "সমাজবিজ্ঞান",
      "প্রশ্নব্যাংক",
      "সাজেশন",
      "মডেল টেস্ট",
      "ভর্তি",
      "বাংলা",
      "ইংরেজি",
    ],
  },
  {
    kind: "author",
    q: [
      "rafiqul",
      "rafiqul islam",
      "nazma begum",
      "karim",
      "tanvir ahmed",
      "farhana",
      "mahbubur",
      "sadia",
      "kamrul hasan",
      "nusrat",
      "imtiaz chowdhury",
      "subrata das",
      "rokeya",
      "রফিকুল",
      "নাজমা",
    ],
  },
  {
    kind: "publisher",
    q: ["panjeree", "lecture publications", "hasan book house", "sopan", "meghna academic"],
  },
  { kind: "prefix", q: ["ph", "che", "bio", "acc", "eco", "geo", "mat", "eng", "adm", "ques", "mod", "রসা"] },
];

const searchPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

type ExplainedStatement = {
  sql: string;
  params: unknown[];
  planningMs: number | null;
  executionMs: number | null;
  plan: string[];
};

type Explain = {
  label: string;
  q: string;
  total: number;
  serviceMs: number;
  /** Sums over the statements the search ran. */
  planningMs: number;
  executionMs: number;
  trigramIndex: boolean;
  fullTextIndex: boolean;
  seqScanOnProducts: boolean;
  tempBlocks: { read: number; written: number };
  statements: ExplainedStatement[];
};

/**
 * The search SQL exactly as the service sends it: listProducts runs through a drizzle instance
 * whose logger keeps every statement, then all of them are replayed in order in one transaction
 * (rolled back): `set_config` ones as they are (the transaction-local similarity threshold), every
 * other one under EXPLAIN (ANALYZE, BUFFERS). However many statements the service's search takes
 * (ranking, cards, a typo fallback), each is explained.
 */
async function explainSearch(url: string, label: string, q: string): Promise<Explain> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const captured: { sql: string; params: unknown[] }[] = [];
    const db = drizzle(pool, {
      schema,
      casing: "snake_case",
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    const t0 = performance.now();
    const page = await listProducts({ db }, toListQuery(listQuerySchema.parse({ q })));
    const serviceMs = performance.now() - t0;
    const stmts = captured.filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.sql));
    if (stmts.length === 0) throw new Error(`no SQL captured for ${q}`);
    const client = await pool.connect();
    const statements: ExplainedStatement[] = [];
    try {
      await client.query("begin");
      for (const s of stmts) {
        if (/^\s*select set_config\(/i.test(s.sql)) {
          await client.query(s.sql, s.params);
          continue;
        }
        const r = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params);
        const plan = r.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
        const text = plan.join("\n");
        const num = (re: RegExp) => {
          const m = re.exec(text);
          return m ? Number(m[1]) : null;
        };
        statements.push({
          sql: s.sql,
          params: s.params,
          planningMs: num(/Planning Time: ([\d.]+) ms/),
          executionMs: num(/Execution Time: ([\d.]+) ms/),
          plan,
        });
      }
      await client.query("rollback");
    } finally {
      client.release();
    }
    const text = statements.flatMap((st) => st.plan).join("\n");
    let tempRead = 0;
    let tempWritten = 0;
    for (const st of statements) {
      // Buffers lines repeat each child's counts: a plan's first one is the whole statement's.
      const temp = /temp read=(\d+)(?: written=(\d+))?|temp written=(\d+)/.exec(st.plan.join("\n"));
      if (temp) {
        tempRead += Number(temp[1] ?? 0);
        tempWritten += Number(temp[2] ?? temp[3] ?? 0);
      }
    }
    const sum = (k: "planningMs" | "executionMs") => statements.reduce((a, st) => a + (st[k] ?? 0), 0);
    return {
      label,
      q,
      total: page.total,
      serviceMs,
      planningMs: sum("planningMs"),
      executionMs: sum("executionMs"),
      trigramIndex: /Index Scan (?:using|on) (?:products_search_names|search_words_word)_trgm_idx/.test(text),
      fullTextIndex: /Index Scan (?:using|on) products_search_vector_idx/.test(text),
      seqScanOnProducts: /Seq Scan on products\s+\(/.test(text),
      tempBlocks: { read: tempRead, written: tempWritten },
      statements,
    };
  } finally {
    await pool.end();
  }
}

type Catalogue = {
  postgres: { version: string; settings: string[]; port: number; sharedBuffers: string; workMem: string };
  seed: SeedResult;
  vacuumAnalyzeS: number;
  products: { total: number; books: number; publishedBooks: number; withCover: number };
  serverStartMs: number;
  databasePoolSize: string;
  warmup: { searchS: number; bookS: number; searchNon200: string[]; bookNon200: string[] };
  /** Seconds waited for queued queries to finish around the load tests. */
  drains: Record<string, number>;
  queries: { kind: string; q: string; total: number | null }[];
  search: ManyLoad;
  book: ManyLoad;
  /** The same loads with the public answer cache off. */
  uncached: { book: ManyLoad; search: ManyLoad };
  perQuery: { kind: string; q: string; total: number | null; medianMs: number }[];
  explain: Explain[];
  memory: Record<string, Mem>;
  bookWithCover: number | null;
};

/**
 * Which queries are slow, one at a time: the median of up to 3 rounds (bounded in time; the
 * kinds of query take turns, so a cut-short round still covers every kind).
 */
async function timeEachSearch(
  server: Server,
  queryTotals: { kind: string; q: string; total: number | null }[],
): Promise<Catalogue["perQuery"]> {
  console.log("  timing each search alone (up to 3 rounds) ...");
  const byTurns = [...SEARCH_QUERIES.map((g) => g.q)];
  const interleaved: string[] = [];
  for (let i = 0; i < Math.max(...byTurns.map((q) => q.length)); i++) {
    for (const q of byTurns) if (q[i] !== undefined) interleaved.push(searchPath(q[i]!));
  }
  const rounds: Map<string, number>[] = [];
  const tProfile = performance.now();
  for (let i = 0; i < 3 && performance.now() - tProfile < 150_000; i++) {
    const left = Math.max(1, 150 - (performance.now() - tProfile) / 1000);
    rounds.push((await sequentialPass(server.base, interleaved, left)).ms);
  }
  return queryTotals
    .map((x) => ({
      ...x,
      medianMs: median(rounds.map((r) => r.get(searchPath(x.q))).filter((v): v is number => v !== undefined)),
    }))
    .filter((x) => Number.isFinite(x.medianMs))
    .sort((a, b) => b.medianMs - a.medianMs);
}

/** Every path once, one at a time (bounded in time): warms caches, checks the answers. */
async function sequentialPass(
  base: string,
  paths: string[],
  maxS: number,
): Promise<{ seconds: number; non200: string[]; bodies: Map<string, string>; ms: Map<string, number> }> {
  const t0 = performance.now();
  const non200: string[] = [];
  const bodies = new Map<string, string>();
  const ms = new Map<string, number>();
  for (const p of paths) {
    if (performance.now() - t0 > maxS * 1000) {
      console.log(`  (stopped after ${maxS.toFixed(0)} s, ${bodies.size}/${paths.length} done)`);
      break;
    }
    const t = performance.now();
    const r = await get(`${base}${p}`, 30_000);
    ms.set(p, performance.now() - t);
    bodies.set(p, r.body);
    if (r.status !== 200) non200.push(`${p}: ${r.status}`);
  }
  return { seconds: (performance.now() - t0) / 1000, non200, bodies, ms };
}

/**
 * Waits (at most 180 s) until no client query is running on the cluster: requests a load test
 * gave up on (timeouts) are still being answered by the server and would slow the next test.
 * Returns the seconds waited.
 */
async function drainDatabase(c: PgCluster): Promise<number> {
  const pool = new pg.Pool({ connectionString: c.url, max: 1 });
  const t0 = performance.now();
  try {
    let idlePolls = 0;
    for (let i = 0; i < 360 && idlePolls < 2; i++) {
      const r = await pool.query(
        "select count(*)::int as n from pg_stat_activity where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()",
      );
      idlePolls = r.rows[0].n === 0 ? idlePolls + 1 : 0;
      if (idlePolls < 2) await sleep(500);
    }
  } finally {
    await pool.end();
  }
  const s = (performance.now() - t0) / 1000;
  if (s > 2) console.log(`  waited ${s.toFixed(0)} s for PostgreSQL to finish queued queries`);
  return s;
}

async function catalogue(
  buildDir: string,
): Promise<{ result: Catalogue; server: Server; cluster: PgCluster }> {
  await awaitQuiet("catalogue: PostgreSQL + seed");
  const cluster = await startPostgres();
  console.log(`  ${cluster.version} on ${HOST}:${cluster.port} (${cluster.settings.join(", ")}: throwaway)`);
  const dataDir = tempDataDir(); // uploads: the demo covers and e-book files the seed writes
  console.log(`  seeding: npm run db:seed -- --books ${opts.books} (DATABASE_URL=${cluster.url}) ...`);
  let seed: SeedResult;
  try {
    seed = await runSeed(cluster.url, dataDir, opts.books);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nPostgreSQL log:\n${pgLogTail(cluster)}`);
  }
  console.log(`  seeded in ${seed.wallS.toFixed(1)} s wall time`);

  const pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
  let vacuumAnalyzeS: number;
  let products: Catalogue["products"];
  let bookIds: number[];
  let bookWithCover: number | null;
  let settings: { shared_buffers: string; work_mem: string };
  try {
    // As autovacuum would soon after a bulk load: planner statistics and the visibility map.
    const t0 = performance.now();
    await pool.query("vacuum (analyze)");
    vacuumAnalyzeS = (performance.now() - t0) / 1000;
    console.log(`  VACUUM (ANALYZE) in ${vacuumAnalyzeS.toFixed(1)} s`);
    const counts = await pool.query(`select count(*)::int as total,
        count(*) filter (where kind = 'book')::int as books,
        count(*) filter (where kind = 'book' and published)::int as "publishedBooks",
        count(*) filter (where kind = 'book' and published and image is not null)::int as "withCover"
      from products`);
    products = counts.rows[0];
    // ~500 published books in a fixed pseudo-random order (the same ids on every run).
    const ids = await pool.query(
      "select id from products where kind = 'book' and published order by md5(id::text) limit 500",
    );
    bookIds = ids.rows.map((r: { id: number }) => Number(r.id));
    const cover = await pool.query(
      "select id from products where kind = 'book' and published and image is not null order by sold_count desc, id limit 1",
    );
    bookWithCover = cover.rows[0] ? Number(cover.rows[0].id) : null;
    settings = (
      await pool.query(
        "select current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem",
      )
    ).rows[0];
  } finally {
    await pool.end();
  }
  console.log(
    `  products: ${products.total.toLocaleString("en")} (${products.publishedBooks.toLocaleString("en")} published books, ${products.withCover} with a cover); ${bookIds.length} book ids sampled`,
  );

  const { server, ms: serverStartMs } = await startServer(
    buildDir,
    { dataDir, databaseUrl: cluster.url },
    { SESSION_SECRET: BENCH_SESSION_SECRET },
  );
  const memory: Record<string, Mem> = { afterStart: memOf(server.pid) };
  console.log(`  server on PostgreSQL started in ${serverStartMs.toFixed(0)} ms; warming up ...`);

  const queries = SEARCH_QUERIES.flatMap((g) => g.q.map((q) => ({ kind: g.kind, q })));
  const searchPaths = queries.map((x) => searchPath(x.q));
  const bookPaths = bookIds.map((id) => `/book/${id}`);
  const warmSearch = await sequentialPass(server.base, searchPaths, 180);
  const warmBook = await sequentialPass(server.base, bookPaths, 180);
  const totalOf = (body: string | undefined): number | null => {
    try {
      return (JSON.parse(body ?? "") as { data?: { total?: number } }).data?.total ?? null;
    } catch {
      return null;
    }
  };
  const queryTotals = queries.map((x) => ({ ...x, total: totalOf(warmSearch.bodies.get(searchPath(x.q))) }));
  console.log(
    `  warm-up: ${searchPaths.length} searches in ${warmSearch.seconds.toFixed(1)} s, ${bookPaths.length} book pages in ${warmBook.seconds.toFixed(1)} s` +
      `; queries finding nothing: ${queryTotals.filter((x) => x.total === 0).length}`,
  );
  for (const x of [...warmSearch.non200, ...warmBook.non200].slice(0, 10)) console.log(`  WARNING: ${x}`);

  // Book pages first: an overloaded search leaves work queued behind it (drained below, bounded).
  const drains: Record<string, number> = {};
  await awaitQuiet("catalogue: book pages under load");
  drains["before book pages"] = await drainDatabase(cluster);
  console.log(
    `  book pages: ${bookPaths.length} ids cycled, ${opts.connections} connections, warm-up ${opts.warmup}s, then ${opts.duration}s measured ...`,
  );
  const book = await loadMany(server, "/book/{id}", bookPaths, cluster);
  memory["afterLoad book"] = memOf(server.pid);
  drains["after book pages"] = await drainDatabase(cluster);
  await awaitQuiet("catalogue: search under load");
  console.log(
    `  search: ${searchPaths.length} queries cycled, ${opts.connections} connections, warm-up ${opts.warmup}s, then ${opts.duration}s measured ...`,
  );
  const search = await loadMany(server, "/api/search?q=…", searchPaths, cluster);
  memory["afterLoad search"] = memOf(server.pid);
  drains["after search"] = await drainDatabase(cluster);

  // The same loads on a second server with the public answer cache off: what each request costs
  // when every one is rendered and queried afresh (a visitor the cache has not seen).
  const { server: plain } = await startServer(
    buildDir,
    { dataDir, databaseUrl: cluster.url },
    {
      PAGE_CACHE_SECONDS: "0",
    },
  );
  let uncached: { book: ManyLoad; search: ManyLoad };
  let perQuery: Catalogue["perQuery"];
  try {
    await sequentialPass(plain.base, [...bookPaths.slice(0, 50), ...searchPaths.slice(0, 20)], 60);
    await awaitQuiet("catalogue: uncached book pages under load");
    drains["before uncached book pages"] = await drainDatabase(cluster);
    console.log("  the same loads with the public answer cache off (PAGE_CACHE_SECONDS=0) ...");
    const uncachedBook = await loadMany(plain, "/book/{id} uncached", bookPaths, cluster);
    drains["after uncached book pages"] = await drainDatabase(cluster);
    await awaitQuiet("catalogue: uncached search under load");
    const uncachedSearch = await loadMany(plain, "/api/search?q=… uncached", searchPaths, cluster);
    drains["after uncached search"] = await drainDatabase(cluster);
    uncached = { book: uncachedBook, search: uncachedSearch };
    perQuery = await timeEachSearch(plain, queryTotals);
  } finally {
    await stopServer(plain);
  }

  console.log("  EXPLAIN (ANALYZE, BUFFERS) of typical searches ...");
  const explain: Explain[] = [];
  for (const [label, q] of [
    ["one-letter typo", "chemestry"],
    ["Bangla word", "রসায়ন"],
    ["common English word", "physics"],
  ] as const) {
    explain.push(await explainSearch(cluster.url, label, q));
  }

  return {
    result: {
      postgres: {
        version: cluster.version,
        settings: cluster.settings,
        port: cluster.port,
        sharedBuffers: settings.shared_buffers,
        workMem: settings.work_mem,
      },
      seed,
      vacuumAnalyzeS,
      products,
      serverStartMs,
      databasePoolSize: process.env.DATABASE_POOL_SIZE || "10 (default)",
      warmup: {
        searchS: warmSearch.seconds,
        bookS: warmBook.seconds,
        searchNon200: warmSearch.non200,
        bookNon200: warmBook.non200,
      },
      drains,
      queries: queryTotals,
      search,
      book,
      uncached,
      perQuery,
      explain,
      memory,
      bookWithCover,
    },
    server,
    cluster,
  };
}

/** The buying part against a running server on a PostgreSQL cluster. */
async function buyingOn(server: Server, cluster: PgCluster): Promise<BuyingResult> {
  section("running 7. buying: the cart API and checkout under 50 signed-in shoppers");
  await awaitQuiet("buying");
  return benchBuying({
    base: server.base,
    databaseUrl: cluster.url,
    sessionSecret: BENCH_SESSION_SECRET,
    workers: BUYING_SHOPPERS,
    seconds: opts.duration,
    warmupS: opts.warmup,
    cpu: () => ({ server: cpuMsOf(server.pid), postgres: pgCpuMs(cluster) }),
    log: (line) => console.log(line),
  });
}

/** The issue states the cart budget at 50 connections (signed-in sessions). */
const BUYING_SHOPPERS = 50;

function printCatalogue(c: Catalogue) {
  section(`5. Catalogue on PostgreSQL: ${c.products.total.toLocaleString("en")} products`);
  console.log(
    table(
      ["step", "value"],
      [
        ["PostgreSQL", `${c.postgres.version}, ${c.postgres.settings.join(", ")} (throwaway server)`],
        ["shared_buffers / work_mem", `${c.postgres.sharedBuffers} / ${c.postgres.workMem}`],
        [
          "seed CLI (--books)",
          `${c.seed.books.toLocaleString("en")} books: ${c.seed.wallS.toFixed(1)} s wall` +
            (c.seed.demoS !== null ? ` (migrations+accounts+demo ${c.seed.demoS} s` : "") +
            (c.seed.bulkS !== null ? `, bulk ${c.seed.bulkS} s, ${c.seed.booksPerS} books/s)` : ")"),
        ],
        ["VACUUM (ANALYZE) after the seed", `${c.vacuumAnalyzeS.toFixed(1)} s`],
        [
          "products",
          `${c.products.total.toLocaleString("en")} total, ${c.products.books.toLocaleString("en")} books (${c.products.publishedBooks.toLocaleString("en")} published, ${c.products.withCover} with a cover)`,
        ],
        ["server start on PostgreSQL", `${c.serverStartMs.toFixed(0)} ms (pool ${c.databasePoolSize})`],
        [
          "warm-up (one pass, sequential)",
          `searches ${c.warmup.searchS.toFixed(1)} s, book pages ${c.warmup.bookS.toFixed(1)} s, non-200: ${c.warmup.searchNon200.length + c.warmup.bookNon200.length}`,
        ],
      ],
      false,
    ),
  );
  console.log(
    `\nload: ${opts.connections} connections, ${opts.duration}s after ${opts.warmup}s warm-up; latencies exact from every 2xx response`,
  );
  console.log(manyLoadTable([c.book, c.search, c.uncached.book, c.uncached.search]));
  console.log(
    `(the first two with the public answer cache on, as deployed: PAGE_CACHE_SECONDS=30; the "uncached" two on a second server with it off)`,
  );
  // A closed loop: each connection sends its next request when the last is answered, so the mean
  // latency is connections / throughput (Little's law); a latency budget is a throughput need.
  for (const [l, budget, pc] of [
    [c.book, BOOK_P99_BUDGET_MS, "p99"],
    [c.search, SEARCH_P95_BUDGET_MS, "p95"],
    [c.uncached.book, BOOK_P99_BUDGET_MS, "p99"],
    [c.uncached.search, SEARCH_P95_BUDGET_MS, "p95"],
  ] as const) {
    const cpu = l.cpuMsPerRequest;
    console.log(
      `${l.name}: ${f0(l.reqPerSecMean)} req/s with ${l.connections} connections (mean ${f1(l.latencyMs.mean)} ms); ` +
        `a ${pc} within ${budget} ms needs a mean below it, i.e. over ${f0((l.connections * 1000) / budget)} req/s. ` +
        `CPU per request: server ${f1(cpu.server)} ms, PostgreSQL ${cpu.postgres === null ? "n/a" : f1(cpu.postgres)} ms, load generator ${f1(cpu.loadGenerator)} ms; ` +
        `in all over ${l.durationS} s: server ${f1(l.cpuSeconds.server)} s, PostgreSQL ${l.cpuSeconds.postgres === null ? "n/a" : f1(l.cpuSeconds.postgres)} s (${os.cpus().length} cores shared)`,
    );
  }
  console.log(
    `(autocannon's histogram: search p97.5 ${c.search.autocannonLatencyMs.p97_5} / p99 ${c.search.autocannonLatencyMs.p99} ms; book p97.5 ${c.book.autocannonLatencyMs.p97_5} / p99 ${c.book.autocannonLatencyMs.p99} ms)`,
  );
  const byKind = new Map<string, number[]>();
  for (const x of c.perQuery) byKind.set(x.kind, [...(byKind.get(x.kind) ?? []), x.medianMs]);
  console.log("\nsearch alone (no concurrency), median of 3 rounds, by kind of query:");
  console.log(
    table(
      ["kind", "queries", "median ms", "slowest ms"],
      [...byKind].map(([k, v]) => [k, v.length, f1(median(v)), f1(Math.max(...v))]),
    ),
  );
  console.log("slowest queries alone:");
  console.log(
    table(
      ["query", "kind", "results", "ms"],
      c.perQuery.slice(0, 10).map((x) => [x.q, x.kind, x.total ?? "?", f1(x.medianMs)]),
    ),
  );
  for (const e of c.explain) {
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) search ${JSON.stringify(e.q)} (${e.label}): ${e.total} results, ` +
        `${e.statements.length} statement(s), execution ${e.executionMs.toFixed(1)} ms (planning ${e.planningMs.toFixed(1)} ms; through the service ${e.serviceMs.toFixed(1)} ms)`,
    );
    console.log(
      `  trigram GIN index (typo correction): ${e.trigramIndex ? "USED" : "not used"}; ` +
        `full-text GIN index (products_search_vector_idx): ${e.fullTextIndex ? "USED" : "not used"}; ` +
        `seq scan on products: ${e.seqScanOnProducts ? "YES" : "no"}; temp blocks read/written: ${e.tempBlocks.read}/${e.tempBlocks.written}`,
    );
    e.statements.forEach((st, i) => {
      const firstLine = st.sql.replace(/\s+/g, " ").slice(0, 150);
      console.log(`  statement ${i + 1}: ${firstLine}${st.sql.length > 150 ? " …" : ""}`);
      for (const line of st.plan) console.log(`  | ${line}`);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// 8. Lighthouse (performance only; default mobile emulation and simulated throttling)

type LhRun = {
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  speedIndexMs: number | null;
  serverResponseMs: number | null;
  lcpElement: string | null;
  lcpPhases: { phase: string; ms: number }[];
  benchmarkIndex: number | null;
  runtimeError: string | null;
  warnings: string[];
};

type LhPage = {
  name: string;
  url: string;
  runs: LhRun[];
  median: { score: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; speedIndexMs: number };
  lcpElement: string | null;
  pass: boolean;
};

type AuditLike = { numericValue?: number; details?: unknown };

function lcpElementOf(audit: AuditLike | undefined): {
  element: string | null;
  phases: { phase: string; ms: number }[];
} {
  // Lighthouse 12: a list of tables, the element first, then the LCP phases.
  const d = audit?.details as { type?: string; items?: unknown[] } | undefined;
  const tables = (d?.type === "list" ? d.items : d ? [d] : []) as { items?: Record<string, unknown>[] }[];
  let element: string | null = null;
  const phases: { phase: string; ms: number }[] = [];
  for (const t of tables) {
    for (const item of t.items ?? []) {
      const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
      if (node && !element)
        element = [node.snippet, node.selector && `(${node.selector})`].filter(Boolean).join(" ");
      if (typeof item.phase === "string" && typeof item.timing === "number")
        phases.push({ phase: item.phase, ms: item.timing });
    }
  }
  return { element, phases };
}

async function lighthousePages(base: string, pages: { name: string; path: string }[]): Promise<LhPage[]> {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const userDataDir = mkdtempSync(join(os.tmpdir(), "pathagar-bench-chrome-"));
  tempPaths.add(userDataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    userDataDir,
    handleSIGINT: false, // ours kills it (children) and removes userDataDir (tempPaths)
    logLevel: "silent",
    maxConnectionRetries: 100,
  });
  if (chrome.process) children.add(chrome.process);
  const runsByPage = new Map<string, LhRun[]>(pages.map((p) => [p.name, []]));
  try {
    // Pages alternate, so slow drift of the machine touches both alike.
    let retries = 0;
    for (let i = 0; i < opts.lighthouseRuns; i++) {
      for (const page of pages) {
        const url = `${base}${page.path}`;
        for (let attempt = 0; attempt < 3; attempt++) {
          const result = await withTimeout(
            lighthouse(url, {
              port: chrome.port,
              logLevel: "error",
              output: "json",
              onlyCategories: ["performance"],
            }),
            LH_RUN_TIMEOUT_MS,
            `Lighthouse on ${url}`,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const lhr = result.lhr;
          const audits = lhr.audits as Record<string, AuditLike | undefined>;
          const n = (id: string) => audits[id]?.numericValue ?? null;
          const score = lhr.categories.performance?.score;
          const { element, phases } = lcpElementOf(audits["largest-contentful-paint-element"]);
          const run: LhRun = {
            score: typeof score === "number" ? Math.round(score * 100) : null,
            lcpMs: n("largest-contentful-paint"),
            tbtMs: n("total-blocking-time"),
            cls: n("cumulative-layout-shift"),
            fcpMs: n("first-contentful-paint"),
            speedIndexMs: n("speed-index"),
            serverResponseMs: n("server-response-time"),
            lcpElement: element,
            lcpPhases: phases,
            benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
            runtimeError: lhr.runtimeError?.message ?? null,
            warnings: lhr.runWarnings ?? [],
          };
          if (!run.runtimeError || retries >= 4 || attempt === 2) runsByPage.get(page.name)!.push(run);
          console.log(
            `  ${page.name} run ${i + 1}/${opts.lighthouseRuns}: score ${run.score ?? "n/a"}, LCP ${f0(run.lcpMs ?? Number.NaN)} ms, TBT ${f0(run.tbtMs ?? Number.NaN)} ms, CLS ${run.cls?.toFixed(3) ?? "n/a"}, FCP ${f0(run.fcpMs ?? Number.NaN)} ms` +
              (run.runtimeError ? `  ERROR: ${run.runtimeError}` : ""),
          );
          // A failed trace (Lighthouse's own hiccup) is run again, a few times in all.
          if (!run.runtimeError || retries >= 4) break;
          retries++;
        }
      }
    }
  } finally {
    try {
      await withTimeout(Promise.resolve(chrome.kill()), 15_000, "stopping Chromium");
    } catch {
      chrome.process?.kill("SIGKILL");
    }
    if (chrome.process) children.delete(chrome.process);
  }
  return pages.map((page) => {
    const runs = runsByPage.get(page.name)!;
    const med = (k: keyof LhRun) =>
      median(runs.map((r) => r[k]).filter((v): v is number => typeof v === "number"));
    const m = {
      score: med("score"),
      lcpMs: med("lcpMs"),
      tbtMs: med("tbtMs"),
      cls: med("cls"),
      fcpMs: med("fcpMs"),
      speedIndexMs: med("speedIndexMs"),
    };
    return {
      name: page.name,
      url: `${base}${page.path}`,
      runs,
      median: m,
      lcpElement: runs.find((r) => r.lcpElement)?.lcpElement ?? null,
      pass: m.score >= LH_SCORE_MIN && m.lcpMs <= LH_LCP_MAX_MS,
    };
  });
}

function printLighthouse(pages: LhPage[], on: string) {
  section(`6. Lighthouse ${opts.lighthouseRuns}x per page (mobile, simulated slow 4G + 4x CPU), ${on}`);
  console.log(
    table(
      [
        "page",
        "score",
        "LCP ms",
        "TBT ms",
        "CLS",
        "FCP ms",
        "SI ms",
        "scores of the runs",
        "LCP of the runs",
      ],
      pages.map((p) => [
        p.name,
        f0(p.median.score),
        f0(p.median.lcpMs),
        f0(p.median.tbtMs),
        p.median.cls.toFixed(3),
        f0(p.median.fcpMs),
        f0(p.median.speedIndexMs),
        p.runs.map((r) => r.score ?? "n/a").join(", "),
        p.runs.map((r) => f0(r.lcpMs ?? Number.NaN)).join(", "),
      ]),
    ),
  );
  console.log("(medians of each metric over the runs)");
  for (const p of pages) {
    const el = p.lcpElement;
    console.log(
      `${p.name}: LCP element ${el ? (el.length > 240 ? `${el.slice(0, 240)}…` : el) : "not reported"}`,
    );
    const last = p.runs.at(-1);
    if (last?.lcpPhases.length)
      console.log(
        `  LCP phases (last run): ${last.lcpPhases.map((x) => `${x.phase} ${f0(x.ms)} ms`).join(", ")}`,
      );
    if (last?.serverResponseMs != null)
      console.log(`  server response time (observed): ${f0(last.serverResponseMs)} ms`);
    for (const w of new Set(p.runs.flatMap((r) => r.warnings))) console.log(`  warning: ${w}`);
  }
  const bi = pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)).filter((v): v is number => v !== null);
  if (bi.length)
    console.log(`Lighthouse benchmarkIndex of this machine: ${bi.map((x) => x.toFixed(0)).join(", ")}`);
}

// ---------------------------------------------------------------------------------------------
// Main

/** A published book with a cover, through the API (the embedded database is the server's own). */
async function bookWithCoverViaApi(server: Server): Promise<number> {
  for (let page = 1; page <= 20; page++) {
    const r = await get(`${server.base}/api/books?limit=100&page=${page}`, 10_000);
    if (r.status !== 200) throw new Error(`GET /api/books answered ${r.status}`);
    const items = (JSON.parse(r.body) as { data?: { items?: { id: number; image: string | null }[] } }).data
      ?.items;
    if (!items?.length) break;
    const hit = items.find((i) => i.image);
    if (hit) return hit.id;
  }
  throw new Error("no published book with a cover found through /api/books");
}

async function getPage(server: Server, path: string): Promise<string> {
  const r = await get(`${server.base}${path}`, 10_000);
  if (r.status !== 200 || !/<html/i.test(r.body)) {
    throw new Error(`GET ${path} answered ${r.status}, not an HTML page:\n${r.body.slice(0, 500)}`);
  }
  return r.body;
}

type Target = { target: string; budget: string; measured: string; pass: boolean };

function printBundle(bundle: Bundle) {
  section(`4. First-load JavaScript of ${bundle.page} (gzip -9, 1 KB = 1024 B)`);
  console.log(
    table(
      ["file", "via", "raw KB", "gzip KB", "admin?"],
      [
        ...bundle.files.map((f) => [
          f.file,
          f.via,
          (f.bytes / KB).toFixed(1),
          (f.gzipBytes / KB).toFixed(1),
          f.admin ? `ADMIN: ${f.admin}` : "",
        ]),
        [
          "total",
          `${bundle.files.length} files`,
          (bundle.totalBytes / KB).toFixed(1),
          (bundle.totalGzipBytes / KB).toFixed(1),
          "",
        ],
      ],
    ),
  );
  console.log(
    `inline <script> JS in the HTML (not counted): ${(bundle.inlineJsGzipBytes / KB).toFixed(1)} KB gzipped`,
  );
  console.log(
    `budget ${JS_BUDGET_KB} KB: ${bundle.withinBudget ? "PASS" : "FAIL"} (${(bundle.totalGzipBytes / KB).toFixed(1)} KB)`,
  );
  console.log(
    `no admin code on ${bundle.page}: ${bundle.adminCheck.pass ? "PASS" : "FAIL"} (${bundle.adminCheck.adminModulesInBuild} admin route modules known, via ${bundle.adminCheck.method})`,
  );
  for (const a of bundle.adminCheck.adminOnPage) console.log(`  admin module on ${bundle.page}: ${a}`);
  for (const w of bundle.adminCheck.warnings) console.log(`  warning: ${w}`);
}

async function main() {
  const startedAt = new Date();
  const cpus = os.cpus();
  const conditions = {
    date: startedAt.toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemMB: Math.round(os.totalmem() / 1024 / 1024),
    loadAvgBefore: loadAvg(),
    loadAvgAfter: [] as number[],
    options: opts,
    note: "autocannon runs in this process, on the same machine as the server (and PostgreSQL); no Accept-Encoding (uncompressed responses)",
  };
  section("Conditions");
  console.log(
    table(
      ["condition", "value"],
      [
        ["date", conditions.date],
        ["CPUs", `${conditions.cpus} x ${conditions.cpuModel}`],
        ["node", conditions.node],
        ["platform", conditions.platform],
        ["memory", `${conditions.totalMemMB} MB`],
        ["load average before (1/5/15 min)", conditions.loadAvgBefore.join(" / ")],
        ["parts", opts.parts.join(", ")],
        [
          "options",
          `duration ${opts.duration}s, warm-up ${opts.warmup}s, ${opts.connections} connections, ${opts.runs} runs, LOG_LEVEL=${opts.logLevel}, NODE_ENV=production`,
        ],
        ...(runs("catalogue")
          ? [["catalogue", `${opts.books.toLocaleString("en")} bulk books on PostgreSQL`]]
          : []),
        ...(runs("lighthouse")
          ? [["lighthouse", `${opts.lighthouseRuns} runs per page, ${CHROME_PATH}`]]
          : []),
      ],
      false,
    ),
  );

  ensureBuild();
  const stale = newerSource();
  if (stale) {
    console.log(
      `WARNING: ${stale.file} (${stale.modified}) is newer than build/main.js: the build may be stale (npm run build)`,
    );
  }
  const buildDir = snapshotBuild();
  const clientDir = join(buildDir, "client");
  const buildInfo = {
    mainJsModified: statSync(join(BUILD, "main.js")).mtime.toISOString(),
    manifest: readdirSync(join(clientDir, "assets")).filter((f) => f.startsWith("manifest-")),
    newerSource: stale,
  };
  console.log(`build: build/main.js of ${buildInfo.mainJsModified}, ${buildInfo.manifest.join(", ")}`);

  const targets: Target[] = [];
  const checks: Record<string, boolean> = {};
  const results: Record<string, unknown> = { conditions, build: buildInfo };

  // ----- cold starts (PGlite)
  let cold: Awaited<ReturnType<typeof coldStarts>> | undefined;
  if (runs("cold")) {
    section("running 1. cold starts");
    await awaitQuiet("cold starts");
    cold = await coldStarts(buildDir);
    results.coldStart = { fresh: cold.fresh, restart: cold.restart };
  }

  // ----- load, first-load JS (and Lighthouse without the catalogue part) on PGlite + demo catalogue
  const loads: Load[] = [];
  let mem: Record<string, Mem> = {};
  let loadServerStartMs = 0;
  const bundles: Bundle[] = [];
  let lighthouse: { on: string; pages: LhPage[] } | undefined;
  const lighthouseOnPglite = runs("lighthouse") && !runs("catalogue");
  if (runs("load") || runs("js") || lighthouseOnPglite) {
    section("running 2./3./4. on the embedded PGlite with the demo catalogue");
    const started = await startServer(buildDir, { dataDir: cold?.dataDir ?? tempDataDir() });
    const server = started.server;
    loadServerStartMs = started.ms;
    try {
      mem = { afterStart: memOf(server.pid) };
      const homeHtml = await getPage(server, "/");
      if (runs("load")) {
        await awaitQuiet("load tests of / and /healthz");
        for (const path of ["/", "/healthz"]) {
          console.log(`  ${path}: warm-up ${opts.warmup}s, then ${opts.duration}s measured ...`);
          loads.push(await load(server, path));
          mem[`afterLoad ${path}`] = memOf(server.pid);
        }
      }
      const bookId = runs("js") || lighthouseOnPglite ? await bookWithCoverViaApi(server) : 0;
      if (runs("js")) {
        await awaitQuiet("first-load JS");
        bundles.push(firstLoadJs(clientDir, "/", homeHtml));
        bundles.push(firstLoadJs(clientDir, `/book/${bookId}`, await getPage(server, `/book/${bookId}`)));
      }
      if (lighthouseOnPglite) {
        section("running 6. Lighthouse");
        await awaitQuiet("Lighthouse");
        lighthouse = {
          on: "the embedded PGlite with the demo catalogue",
          pages: await lighthousePages(server.base, [
            { name: "/", path: "/" },
            { name: `/book/${bookId}`, path: `/book/${bookId}` },
          ]),
        };
      }
    } finally {
      await stopServer(server);
    }
  }

  // ----- catalogue on PostgreSQL (and the buying part and Lighthouse on that server)
  let cat: Catalogue | undefined;
  let buying: BuyingResult | undefined;
  if (runs("catalogue")) {
    section("running 5. catalogue on PostgreSQL");
    const { result, server, cluster } = await catalogue(buildDir);
    cat = result;
    try {
      if (runs("buying")) buying = await buyingOn(server, cluster);
      if (runs("lighthouse")) {
        section("running 6. Lighthouse");
        if (result.bookWithCover === null) throw new Error("no published book with a cover in the database");
        await awaitQuiet("Lighthouse");
        const bookPath = `/book/${result.bookWithCover}`;
        lighthouse = {
          on: `the PostgreSQL server (demo catalogue + ${opts.books.toLocaleString("en")} books)`,
          pages: await lighthousePages(server.base, [
            { name: "/", path: "/" },
            { name: bookPath, path: bookPath },
          ]),
        };
      }
    } finally {
      await stopServer(server);
      stopPostgresSync(cluster, "fast");
    }
  }

  if (runs("buying") && !runs("catalogue")) {
    section("running 7. buying on PostgreSQL (demo catalogue)");
    const cluster = await startPostgres();
    const dataDir = tempDataDir();
    try {
      await runSeed(cluster.url, dataDir, 0);
      const { server } = await startServer(
        buildDir,
        { dataDir, databaseUrl: cluster.url },
        { SESSION_SECRET: BENCH_SESSION_SECRET },
      );
      try {
        buying = await buyingOn(server, cluster);
      } finally {
        await stopServer(server);
      }
    } finally {
      stopPostgresSync(cluster, "fast");
    }
  }

  conditions.loadAvgAfter = loadAvg();

  // ----- report
  if (cold) {
    section("1. Cold start (spawn -> first 200 on /healthz)");
    console.log(
      table(
        ["case", "median ms", "runs ms", "RSS after start MB"],
        [
          [
            "fresh DATA_DIR (migrations + accounts)",
            cold.fresh.medianMs.toFixed(0),
            cold.fresh.runsMs.map((x) => x.toFixed(0)).join(", "),
            cold.fresh.rssAfterStartKB.map((k) => (k === null ? "n/a" : (k / 1024).toFixed(0))).join(", "),
          ],
          [
            "restart, initialised DATA_DIR",
            cold.restart.medianMs.toFixed(0),
            cold.restart.runsMs.map((x) => x.toFixed(0)).join(", "),
            cold.restart.rssAfterStartKB.map((k) => (k === null ? "n/a" : (k / 1024).toFixed(0))).join(", "),
          ],
        ],
      ),
    );
  }

  if (runs("load")) {
    section("2. Resident memory of the load-test server (/proc/<pid>/status)");
    console.log(
      table(
        ["moment", "VmRSS MB", "VmHWM (peak) MB"],
        Object.entries(mem).map(([k, m]) => [k, mb(m), mb(m, "hwmKB")]),
      ),
    );

    section(`3. Load: ${opts.connections} connections, ${opts.duration}s after ${opts.warmup}s warm-up`);
    console.log(
      table(
        [
          "URL",
          "req/s mean",
          "±sd",
          "p50 ms",
          "p97.5 ms",
          "p99 ms",
          "max ms",
          "requests",
          "errors",
          "timeouts",
          "non-2xx",
        ],
        loads.map((l) => [
          l.url,
          l.reqPerSecMean.toFixed(0),
          l.reqPerSecStddev.toFixed(0),
          l.latencyMs.p50,
          l.latencyMs.p97_5,
          l.latencyMs.p99,
          l.latencyMs.max,
          l.requests,
          l.errors,
          l.timeouts,
          l.non2xx,
        ]),
      ),
    );
    results.memory = { loadServerStartMs, ...mem };
    results.load = loads;
    checks.loadWithoutErrors = loads.every((l) => l.errors === 0 && l.non2xx === 0);
  }

  if (bundles.length) {
    for (const b of bundles) {
      printBundle(b);
      const name = b.page === "/" ? "/" : "/book/{id}";
      targets.push({
        target: `first-load JS of ${name} (gzip)`,
        budget: `<= ${JS_BUDGET_KB} KB`,
        measured: `${(b.totalGzipBytes / KB).toFixed(1)} KB`,
        pass: b.withinBudget,
      });
      checks[`noAdminCodeOn ${name}`] = b.adminCheck.pass;
    }
    results.firstLoadJs = Object.fromEntries(bundles.map((b) => [b.page, b]));
  }

  if (cat) {
    printCatalogue(cat);
    results.catalogue = cat;
    targets.push({
      target: `search API p95 at ${opts.connections} connections (${cat.products.total.toLocaleString("en")} products, PostgreSQL)`,
      budget: `<= ${SEARCH_P95_BUDGET_MS} ms`,
      measured: cat.search.latencyMs.p95
        ? `${f1(cat.search.latencyMs.p95)} ms (p50 ${f1(cat.search.latencyMs.p50)}, p99 ${f1(cat.search.latencyMs.p99)})`
        : `no answer within 10 s (${cat.search.timeouts} timeouts)`,
      pass: cat.search.latencyMs.p95 <= SEARCH_P95_BUDGET_MS,
    });
    targets.push({
      target: `book page SSR p99 at ${opts.connections} connections (PostgreSQL)`,
      budget: `<= ${BOOK_P99_BUDGET_MS} ms`,
      measured: cat.book.latencyMs.p99
        ? `${f1(cat.book.latencyMs.p99)} ms (p50 ${f1(cat.book.latencyMs.p50)}, p95 ${f1(cat.book.latencyMs.p95)})`
        : `no answer within 10 s (${cat.book.timeouts} timeouts)`,
      pass: cat.book.latencyMs.p99 <= BOOK_P99_BUDGET_MS,
    });
    checks.catalogueLoadWithoutErrors = [cat.search, cat.book].every(
      (l) => l.errors === 0 && l.non2xx === 0 && l.timeouts === 0,
    );
  }

  if (buying) {
    section("7. Buying on PostgreSQL: the cart API and checkout under 50 signed-in shoppers");
    for (const line of buyingReport(buying)) console.log(line);
    results.buying = buying;
    for (const l of [buying.cartInfo, buying.cartAdd]) {
      targets.push({
        target: `${l.name} p99 with ${l.workers} signed-in shoppers (PostgreSQL)`,
        budget: `<= ${CART_P99_BUDGET_MS} ms`,
        measured: `${f1(l.latencyMs.p99)} ms (p50 ${f1(l.latencyMs.p50)}, ${f0(l.perSecond)} req/s)`,
        pass: l.latencyMs.p99 <= CART_P99_BUDGET_MS,
      });
    }
    checks.buyingWithoutFailures = [buying.cartInfo, buying.cartAdd, buying.checkout].every(
      (l) => l.failed === 0,
    );
    checks.invoicesWithoutGaps = buying.consistency.invoiceGaps === 0;
    checks.noNegativeStock = buying.consistency.negativeStock === 0;
  }

  if (lighthouse) {
    printLighthouse(lighthouse.pages, `on ${lighthouse.on}`);
    results.lighthouse = lighthouse;
    for (const p of lighthouse.pages) {
      const name = p.name === "/" ? "/" : "/book/{id}";
      targets.push({
        target: `Lighthouse performance score of ${name} (median)`,
        budget: `>= ${LH_SCORE_MIN}`,
        measured: `${f0(p.median.score)} (TBT ${f0(p.median.tbtMs)} ms, CLS ${p.median.cls.toFixed(3)}, FCP ${f0(p.median.fcpMs)} ms)`,
        pass: p.median.score >= LH_SCORE_MIN,
      });
      targets.push({
        target: `Lighthouse LCP of ${name} (median)`,
        budget: `<= ${(LH_LCP_MAX_MS / 1000).toFixed(1)} s`,
        measured: `${(p.median.lcpMs / 1000).toFixed(2)} s`,
        pass: p.median.lcpMs <= LH_LCP_MAX_MS,
      });
    }
  }

  section("Targets");
  if (targets.length) {
    console.log(
      table(
        ["target", "budget", "measured", "result"],
        targets.map((t) => [t.target, t.budget, t.measured, t.pass ? "PASS" : "FAIL"]),
        false,
      ),
    );
  } else {
    console.log("(no target among the parts run)");
  }
  if (Object.keys(checks).length) {
    console.log(
      `\nchecks: ${Object.entries(checks)
        .map(([k, ok]) => `${k} ${ok ? "PASS" : "FAIL"}`)
        .join(", ")}`,
    );
  }
  console.log("\nload average before each part (1/5/15 min):");
  console.log(
    table(
      ["part", "before", "waited s", "at start", "quiet?"],
      quietLog.map((q) => [
        q.part,
        q.loadAvgBefore.join(" / "),
        q.waitedS,
        q.loadAvgAtStart.join(" / "),
        q.quiet ? "yes" : "NO",
      ]),
      false,
    ),
  );
  console.log(`load average after (1/5/15 min): ${conditions.loadAvgAfter.join(" / ")}`);

  Object.assign(results, { quiet: quietLog, targets, checks });
  mkdirSync(RESULTS, { recursive: true });
  const out = join(RESULTS, "latest.json");
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${relative(ROOT, out)}`);
  const failed = [
    ...targets.filter((t) => !t.pass).map((t) => t.target),
    ...Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([k]) => k),
  ];
  if (failed.length) {
    console.log(`FAILED: ${failed.join("; ")}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error("benchmark failed:", err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => {
    cleanupSync();
    // Lighthouse or a stopped autocannon may leave handles open: end here, cleaned up.
    process.exit(process.exitCode ?? 0);
  });
