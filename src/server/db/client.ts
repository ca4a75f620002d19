import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL, SQLWrapper } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { connectReplicas, type Replicas } from "./replicas";
import * as schema from "./schema";
import { markFromDatabase } from "./unavailable";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs `fn` in a transaction of `db`, handing it the transaction as a `Db`: what every helper
 * that works inside a caller's transaction takes (`…InTx(tx, …)`). Drizzle types a transaction
 * apart from a database although it answers the same calls.
 */
export function inTransaction<T>(
  db: Db,
  fn: (tx: Db) => Promise<T>,
  config?: PgTransactionConfig,
): Promise<T> {
  return db.transaction((t) => fn(t as unknown as Db), config);
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The catalogue's read replicas (DATABASE_REPLICA_URL, decision 57); null without any. */
  replicas: Replicas<Db> | null;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A query built once per database handle and kept as a Drizzle prepared query: the ORM builds its
 * SQL text once instead of on every call, and the statement carries its own name, so PostgreSQL
 * parses and plans it once per connection. `variant` tells apart the shapes one builder makes
 * (a kind, a lookup by id or by slug). A transaction's handle is a new one each time: built per
 * transaction, as before.
 */
export function preparedOn<Q, V extends string>(build: (db: Db, variant: V) => Q) {
  const made = new WeakMap<Db, Map<V, Q>>();
  return (db: Db, variant: V): Q => {
    let byVariant = made.get(db);
    if (!byVariant) {
      byVariant = new Map();
      made.set(db, byVariant);
    }
    let q = byVariant.get(variant);
    if (q === undefined) {
      q = build(db, variant);
      byVariant.set(variant, q);
    }
    return q;
  };
}

/**
 * A hand-written statement (a Drizzle `sql` with `sql.placeholder`s for what changes per call)
 * prepared as `preparedOn` prepares the query builder's: its text made once per variant, sent by
 * the name `make` gives it. It answers the driver's result, rows as the statement names columns.
 * Hand-written, a statement can hold its constants (a kind, a limit) as literals: a generic plan
 * then still knows them.
 */
export function preparedSql<Row, V extends string = "statement">(
  make: (variant: V) => { name: string; query: SQL },
) {
  return preparedOn((db, variant: V) => {
    const { name, query } = make(variant);
    // The same two steps as Drizzle's own `db.execute`, with a name and kept for the next call.
    const inner = db as unknown as {
      dialect: { sqlToQuery(q: SQL): unknown };
      session: {
        prepareQuery(q: unknown, fields: undefined, name: string, arrayMode: false): PreparedSql<Row>;
      };
    };
    return inner.session.prepareQuery(inner.dialect.sqlToQuery(query), undefined, name, false);
  });
}
type PreparedSql<Row> = { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> };

/** A statement `sendTogether` sends: a query builder (Drizzle starts one when its `then` is called). */
type Statement = PromiseLike<unknown> & SQLWrapper;
/** What a `sendTogether` statement answers; `false` (a statement left out) answers undefined. */
type Answers<T extends readonly (Statement | false)[]> = { -readonly [K in keyof T]: AnswerOf<T[K]> };
type AnswerOf<S> = S extends PromiseLike<infer R> ? R : undefined;

/**
 * Sends a transaction's statements one after another without waiting for each answer (decision
 * 43). The connection pipelines, so they travel together, in one write, and PostgreSQL runs them
 * in the order given, exactly as if each were awaited before the next: one round trip instead of
 * one each. On PGlite they run in turn. Only for statements none of which needs another's answer.
 * When one fails, the ones after it fail too and the transaction rolls back, as it would have.
 *
 * Statements are query builders, not yet run (`false` leaves one out): each is started here, in
 * order. An async function's statements would reach the connection a microtask after its call,
 * behind the ones given after it, so they are refused.
 */
export function sendTogether<const T extends readonly (Statement | false)[]>(
  tx: Db,
  statements: T,
): Promise<Answers<T>> {
  if (poolOf(tx))
    throw new Error("sendTogether: statements go together on one connection: use it in a transaction");
  // Checked before any is started: a builder has its SQL; a query already running (a promise) has not.
  if (statements.some((s) => s !== false && typeof (s as Partial<SQLWrapper>).getSQL !== "function"))
    throw new TypeError("sendTogether: give it query builders, not running queries");
  const started = statements.map((statement) => {
    if (statement === false) return undefined;
    return new Promise((resolve, reject) => {
      statement.then(resolve, reject);
    });
  });
  return Promise.all(started) as Promise<Answers<T>>;
}

/**
 * Waits for every one of queries sent together, then answers theirs or throws the first failure:
 * a connection goes back to the pool only once all it was given have answered.
 */
export async function allAnswered<const T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(queries);
  for (const s of settled) if (s.status === "rejected") throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}

