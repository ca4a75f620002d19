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

/** Why a statement failed, in the driver's words (Drizzle's "Failed query: …" keeps them as its cause). */
function reason(e: unknown): string {
  let inner = e;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
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
  /** Told each time a replica is left for the primary or taken back (a line for the log). */
  onChange?: (message: string) => void;
}): Replicas<Db> {
  const counts: ReadCounts = { replica: 0, primary: 0, fellBack: 0 };
  const primaryQuery = opts.primary.query.bind(opts.primary) as Query;
  const primaryDb = opts.primaryDb as unknown as Transacting;
  /** A replica serves when `error` is null, else is left for the primary; a change is told. */
  const judge = (health: ReplicaHealth, error: string | null) => {
    const up = error === null;
    if (up !== health.up) {
      opts.onChange?.(
        up
          ? `replica ${health.url} serves the catalogue's reads`
          : `replica ${health.url} left for the primary: ${error}`,
      );
    }
    health.up = up;
    health.error = error;
  };
  const replicas: Replica<Db>[] = opts.urls.map((url) => {
    const pool = opts.makePool(url, opts.poolSize);
    const health: ReplicaHealth = {
      url: redacted(url),
      up: false,
      lagSeconds: null,
      checkedAt: null,
      error: null,
    };
    const leave = (e: unknown) => judge(health, reason(e));
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
    pool.on("error", leave);
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
          judge(
            r.health,
            !row?.standby
              ? "not a standby (pg_is_in_recovery() is false)"
              : lag === null
                ? "nothing replayed yet"
                : lag > opts.maxLagSeconds
                  ? `${lag.toFixed(1)} s behind`
                  : null,
          );
        } catch (e) {
          r.health.lagSeconds = null;
          judge(r.health, reason(e));
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
