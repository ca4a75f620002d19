// Pathagar benchmark: cold start, resident memory, throughput/latency of the server-rendered home
// page (and /healthz as a no-render baseline), and the first-load JavaScript of `/` against the
// 100 KB budget. Run with `npm run bench [-- --duration 10 --warmup 3 --connections 20 --runs 3]`.
//
// Everything is on loopback (127.0.0.1), every loop is bounded in count and in time, and every
// server this script spawns is killed when it ends (normally, on error, or on SIGINT/SIGTERM).
// Results are printed as tables and written to bench/results/latest.json. The exit code is 1 when
// a check (JS budget, no admin code on the shop page, errors under load) fails.
//
// Only Node built-ins and autocannon are used, plus the project's own route config
// (src/web/routes.ts) to know which route ids belong to the admin (see adminRouteModules()).

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
import routeConfig from "../src/web/routes";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = join(ROOT, "build");
const RESULTS = join(ROOT, "bench", "results");
const HOST = "127.0.0.1";
const KB = 1024; // sizes are reported in KB of 1024 bytes
const JS_BUDGET_KB = 100;
const START_TIMEOUT_MS = 90_000; // one server start, spawn to first 200 on /healthz
const POLL_INTERVAL_MS = 10;
const STOP_TIMEOUT_MS = 8_000; // SIGTERM, then SIGKILL
const BUILD_TIMEOUT_MS = 10 * 60_000;
const LOG_TAIL_CHARS = 16_000;

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20" },
    runs: { type: "string", default: "3" },
    "log-level": { type: "string", default: "warn" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench -- [options]
  --duration <s>      measured autocannon run per URL, seconds (default 10)
  --warmup <s>        autocannon warm-up per URL, seconds (default 3)
  --connections <n>   autocannon connections (default 20)
  --runs <n>          cold starts per case, median reported (default 3)
  --log-level <lvl>   server LOG_LEVEL (default warn: no per-request log lines)`);
  process.exit(0);
}

function intArg(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max} (got ${value})`);
    process.exit(2);
  }
  return n;
}
const opts = {
  duration: intArg("duration", args.duration, 1, 600),
  warmup: intArg("warmup", args.warmup, 0, 120),
  connections: intArg("connections", args.connections, 1, 1000),
  runs: intArg("runs", args.runs, 1, 20),
  logLevel: args["log-level"] ?? "warn",
};

// ---------------------------------------------------------------------------------------------
// Cleanup: every spawned server, temp dir and the build snapshot go away however we exit.

const children = new Set<ChildProcess>();
const tempPaths = new Set<string>();
let runningCannon: autocannon.Instance | undefined;

