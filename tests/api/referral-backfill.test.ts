import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir, openPglite } from "../../src/server/db/client";

/** The migrations up to (not including) `tag`, as drizzle reads a folder. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "pathagar-migrations-"));
  cpSync(defaultMigrationsDir, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("migration 0006_cart_coupons", () => {
  it("gives every existing account its own referral code", async () => {
    const before = migrationsBefore("0006_cart_coupons");
    dirs.push(before);
    const database = await openPglite("memory://", before);
    try {
      await database.migrate();
      await database.db.execute(sql`
        insert into users (name, phone, password_hash)
        select 'User ' || n, '0171' || lpad(n::text, 7, '0'), 'x' from generate_series(1, 500) n`);
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: defaultMigrationsDir });
      const result = await database.db.execute(sql`
        select count(*)::int as total, count(referral_code)::int as coded,
          count(distinct referral_code)::int as distinct,
          count(*) filter (where referral_code !~ '^[A-HJ-NP-Z2-9]{8}$')::int as bad
        from users`);
      expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({
        total: 500,
        coded: 500,
        distinct: 500,
        bad: 0,
      });
    } finally {
      await database.close();
    }
  });
});