/** Binds a prepared query to `onOneConnection`'s connection. */
export type BindQuery = <Q extends { execute: unknown }>(query: Q) => Q;
/** A prepared query as it is: sent through the handle it was prepared on. */
export const unbound: BindQuery = (query) => query;

/**
 * Runs `fn` on one connection of the pool, outside a transaction, for prepared queries sent
 * together (decision 43): `on(query)` is the query bound to that connection, so what `fn` starts
 * without awaiting goes out in one write and runs in order, each statement committing on its own.
 * On PGlite (one connection already) `on` changes nothing.
 */
export async function onOneConnection<T>(db: Db, fn: (on: BindQuery) => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return fn(unbound);
  const client = await pool.connect();
  try {
    // A Drizzle prepared query sends through its `client`; the same query, seen through an object
    // whose own `client` is the connection, sends through that.
    return await fn((query) => Object.create(query, { client: { value: client } }));
  } finally {
    client.release();
  }
}

/** The pool behind a PostgreSQL handle that is not one connection (not a transaction's). */
function poolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool ? client : undefined;
}

/** Migrations sit beside this module in the source tree and beside the bundle in build/. */
export const defaultMigrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

const MIGRATION_LOCK = 7_240_311;

/** How long a request waits for a connection (a new one, or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 10_000;

/** Statement texts longer than this are sent unnamed (bulk inserts, the seed's batches). */
const PREPARED_TEXT_MAX = 8_192;
/** Named statements one connection keeps at most; past it, new texts are sent unnamed. */
const PREPARED_PER_CONNECTION = 400;

/** A statement's name: the hash of its text, so one text is parsed once per connection. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
    if (names.size >= 10_000) names.clear();
    names.set(text, name);
  }
  return name;
}

const unprepared = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with its statements sent unnamed, so PostgreSQL plans each call for its values. For
 * statements whose best plan depends on the values (the search: how common a word is decides
 * between the full-text index and the sold-count order), where a generic plan, which a prepared
 * statement falls back to after five calls, costs more than the planning it saves.
 */
export function planEachCall<T>(fn: () => Promise<T>): Promise<T> {
  return unprepared.run(true, fn);
}

/**
 * Runs `fn` with its statements prepared again inside `planEachCall`: for a statement of a search
 * whose plan is the same for every word (the tiered relevance read, decision 58), planning it on
 * every call would cost more than running it.
 */
export function planOnce<T>(fn: () => Promise<T>): Promise<T> {
  return unprepared.exit(fn);
}

type QueryConfig = { text?: unknown; name?: unknown; [k: string]: unknown };

/**
 * A pipelining connection (decision 43) that writes what one run of code asks for in one write:
 * the statements `sendTogether` sends cost one system call, and one wake-up of PostgreSQL, instead
 * of one each. The write is held until the microtasks queued so far have run, a few microseconds.
 */
class PipeliningClient extends pg.Client {
  #corked = false;
  // A connection that fails to open says so with the socket's code (ECONNREFUSED…), as any socket
  // does: marked here, it is told apart from other sockets' failures as a database outage (503).
  override connect(callback?: unknown): never {
    if (typeof callback === "function") {
      return (super.connect as (...args: unknown[]) => never)((e: unknown, ...rest: unknown[]) =>
        (callback as (...args: unknown[]) => void)(e ? markFromDatabase(e) : e, ...rest),
      );
    }
    return (super.connect as () => Promise<unknown>)().catch((e: unknown) => {
      throw markFromDatabase(e);
    }) as never;
  }
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const stream = (this as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
    if (!this.#corked && stream?.cork && stream.uncork) {
      this.#corked = true;
      stream.cork();
      queueMicrotask(() => {
        this.#corked = false;
        stream.uncork?.();
      });
    }
    // pg's overloads (promise or callback) are passed through as they came.
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}

/**
 * A connection that sends each parameterised statement as a named prepared statement: PostgreSQL
 * parses and plans a text once per connection instead of on every call (decision 41). Texts
 * without parameters (migrations, several commands in one), very long texts and texts past the
 * connection's share are sent as before.
 */
class PreparingClient extends PipeliningClient {
  #named = new Set<string>();
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const c = config as QueryConfig | null;
    if (
      c &&
      typeof c === "object" &&
      typeof c.text === "string" &&
      c.name === undefined &&
      typeof c.submit !== "function" &&
      unprepared.getStore() === undefined &&
      Array.isArray(values) &&
      values.length > 0 &&
      c.text.length <= PREPARED_TEXT_MAX
    ) {
      const name = statementName(c.text);
      if (this.#named.has(name) || this.#named.size < PREPARED_PER_CONNECTION) {
        this.#named.add(name);
        config = { ...c, name };
      }
    }
    return super.query(config, values, callback);
  }
}

