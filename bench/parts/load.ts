// Part `load`: resident memory, throughput and latency of the server-rendered `/` (and /healthz as
// a no-render baseline), on the embedded PGlite with the demo catalogue.
import { cannon } from "../lib/autocannon";
import { section, table } from "../lib/format";
import { opts } from "../lib/options";
import { awaitQuiet } from "../lib/quiet";
import type { Report } from "../lib/report";
import { type Mem, mb, memOf, type Server } from "../lib/server";

// 3. Load

export type Load = {
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

/** One URL under load: a warm-up run, then the measured one. */
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

export type LoadResult = {
  /** The server's start (spawn to the first 200 on /healthz), ms. */
  serverStartMs: number;
  /** VmRSS and VmHWM after the start and after each load. */
  memory: Record<string, Mem>;
  loads: Load[];
};

/** `/` (server-rendered) and `/healthz` (no render, the baseline) under load, one after the other. */
export async function measureLoad(
  server: Server,
  serverStartMs: number,
  afterStart: Mem,
): Promise<LoadResult> {
  const memory: Record<string, Mem> = { afterStart };
  const loads: Load[] = [];
  await awaitQuiet("load tests of / and /healthz");
  for (const path of ["/", "/healthz"]) {
    console.log(`  ${path}: warm-up ${opts.warmup}s, then ${opts.duration}s measured ...`);
    loads.push(await load(server, path));
    memory[`afterLoad ${path}`] = memOf(server.pid);
  }
  return { serverStartMs, memory, loads };
}

export function reportLoad(result: LoadResult, report: Report) {
  section("2. Resident memory of the load-test server (/proc/<pid>/status)");
  console.log(
    table(
      ["moment", "VmRSS MB", "VmHWM (peak) MB"],
      Object.entries(result.memory).map(([k, m]) => [k, mb(m), mb(m, "hwmKB")]),
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
      result.loads.map((l) => [
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
  report.results.memory = { loadServerStartMs: result.serverStartMs, ...result.memory };
  report.results.load = result.loads;
  report.checks.loadWithoutErrors = result.loads.every((l) => l.errors === 0 && l.non2xx === 0);
}