function cleanupSync() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
  for (const p of tempPaths) rmSync(p, { recursive: true, force: true });
  tempPaths.clear();
}
process.on("exit", cleanupSync);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the benchmark`);
    runningCannon?.stop();
    cleanupSync();
    process.exit(130);
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
// Build: present (built if build/main.js is missing), then snapshotted.

function ensureBuild() {
  if (existsSync(join(BUILD, "main.js"))) return;
  console.log("build/main.js is missing: running `npm run build` ...");
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", timeout: BUILD_TIMEOUT_MS });
  if (r.status !== 0) throw new Error(`npm run build failed (status ${r.status}, signal ${r.signal})`);
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

async function startServer(buildDir: string, dataDir: string): Promise<{ server: Server; ms: number }> {
  const port = await freePort();
  let logTail = "";
  const keep = (c: Buffer) => {
    logTail = (logTail + c.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  const env = {
    ...process.env,
    // Production as deployed (React's production build, no dev tooling); the session secret is
    // random per run and only matters to cookies nobody keeps.
    NODE_ENV: "production",
    SESSION_SECRET: `bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`.padEnd(
      40,
      "x",
    ),
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logLevel,
    DATABASE_URL: "", // always the embedded PGlite under DATA_DIR
    ADMIN_PHONE: "",
    ADMIN_PASSWORD: "",
  };
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
    const { server, ms } = await startServer(buildDir, dir);
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
    const { server, ms } = await startServer(buildDir, initialised);
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

function cannon(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((res, rej) => {
    // Outer bound in case autocannon does not end on its own.
    let guard: NodeJS.Timeout | undefined;
    const inst = autocannon(
      { url, connections: opts.connections, duration: seconds, timeout: 10 },
      (err, r) => {
        clearTimeout(guard);
        runningCannon = undefined;
        if (err) rej(err);
        else res(r);
      },
    );
    runningCannon = inst;
    guard = setTimeout(() => inst.stop(), (seconds + 30) * 1000);
  });
}

async function load(server: Server, path: string): Promise<Load> {
  const url = `${server.base}${path}`;
  if (opts.warmup > 0) await cannon(url, opts.warmup);
  const r = await cannon(url, opts.duration);
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

// ---------------------------------------------------------------------------------------------
// 4. First-load JavaScript of `/`

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

function firstLoadJs(clientDir: string, html: string): Bundle {
  const { scripts, inlineJs } = firstLoadScripts(html);
  if (scripts.size === 0) throw new Error("no /assets/*.js found in the HTML of /");
  const admin = adminRouteModules(clientDir, html);
  const files: Bundle["files"] = [];
  for (const [path, via] of scripts) {
    const onDisk = join(clientDir, path);
    if (!existsSync(onDisk)) throw new Error(`${path} is referenced by / but not in build/client`);
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
// Main

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
    loadAvgBefore: os.loadavg().map((x) => Number(x.toFixed(2))),
    loadAvgAfter: [] as number[],
    options: opts,
    note: "autocannon runs in this process, on the same machine as the server; no Accept-Encoding (uncompressed responses)",
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
        [
          "options",
          `duration ${opts.duration}s, warm-up ${opts.warmup}s, ${opts.connections} connections, ${opts.runs} runs, LOG_LEVEL=${opts.logLevel}, NODE_ENV=production`,
        ],
      ],
      false,
    ),
  );

  ensureBuild();
  const buildDir = snapshotBuild();
  const clientDir = join(buildDir, "client");
  const buildInfo = {
    mainJsModified: statSync(join(BUILD, "main.js")).mtime.toISOString(),
    manifest: readdirSync(join(clientDir, "assets")).filter((f) => f.startsWith("manifest-")),
  };
  console.log(`build: build/main.js of ${buildInfo.mainJsModified}, ${buildInfo.manifest.join(", ")}`);

  section("running 1. cold starts");
  const cold = await coldStarts(buildDir);

  section("running 2./3. load tests");
  const { server, ms: loadServerStartMs } = await startServer(buildDir, cold.dataDir);
  const mem: Record<string, Mem> = { afterStart: memOf(server.pid) };
  const home = await get(`${server.base}/`, 10_000);
  if (home.status !== 200 || !/<html/i.test(home.body)) {
    throw new Error(`GET / answered ${home.status}, not an HTML page:\n${home.body.slice(0, 500)}`);
  }
  const loads: Load[] = [];
  for (const path of ["/", "/healthz"]) {
    console.log(`  ${path}: warm-up ${opts.warmup}s, then ${opts.duration}s measured ...`);
    loads.push(await load(server, path));
    mem[`afterLoad ${path}`] = memOf(server.pid);
  }
  await stopServer(server);

  const bundle = firstLoadJs(clientDir, home.body);
  conditions.loadAvgAfter = os.loadavg().map((x) => Number(x.toFixed(2)));

  // ----- report
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

  section("4. First-load JavaScript of / (gzip -9, 1 KB = 1024 B)");
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
    `no admin code on the shop page: ${bundle.adminCheck.pass ? "PASS" : "FAIL"} (${bundle.adminCheck.adminModulesInBuild} admin route modules known, via ${bundle.adminCheck.method})`,
  );
  for (const a of bundle.adminCheck.adminOnPage) console.log(`  admin module on /: ${a}`);
  for (const w of bundle.adminCheck.warnings) console.log(`  warning: ${w}`);

  console.log(`\nload average after (1/5/15 min): ${conditions.loadAvgAfter.join(" / ")}`);

  const loadClean = loads.every((l) => l.errors === 0 && l.non2xx === 0);
  const checks = {
    jsBudget: bundle.withinBudget,
    noAdminCodeOnShop: bundle.adminCheck.pass,
    loadWithoutErrors: loadClean,
  };
  const results = {
    conditions,
    build: buildInfo,
    coldStart: { fresh: cold.fresh, restart: cold.restart },
    memory: { loadServerStartMs, ...mem },
    load: loads,
    firstLoadJs: bundle,
    checks,
  };
  mkdirSync(RESULTS, { recursive: true });
  const out = join(RESULTS, "latest.json");
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results: ${relative(ROOT, out)}`);
  const failed = Object.entries(checks).filter(([, ok]) => !ok);
  if (failed.length) {
    console.log(`FAILED: ${failed.map(([k]) => k).join(", ")}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error("benchmark failed:", err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(cleanupSync);