/** A `pg` pool as the shop uses one, for the primary or a replica. */
function postgresPool(url: string, poolSize: number, preparedStatements: boolean): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A server that does not answer (stopped behind a firewall, a failover under way) fails a
    // request in 10 s, as a 503 (decision 49), instead of holding it until the client gives up;
    // so does a wait for a free connection that long, when the pool is exhausted.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A statement is written as soon as it is asked for, not once the one before it is answered:
    // what `sendTogether` sends travels together (decision 43). Awaited one by one, as nearly all
    // statements are, nothing changes.
    pipeline: true,
    Client: preparedStatements ? PreparingClient : PipeliningClient,
  });
  // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool:
  // unheard, it would end the process. The pool opens a new connection for the next query.
  pool.on("error", (err) => {
    console.error(`database: an idle connection was closed (${err.message}); the pool will reconnect`);
  });
  // The pool hears a connection's 'error' only while it is idle. One the server ends while it is
  // taken, between a transaction's statements (a restart, an administrator, a standby cancelling
  // a session for its replay), would be unheard and end the process: its next statement fails
  // instead, as the database being unavailable (on a replica: run again on the primary).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

/**
 * A real PostgreSQL server through a `pg` pool. With `preparedStatements` (the default) statements
 * are named and prepared once per connection; turn it off behind a pooler that cannot keep them
 * (PgBouncer before 1.21, or without `max_prepared_statements`).
 */
export function connectPostgres(
  url: string,
  poolSize = 10,
  migrationsFolder = defaultMigrationsDir,
  preparedStatements = true,
  replicaOpts: { urls: string[]; maxLagSeconds: number } | null = null,
): Database {
  const pool = postgresPool(url, poolSize, preparedStatements);
  const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  const replicas =
    replicaOpts && replicaOpts.urls.length > 0
      ? connectReplicas({
          urls: replicaOpts.urls,
          primary: pool,
          primaryDb: db,
          poolSize,
          maxLagSeconds: replicaOpts.maxLagSeconds,
          makePool: (u, size) => postgresPool(u, size, preparedStatements),
          makeDb: (p) => drizzleNodePg(p, { schema, casing: "snake_case" }) as unknown as Db,
          onChange: (message) => console.error(`database: ${message}`),
        })
      : null;
  return {
    db,
    kind: "postgres",
    replicas,
    async migrate() {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg(client, { casing: "snake_case" }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await replicas?.close();
      await pool.end();
    },
  };
}

/**
 * PostgreSQL in-process (WASM), data under `dir`; `memory://` for a throwaway database. `from`: a
 * database to start from, as `migratedPgliteImage` made it (a test file's fresh database in half a
 * second instead of two and a half: no initdb, no migrations to run).
 */
export async function openPglite(
  dir: string,
  migrationsFolder = defaultMigrationsDir,
  opts: { from?: Blob } = {},
): Promise<Database> {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, fuzzystrmatch, btree_gin },
    ...(opts.from ? { loadDataDir: opts.from } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    replicas: null,
    migrate: () => migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder }),
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** A throwaway database migrated to the end, as an image `openPglite` can start from (`from`). */
export async function migratedPgliteImage(migrationsFolder = defaultMigrationsDir): Promise<Blob> {
  const client = await PGlite.create("memory://", { extensions: { pg_trgm, fuzzystrmatch, btree_gin } });
  try {
    await migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
