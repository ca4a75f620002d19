/**
 * A throwaway PostgreSQL server for the test command and the benchmark: Debian's `postgresql`
 * binaries, a fresh cluster in a temporary directory, listening on a free loopback port with its
 * socket in that directory, trust authentication for the `postgres` user. `initdb` refuses to run
 * as root, so as root the cluster is made and run by the `postgres` system user (created when
 * missing). fsync, synchronous_commit and full_page_writes are off: writes get cheaper, and how
 * reads are planned and executed does not change. Nothing here survives `stop()`.
 *
 *   const pg = await startThrowawayPostgres();
 *   try { ... pg.url ... } finally { pg.stop(); }
 *
 * A server still running when this process exits is stopped (immediate mode) and its directory
 * removed; a signal handler of the caller's that ends with `process.exit` gets that too.
 */
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port";

const HOST = "127.0.0.1";
/** initdb, pg_ctl start (which waits for the server to accept connections). */
const PG_TIMEOUT_MS = 120_000;
export const THROWAWAY_PG_SETTINGS = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

export type ThrowawayPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  host: string;
  port: number;
  /** The temporary directory: the cluster (`data/`), the socket and `server.log`. */
  dir: string;
  dataDir: string;
  logFile: string;
  /** `postgres (PostgreSQL) 15.x ...` */
  version: string;
  settings: string[];
  /**
   * Stops the server (`fast`: ends the sessions cleanly; `immediate`: no shutdown checkpoint) and
   * removes the directory. Safe to call more than once.
   */
  stop: (mode?: "fast" | "immediate") => void;
  /**
   * Stops the server and keeps its directory (`fast`: its sessions are ended with 57P01
   * admin_shutdown), for a test of the database going away; `resume()` starts it again.
   */
  pause: (mode?: "fast" | "immediate") => void;
  /** Starts a paused server again, on the same port with the same data; waits until it accepts connections. */
  resume: () => void;
  /** The end of the server's log, for an error message. */
  logTail: (chars?: number) => string;
};

/** Debian's newest PostgreSQL binaries (or PGBIN); throws with the package to install if none. */
export function postgresBinDir(): string {
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

function runSync(cmd: string, args: string[], what: string): string {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: PG_TIMEOUT_MS });
  if (r.status !== 0) {
    const why = r.error ? r.error.message : (r.stderr || r.stdout || "").trim();
    throw new Error(`${what} failed (status ${r.status}, signal ${r.signal}): ${why}`);
  }
  return r.stdout;
}

const running = new Set<ThrowawayPostgres>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const pg of [...running]) pg.stop("immediate");
  });
}

/**
 * Starts a fresh PostgreSQL server on a free loopback port; see the top of this file. With
 * `replicaOf`, the server is a streaming replica of that one instead of a new cluster: a base
 * backup of it (`pg_basebackup -R`, which writes the standby's settings), started as a hot standby
 * that replays what the primary writes.
 */
export async function startThrowawayPostgres(
  opts: { replicaOf?: ThrowawayPostgres } = {},
): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "pathagar-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  const asPostgres: string[] = [];
  let started = false;
  let stopped = false;

  const pgRun = (exe: string, args: string[], what: string) => {
    const [cmd, ...pre] = [...asPostgres, join(bin, exe)];
    return runSync(cmd!, [...pre, ...args], what);
  };

  const stop = (mode: "fast" | "immediate" = "fast") => {
    if (stopped) return;
    stopped = true;
    running.delete(pg);
    if (started) {
      const [cmd, ...pre] = [...asPostgres, join(bin, "pg_ctl")];
      spawnSync(cmd!, [...pre, "-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"], {
        stdio: "ignore",
        timeout: 40_000,
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const port = await freePort(HOST);
  const serverOpts = [
    `-p ${port}`,
    `-h ${HOST}`,
    `-k ${dir}`,
    ...THROWAWAY_PG_SETTINGS.map((s) => `-c ${s}`),
  ].join(" ");
  const startServer = () =>
    pgRun(
      "pg_ctl",
      ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", serverOpts, "start"],
      "pg_ctl start",
    );
  const pg: ThrowawayPostgres = {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    host: HOST,
    port,
    dir,
    dataDir,
    logFile,
    version: "",
    settings: THROWAWAY_PG_SETTINGS,
    stop,
    pause: (mode = "fast") => {
      pgRun("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "30", "stop"], "pg_ctl stop");
    },
    resume: startServer,
    logTail: (chars = 4_000) => {
      try {
        return readFileSync(logFile, "utf8").slice(-chars);
      } catch {
        return "";
      }
    },
  };
  running.add(pg);
  installExitHook();

  try {
    if (process.getuid?.() === 0) {
      if (spawnSync("id", ["postgres"]).status !== 0) {
        runSync("useradd", ["--system", "--no-create-home", "postgres"], "useradd postgres");
      }
      const uid = Number(runSync("id", ["-u", "postgres"], "id -u postgres").trim());
      chownSync(dir, uid, -1);
      asPostgres.push("runuser", "-u", "postgres", "--");
    }
    pg.version = runSync(join(bin, "postgres"), ["--version"], "postgres --version").trim();
    if (opts.replicaOf) {
      // initdb's trust authentication lets the postgres user replicate over loopback.
      const from = opts.replicaOf;
      pgRun(
        "pg_basebackup",
        [
          "-h",
          from.host,
          "-p",
          String(from.port),
          "-U",
          "postgres",
          "-D",
          dataDir,
          "-R",
          "-X",
          "stream",
          "-c",
          "fast",
        ],
        "pg_basebackup",
      );
    } else {
      pgRun(
        "initdb",
        ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"],
        "initdb",
      );
    }
    started = true; // from here on, stop() runs pg_ctl stop (harmless if the start failed)
    startServer();
  } catch (e) {
    const tail = pg.logTail();
    stop("immediate");
    throw new Error(`${(e as Error).message}${tail ? `\nPostgreSQL log:\n${tail}` : ""}`);
  }
  return pg;
}
