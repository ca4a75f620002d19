/**
 * A scratch database for testing a data migration: migrated up to just before it, filled with
 * the rows the migration must handle, then migrated to the end. PGlite in memory, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped on close).
 */
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { defaultMigrationsDir } from "../../src/server/db/client";

export type Scratch = {
  /** Applies the migrations of `folder` not applied yet. */
  migrate: (folder: string) => Promise<void>;
  query: (text: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};

export async function openScratch(label: string): Promise<Scratch> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create("memory://", { extensions: { pg_trgm, fuzzystrmatch, btree_gin } });
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `pathagar_${label}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    migrate: (folder) => migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder }),
    query: async (text) => (await client.query(text)).rows,
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A copy of the migrations folder without `tag` and those after it; remove it when done. */
export function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), "pathagar-migrations-"));
  cpSync(defaultMigrationsDir, folder, { recursive: true });
  const journalPath = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  for (const e of journal.entries) if (e.tag >= tag) rmSync(join(folder, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.tag < tag);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}
