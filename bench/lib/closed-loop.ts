// Signed-in clients in a closed loop: each sends its next request as soon as the last is answered,
// with exact percentiles of what it times, and the CPU time the server and PostgreSQL spent.
import http from "node:http";
import zlib from "node:zlib";

export type ClosedLoop = {
  name: string;
  workers: number;
  seconds: number;
  /** Completed operations (2xx) a second. */
  perSecond: number;
  ok: number;
  failed: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** CPU time per completed op: the server's, PostgreSQL's and this load generator's own. */
  cpuMsPerOp: { server: number; postgres: number | null; loadGenerator: number };
  /** The same figures per kind of op, when ops say which kind they were (see `closedLoop`). */
  byKind?: Record<string, { ok: number; perSecond: number; latencyMs: ClosedLoop["latencyMs"] }>;
};

/** What an op answers: failed (false), timed whole (true), its timed part's ms, or that with its kind. */
export type OpResult = boolean | number | { ms: number; kind: string };

/** Percentiles, max and mean of some timings (sorts them in place). */
export function latencies(samples: number[]): ClosedLoop["latencyMs"] {
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    p99: percentile(samples, 0.99),
    max: samples.at(-1) ?? Number.NaN,
    mean: samples.reduce((s, x) => s + x, 0) / Math.max(1, samples.length),
  };
}

export type Cpu = () => { server: number; postgres: number | null };

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/**
 * BENCH_ACCEPT_ENCODING (e.g. "gzip, deflate, br, zstd", as Chromium asks): the clients ask for
 * compressed answers, as a browser does, and read them decompressed. Unset, they ask for none.
 */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}

export type Answer = {
  status: number;
  /** The body as text (JSON answers). */
  text: string;
  /** The body's length in bytes as sent (a PDF page's size). */
  bytes: number;
  location: string | null;
  /** The public answer cache's word on it (`X-Cache`: HIT or MISS), when it was asked. */
  cache: string | null;
};

/**
 * One request on a kept-alive connection with the session cookie: a JSON body, or `form` (an
 * `application/x-www-form-urlencoded` body, as the payment gateway's page posts).
 */
export function call(
  base: string,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  form?: string,
): Promise<Answer> {
  const url = new URL(path, base);
  const data = form ?? (body === undefined ? undefined : JSON.stringify(body));
  const type = form !== undefined ? "application/x-www-form-urlencoded" : "application/json";
  return new Promise((res, rej) => {
    const req = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          cookie,
          ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
          ...(data !== undefined ? { "content-type": type, "content-length": Buffer.byteLength(data) } : {}),
        },
        timeout: 30_000,
      },
      (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => {
          const all = Buffer.concat(chunks);
          res({
            status: r.statusCode ?? 0,
            get text() {
              return decoded(all, r.headers["content-encoding"]).toString("utf8");
            },
            bytes: all.byteLength,
            location: typeof r.headers.location === "string" ? r.headers.location : null,
            cache: typeof r.headers["x-cache"] === "string" ? r.headers["x-cache"] : null,
          });
        });
        r.on("error", rej);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", rej);
    if (data !== undefined) req.write(data);
    req.end();
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/**
 * `workers` clients, each doing `op` again as soon as the last one is done, for `seconds`
 * (after a warm-up of `warmupS` that is not counted). An op answers whether it succeeded.
 */
export async function closedLoop(
  name: string,
  workers: number,
  seconds: number,
  warmupS: number,
  cpu: Cpu,
  /**
   * Succeeded: true (the whole op is timed) or the milliseconds of the part that is timed, with
   * the op's kind when the figures are wanted per kind too.
   */
  op: (worker: number, i: number) => Promise<OpResult>,
  /** Called as the counted time starts and as it ends (counts read elsewhere over the same window). */
  edges: { start?: () => Promise<void>; end?: () => Promise<void> } = {},
): Promise<ClosedLoop> {
  const samples: number[] = [];
  const kinds = new Map<string, number[]>();
  let ok = 0;
  let failed = 0;
  let counting = false;
  let stop = false;
  let cpu0 = cpu();
  const run = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const t = performance.now();
      let good: OpResult = false;
      try {
        good = await op(w, i);
      } catch {
        good = false;
      }
      if (!counting) continue;
      if (good === false) failed += 1;
      else {
        ok += 1;
        if (typeof good === "object") {
          samples.push(good.ms);
          const list = kinds.get(good.kind) ?? [];
          list.push(good.ms);
          kinds.set(good.kind, list);
        } else samples.push(good === true ? performance.now() - t : good);
      }
    }
  };
  const all = Promise.all(Array.from({ length: workers }, (_, w) => run(w)));
  await new Promise((r) => setTimeout(r, warmupS * 1000));
  await edges.start?.();
  counting = true;
  cpu0 = cpu();
  const self0 = process.cpuUsage();
  const tCount = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - tCount) / 1000;
  const cpu1 = cpu();
  const self = process.cpuUsage(self0);
  await edges.end?.();
  stop = true;
  await all;
  return {
    name,
    workers,
    seconds: elapsed,
    perSecond: ok / elapsed,
    ok,
    failed,
    latencyMs: latencies(samples),
    cpuMsPerOp: {
      server: (cpu1.server - cpu0.server) / Math.max(1, ok),
      postgres:
        cpu1.postgres !== null && cpu0.postgres !== null
          ? (cpu1.postgres - cpu0.postgres) / Math.max(1, ok)
          : null,
      loadGenerator: (self.user + self.system) / 1000 / Math.max(1, ok),
    },
    ...(kinds.size
      ? {
          byKind: Object.fromEntries(
            [...kinds].map(([k, xs]) => [
              k,
              { ok: xs.length, perSecond: xs.length / elapsed, latencyMs: latencies(xs) },
            ]),
          ),
        }
      : {}),
  };
}
