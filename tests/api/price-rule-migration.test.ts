/**
 * Migration 0012 adds the check that a sale price is below the price. A live database may hold
 * rows that break it (the old rule let such a sale price be stored and ignored it): the migration
 * clears those sale prices first, so it applies anywhere. Runs on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir } from "../../src/server/db/client";

const CHECK_MIGRATION = "0012_sale_price_below_price";

type Scratch = {
  migrate: (folder: string) => Promise<void>;
  query: (text: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};

async function openScratch(): Promise<Scratch> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create("memory://", { extensions: { pg_trgm, fuzzystrmatch, btree_gin } });
    return {
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      close: () => client.close(),
    };
  }
  const name = `pathagar_price_rule_${process.pid}_${randomBytes(4).toString("hex")}`;
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

let db: Scratch;
let before: string;

beforeAll(async () => {
  // The migrations as they were before the check: the folder without 0012 and its journal entry.
  before = mkdtempSync(join(tmpdir(), "pathagar-migrations-"));
  cpSync(defaultMigrationsDir, before, { recursive: true });
  rmSync(join(before, `${CHECK_MIGRATION}.sql`));
  const journalPath = join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < CHECK_MIGRATION);
  writeFileSync(journalPath, JSON.stringify(journal));
  db = await openScratch();
});
afterAll(async () => {
  await db?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("the sale price check migration", () => {
  it("clears sale prices that are not below the price, keeps the others, then refuses new ones", async () => {
    await db.migrate(before);
    await db.query(`
      insert into products (kind, slug, title, price, sale_price) values
        ('book', 'no-sale', 'No Sale', 30000, null),
        ('book', 'lower', 'Lower', 30000, 24000),
        ('book', 'equal', 'Equal', 30000, 30000),
        ('book', 'higher', 'Higher', 30000, 35000),
        ('book', 'negative', 'Negative', 30000, -100)`);
    await db.migrate(defaultMigrationsDir);
    const rows = await db.query("select slug, sale_price from products order by id");
    expect(rows).toEqual([
      { slug: "no-sale", sale_price: null },
      { slug: "lower", sale_price: 24000 },
      { slug: "equal", sale_price: null },
      { slug: "higher", sale_price: null },
      { slug: "negative", sale_price: null },
    ]);
    await expect(
      db.query(
        `insert into products (kind, slug, title, price, sale_price) values ('book', 'x', 'X', 100, 100)`,
      ),
    ).rejects.toThrow(/products_sale_price_below_price/);
  });
});
