/**
 * Catalogue reads on streaming replicas (decision 57). `DATABASE_REPLICA_URL` names one or more
 * replicas of the primary; each gets a pool of its own. The replica-safe reads of docs/scaling.md
 * (the catalogue as shoppers see it) take `pick()`'s handle; everything else stays on
 * the primary.
 *
 * A replica serves only while it is known to be fresh: every few seconds each one is asked how far
 * its replay is behind (by WAL position against the primary's, else by the time of the last
 * transaction it replayed) and whether it is a standby at all. One that does not answer, lags
 * more than `maxLagSeconds`, or fails a statement is left for the primary until a later check
 * finds it well again: a statement that fails on it for want of a connection (the replica stopped,
 * restarting, unreachable) or for a conflict with its recovery is run again on the primary, so
 * the visitor never sees the replica's fault.
 */
import type pg from "pg";
import { isDatabaseUnavailable, markFromDatabase } from "./unavailable";

/** How often each replica's health and lag are asked. */
export const REPLICA_CHECK_MS = 2_000;

/**
 * SQLSTATEs of a standby that cannot run a statement now, though it is up: 40001 is what a hot
 * standby answers when replay must cancel a read (a conflict with recovery); 25006, a write
 * (never sent by the catalogue's reads, but answered on the primary rather than failed).
 */
const STANDBY_REFUSALS = new Set(["40001", "25006"]);

export type ReplicaHealth = {
  url: string;
  up: boolean;
  /** Seconds behind the primary at the last check; null when it did not answer. */
  lagSeconds: number | null;
  checkedAt: string | null;
  error: string | null;
};

/**
 * Where the catalogue's reads went: `replica` and `primary` count reads (one a service call) handed
 * to a replica, or to the primary as no replica was well; `fellBack` counts the statements and
 * transactions of a replica's handle that the primary answered instead (the replica had just
 * been left, or failed them).
 */
export type ReadCounts = { replica: number; primary: number; fellBack: number };

export type Replicas<Db> = {
  /** A healthy replica's handle for one replica-safe read (round robin), or null for the primary. */
  pick(): Db | null;
  /** Asks every replica now (the timer does it every REPLICA_CHECK_MS). */
  check(): Promise<void>;
  health(): ReplicaHealth[];
  counts: ReadCounts;
  close(): Promise<void>;
};

/** `ask` is the replica's own query, which never falls back: the health check's. */
type Replica<Db> = { pool: pg.Pool; db: Db; health: ReplicaHealth; ask: Query };

type Query = (config: unknown, values?: unknown) => Promise<unknown>;

/** The one method of a Db this file calls: a transaction, run again on the primary when need be. */
type Transacting = {
  transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;
};

function fallsBack(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    isDatabaseUnavailable(markFromDatabase(e)) || (typeof code === "string" && STANDBY_REFUSALS.has(code))
  );
}

function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "…";
    return u.toString();
  } catch {
    return "(not a URL)";
  }
}

/**
 * The replicas of `primary`. `makeDb` turns a pool into the shop's Db (the same client and
 * prepared statements as the primary's, db/client.ts).
 */
