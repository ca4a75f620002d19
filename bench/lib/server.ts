// The built server as the benchmark runs it (production mode, one process per measurement), plain
// HTTP requests to it, and what /proc says about its memory and CPU time.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { freePort } from "../../tests/support/free-port";
import { ROOT } from "./build";
import { children, tempDir } from "./cleanup";
import { sleep } from "./format";
import { opts } from "./options";

export const HOST = "127.0.0.1";
/** The flags package.json's `serve` and `start` run the server with. */
export const DEPLOYED_NODE_FLAGS = ["--max-semi-space-size=32"];
const START_TIMEOUT_MS = 90_000; // one server start, spawn to first 200 on /healthz
const POLL_INTERVAL_MS = 10;
const STOP_TIMEOUT_MS = 8_000; // SIGTERM, then SIGKILL
export const LOG_TAIL_CHARS = 16_000;
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** One GET on loopback without keep-alive; resolves with status and body, never hangs. */
export function get(
  url: string,
  timeoutMs = 2_000,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((res, rej) => {
    const opts = { agent: false, headers: { ...headers, connection: "close" }, timeout: timeoutMs };
    const req = request(url, opts, (r) => {
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

export type Mem = { rssKB: number; hwmKB: number } | null;

/** VmRSS and VmHWM (peak RSS) of a process, from /proc (Linux only; null elsewhere). */
export function memOf(pid: number): Mem {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rssKB: kb("VmRSS"), hwmKB: kb("VmHWM") };
  } catch {
    return null;
  }
}
export const mb = (m: Mem, key: "rssKB" | "hwmKB" = "rssKB") => (m ? (m[key] / 1024).toFixed(1) : "n/a");

export type Server = {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  log: () => string;
  exited: Promise<void>;
};

export type ServerDb = { dataDir: string; databaseUrl?: string };

/** The server's environment: production as deployed, a random secret, quiet logs. */
export function serverEnv(db: ServerDb, secret: string): NodeJS.ProcessEnv {
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
    // A production build that may take test payments, as a staging site: the buying part pays
    // through the built-in sandbox gateway, and the embedded database gets the demo shop (demo
    // accounts and catalogue), which production never creates unless asked.
    PAYMENT_PROVIDER: "sandbox",
    ALLOW_SANDBOX_PAYMENTS: "true",
    SEED_DEMO: db.databaseUrl ? "false" : "true",
  };
}
export const randomSecret = () =>
  `bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.padEnd(
    48,
    "x",
  );
/** The buying part makes sessions for the server it measures, so that server is given this secret. */
export const BENCH_SESSION_SECRET = randomSecret();

export async function startServer(
  buildDir: string,
  db: ServerDb,
  extraEnv: Record<string, string> = {},
): Promise<{ server: Server; ms: number }> {
  const port = await freePort(HOST);
  let logTail = "";
  const keep = (c: Buffer) => {
    logTail = (logTail + c.toString("utf8")).slice(-LOG_TAIL_CHARS);
  };
  const env = {
    ...serverEnv(db, randomSecret()),
    PUBLIC_URL: `http://${HOST}:${port}`,
    ...extraEnv,
    PORT: String(port),
  };
  const t0 = performance.now();
  // Node's flags as `npm run serve` gives them (a 32 MB young generation, decision 42), then
  // BENCH_SERVER_NODE_ARGS: "--cpu-prof --cpu-prof-dir=…" profiles the measured servers (Node does
  // not take --cpu-prof from NODE_OPTIONS).
  const nodeArgs = [
    ...DEPLOYED_NODE_FLAGS,
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, join(buildDir, "main.js")], {
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

export async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM"); // the server closes PGlite cleanly, so the data dir can be reopened
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await server.exited;
  clearTimeout(timer);
}

/** An empty DATA_DIR for a server, removed at the end. */
export function tempDataDir(): string {
  return tempDir("pathagar-bench-");
}

/** CPU time (user + system) of a process, ms; with `children`, of its waited-for children too. */
export function cpuMsOf(pid: number, children = false): number {
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

/** Every path once, one at a time (bounded in time): warms caches, checks the answers. */
export async function sequentialPass(
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

/** A published book with a cover, through the API (the embedded database is the server's own). */
export async function bookWithCoverViaApi(server: Server): Promise<number> {
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

/** A page's HTML; `headers` e.g. a language cookie (`{ cookie: "pathagar_lang=bn" }`). */
export async function getPage(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const r = await get(`${server.base}${path}`, 10_000, headers);
  if (r.status !== 200 || !/<html/i.test(r.body)) {
    throw new Error(`GET ${path} answered ${r.status}, not an HTML page:\n${r.body.slice(0, 500)}`);
  }
  return r.body;
}
