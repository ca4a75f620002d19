import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** Migrations sit beside this module in the source tree and beside the bundle in build/. */
export const defaultMigrationsDir = fileURLToPath(new URL("./migrations", import.meta.url));

const MIGRATION_LOCK = 7_240_311;

/** A real PostgreSQL server through a `pg` pool. */
export function connectPostgres(
  url: string,
  poolSize = 10,
  migrationsFolder = defaultMigrationsDir,
): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool:
  // unheard, it would end the process. The pool opens a new connection for the next query.
  pool.on("error", (err) => {
    console.error(`database: an idle connection was closed (${err.message}); the pool will reconnect`);
  });
  const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
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
    close: () => pool.end(),
  };
}

/** PostgreSQL in-process (WASM), data under `dir`; `memory://` for a throwaway database. */
export async function openPglite(dir: string, migrationsFolder = defaultMigrationsDir): Promise<Database> {
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm, fuzzystrmatch } });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { casing: "snake_case" }), { migrationsFolder }),
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}
