/**
 * Named prepared statements (decision 41), PostgreSQL only: the embedded PGlite has no pool and
 * no protocol-level statements. A parameterised statement is parsed once per connection; one that
 * fails leaves the connection usable; texts without parameters, and every text with the switch
 * off, are sent unnamed as before.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listQuerySchema, toListQuery } from "../../src/contracts/catalog-query";
import { connectPostgres, type Database, planEachCall } from "../../src/server/db/client";
import { users } from "../../src/server/db/schema";
import { listProducts } from "../../src/server/services/catalog/catalog";

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe.runIf(SERVER_URL)("prepared statements on PostgreSQL", () => {
  const name = `pathagar_prepared_${process.pid}_${randomBytes(4).toString("hex")}`;
  let url = "";
  let on: Database;
  let off: Database;

  const prepared = async (db: Database) =>
    (
      (await db.db.execute(
        sql.raw("select name, statement from pg_prepared_statements order by name"),
      )) as unknown as {
        rows: { name: string; statement: string }[];
      }
    ).rows;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(SERVER_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    // One connection each, so every statement below meets the same session.
    on = connectPostgres(url, 1);
    await on.migrate();
    off = connectPostgres(url, 1, undefined, false);
  }, 60_000);

  afterAll(async () => {
    await on?.close();
    await off?.close();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it("opens the migrated database's sessions with JIT off (migration 0028)", async () => {
    // `off` connects after the migration: a new session takes the database's settings.
    const shown = (await off.db.execute(sql.raw("show jit"))) as unknown as { rows: { jit: string }[] };
    expect(shown.rows[0]?.jit).toBe("off");
  });

  it("parses a parameterised statement once per connection and answers the same", async () => {
    const before = (await prepared(on)).length;
    const read = (email: string) =>
      on.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, email));
    const [made] = await on.db
      .insert(users)
      .values({ name: "Prepared Reader", email: "prepared@example.com" })
      .returning({ id: users.id });
    expect(await read("prepared@example.com")).toEqual([{ id: made!.id, name: "Prepared Reader" }]);
    expect(await read("nobody@example.com")).toEqual([]);
    expect(await read("prepared@example.com")).toEqual([{ id: made!.id, name: "Prepared Reader" }]);
    const after = await prepared(on);
    // The insert and the select: two named statements, the select once for its three calls.
    expect(after.length).toBe(before + 2);
    expect(after.filter((p) => p.statement.includes('where "users"."email" = $1'))).toHaveLength(1);
    // A text without parameters stays unnamed (migrations, several commands in one text).
    await on.db.execute(sql.raw("select 1; select 2"));
    expect((await prepared(on)).length).toBe(before + 2);
  });

  it("keeps the connection usable after a named statement fails, and prepares nothing with the switch off", async () => {
    const insert = () =>
      on.db.insert(users).values({ name: "Twice", email: "twice@example.com" }).returning({ id: users.id });
    await insert();
    await expect(insert()).rejects.toThrow();
    // The same named statement again on the same connection, and a transaction after it.
    await expect(insert()).rejects.toThrow();
    const n = await on.db.transaction(async (tx) => {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.email, "twice@example.com"));
      return rows.length;
    });
    expect(n).toBe(1);

    await off.db.select({ id: users.id }).from(users).where(eq(users.email, "twice@example.com"));
    expect(await prepared(off)).toEqual([]);
  });

  it("plans each call of what runs in planEachCall (the search), in and out of a transaction", async () => {
    const before = (await prepared(on)).length;
    const found = await planEachCall(async () => {
      const a = await on.db.select({ id: users.id }).from(users).where(eq(users.name, "Prepared Reader"));
      const b = await on.db.transaction((tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.phone, "01700000009")),
      );
      return a.length + b.length;
    });
    expect(found).toBe(1);
    expect((await prepared(on)).length).toBe(before);
    // The same text outside it is prepared as any other.
    await on.db.select({ id: users.id }).from(users).where(eq(users.name, "Prepared Reader"));
    expect((await prepared(on)).length).toBe(before + 1);
  });

  it("prepares an unfiltered search's ranked read once, and plans a filtered one and a subject's list on every call", async () => {
    const ranked = async () =>
      (await prepared(on)).filter((p) => p.statement.includes("with best as materialized")).length;
    const search = (q: Record<string, string>) =>
      listProducts({ db: on.db }, toListQuery(listQuerySchema.parse(q)));
    expect(await ranked()).toBe(0);
    await search({ q: "physics" });
    await search({ q: "chemistry" });
    expect(await ranked()).toBe(1);
    // A generic plan of a filtered one once read a subject's trigram index beside every tier.
    await search({ q: "physics", subject: "physics" });
    await search({ q: "physics", hscYear: "2026" });
    expect(await ranked()).toBe(1);
    // So with a list of a subject (its generic plan took 1.3–4.8 s), where other lists are prepared.
    const before = (await prepared(on)).length;
    await search({ subject: "physics" });
    await search({ subject: "math", sort: "newest" });
    expect((await prepared(on)).length).toBe(before);
    await search({ hscYear: "2026" });
    expect((await prepared(on)).length).toBeGreaterThan(before);
  });
});