export function connectReplicas<Db>(opts: {
  urls: string[];
  primary: pg.Pool;
  /** The primary's Db, which runs again a transaction that failed on a replica. */
  primaryDb: Db;
  poolSize: number;
  maxLagSeconds: number;
  makePool: (url: string, poolSize: number) => pg.Pool;
  makeDb: (pool: pg.Pool) => Db;
  onError?: (message: string) => void;
}): Replicas<Db> {
  const counts: ReadCounts = { replica: 0, primary: 0, fellBack: 0 };
  const primaryQuery = opts.primary.query.bind(opts.primary) as Query;
  const primaryDb = opts.primaryDb as unknown as Transacting;
  const replicas: Replica<Db>[] = opts.urls.map((url) => {
    const pool = opts.makePool(url, opts.poolSize);
    const health: ReplicaHealth = {
      url: redacted(url),
      up: false,
      lagSeconds: null,
      checkedAt: null,
      error: null,
    };
    const leave = (e: unknown) => {
      health.up = false;
      health.error = e instanceof Error ? e.message : String(e);
    };
    // Every statement of this pool that fails for the replica's sake runs again on the primary.
    const ask = pool.query.bind(pool) as Query;
    (pool as unknown as { query: Query }).query = (config, values) => {
      if (!health.up) {
        counts.fellBack++;
        return primaryQuery(config, values);
      }
      return ask(config, values).catch((e: unknown) => {
        if (!fallsBack(e)) throw e;
        leave(e);
        counts.fellBack++;
        return primaryQuery(config, values);
      });
    };
    const db = opts.makeDb(pool);
    // A transaction (a count's planner settings, the typo search's threshold) only reads: one that
    // fails for the replica's sake, at its start or half way through, runs again whole on the
    // primary; while the replica is left, it runs there at once.
    const own = (db as unknown as Transacting).transaction.bind(db);
    (db as unknown as Transacting).transaction = (fn, config) => {
      if (!health.up) {
        counts.fellBack++;
        return primaryDb.transaction(fn, config);
      }
      return own(fn, config).catch((e: unknown) => {
        if (!fallsBack(e)) throw e;
        leave(e);
        counts.fellBack++;
        return primaryDb.transaction(fn, config);
      });
    };
    pool.on("error", (err) => {
      health.up = false;
      health.error = err.message;
    });
    return { pool, db, health, ask };
  });

  let next = 0;
  let checking: Promise<void> | null = null;
  const checkAll = async () => {
    let primaryLsn: string | null = null;
    try {
      const r = await opts.primary.query<{ lsn: string | null }>("select pg_current_wal_lsn()::text as lsn");
      primaryLsn = r.rows[0]?.lsn ?? null;
    } catch {
      // The primary's own trouble is answered elsewhere; replicas are then judged by time alone.
    }
    await Promise.all(
      replicas.map(async (r) => {
        try {
          const res = (await r.ask(
            `select pg_is_in_recovery() as standby,
               pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
               extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as lag`,
            [primaryLsn ?? "0/0"],
          )) as { rows: { standby: boolean; caught_up: boolean | null; lag: number | null }[] };
          const row = res.rows[0];
          const caughtUp = primaryLsn !== null && row?.caught_up === true;
          const lag = caughtUp ? 0 : (row?.lag ?? null);
          r.health.lagSeconds = lag;
          r.health.checkedAt = new Date().toISOString();
          if (!row?.standby) {
            r.health.up = false;
            r.health.error = "not a standby (pg_is_in_recovery() is false)";
          } else if (lag === null || lag > opts.maxLagSeconds) {
            r.health.up = false;
            r.health.error = lag === null ? "nothing replayed yet" : `${lag.toFixed(1)} s behind`;
          } else {
            r.health.up = true;
            r.health.error = null;
          }
        } catch (e) {
          const wasUp = r.health.up;
          r.health.up = false;
          r.health.lagSeconds = null;
          r.health.error = e instanceof Error ? e.message : String(e);
          if (wasUp) opts.onError?.(`replica ${r.health.url} left for the primary: ${r.health.error}`);
        }
      }),
    );
  };
  const check = () => {
    checking ??= checkAll().finally(() => {
      checking = null;
    });
    return checking;
  };
  const timer = setInterval(() => void check(), REPLICA_CHECK_MS);
  timer.unref();
  void check();

  return {
    pick() {
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length]!;
        if (r.health.up) {
          next = (next + i + 1) % replicas.length;
          counts.replica++;
          return r.db;
        }
      }
      counts.primary++;
      return null;
    },
    check,
    health: () => replicas.map((r) => ({ ...r.health })),
    counts,
    async close() {
      clearInterval(timer);
      await checking;
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => {})));
    },
  };
}
