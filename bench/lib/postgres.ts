// The benchmark's PostgreSQL servers are throwaway ones (tests/support/postgres.ts, as the test
// command makes them): seeded with the project's own seed CLI, watched for CPU time, and drained
// of queued queries between load tests.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../tests/support/postgres";
import { ROOT } from "./build";
import { children } from "./cleanup";
import { sleep } from "./format";
import {
  BENCH_SESSION_SECRET,
  cpuMsOf,
  LOG_TAIL_CHARS,
  randomSecret,
  type Server,
  serverEnv,
  startServer,
  stopServer,
  tempDataDir,
} from "./server";

const SEED_TIMEOUT_MS = 30 * 60_000;

/** CPU time of a PostgreSQL cluster: the postmaster, its live children and those that ended. */
export function pgCpuMs(c: ThrowawayPostgres): number | null {
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

/** Seeding: the project's own seed CLI (migrations, accounts, demo catalogue, bulk books). */
export type SeedResult = {
  books: number;
  wallS: number;
  /** The CLI's own figures: migrations + accounts + demo catalogue, then the bulk books. */
  demoS: number | null;
  bulkS: number | null;
  booksPerS: number | null;
};

/** The demo catalogue and `books` bulk books seeded into a throwaway cluster, said as it goes; a failure carries the server's log. */
export async function seedThrowaway(
  cluster: ThrowawayPostgres,
  dataDir: string,
  books: number,
): Promise<SeedResult> {
  console.log(`  seeding: npm run db:seed -- --books ${books} (DATABASE_URL=${cluster.url}) ...`);
  let seed: SeedResult;
  try {
    seed = await runSeed(cluster.url, dataDir, books);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nPostgreSQL log:\n${cluster.logTail()}`);
  }
  console.log(`  seeded in ${seed.wallS.toFixed(1)} s wall time`);
  return seed;
}

function runSeed(url: string, dataDir: string, books: number): Promise<SeedResult> {
  return new Promise((res, rej) => {
    const t0 = performance.now();
    // The seed CLI as deployed: production needs its first admin and public address; the demo
    // catalogue comes with the books unless SEED_DEMO says otherwise, so it is left unset.
    const env: NodeJS.ProcessEnv = {
      ...serverEnv({ dataDir, databaseUrl: url }, randomSecret()),
      PUBLIC_URL: "http://127.0.0.1",
      ADMIN_PHONE: "01799999999",
      ADMIN_PASSWORD: randomSecret(),
    };
    delete env.SEED_DEMO;
    // `node --import tsx` runs the CLI in this one process (the tsx binary would fork another).
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "src/server/seed/cli.ts", "--books", String(books)],
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

/**
 * Waits (at most 180 s) until no client query is running on the cluster: requests a load test
 * gave up on (timeouts) are still being answered by the server and would slow the next test.
 * Returns the seconds waited.
 */
export async function drainDatabase(c: ThrowawayPostgres): Promise<number> {
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

/**
 * Runs a part against a server of the build on a throwaway PostgreSQL server of its own, seeded
 * with the demo catalogue; both are stopped afterwards, whatever happens.
 */
export async function onOwnDemoPostgres<T>(
  buildDir: string,
  part: (server: Server, cluster: ThrowawayPostgres) => Promise<T>,
): Promise<T> {
  const cluster = await startThrowawayPostgres();
  const dataDir = tempDataDir();
  try {
    await runSeed(cluster.url, dataDir, 0);
    const { server } = await startServer(
      buildDir,
      { dataDir, databaseUrl: cluster.url },
      { SESSION_SECRET: BENCH_SESSION_SECRET },
    );
    try {
      return await part(server, cluster);
    } finally {
      await stopServer(server);
    }
  } finally {
    cluster.stop("fast");
  }
}
