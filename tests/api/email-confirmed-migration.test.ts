/**
 * Migration 0019 adds `users.email_confirmed_at` (decision 46) and fills it honestly: an address
 * typed at sign-up stays unconfirmed; one that came through the emailed-code change (its audit
 * entry names it) or from Google (a linked account) counts as confirmed. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir } from "../../src/server/db/client";
import { migrationsBefore, openScratch, type Scratch } from "../support/scratch-migrations";

const MIGRATION = "0019_email_confirmed";

let db: Scratch;
let before: string;

beforeAll(async () => {
  // The migrations as they were before: the folder without 0019 and later, and their journal entries.
  before = migrationsBefore(MIGRATION);
  db = await openScratch("email_confirmed");
});
afterAll(async () => {
  await db?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("the email confirmation migration", () => {
  it("keeps typed addresses unconfirmed and counts those the code or Google proved", async () => {
    await db.migrate(before);
    await db.query(`
      insert into users (id, name, phone, email, password_hash, google_subject) overriding system value values
        (1, 'Typed at sign-up', '01710000001', 'typed@example.com', 'x', null),
        (2, 'Changed by code', '01710000002', 'changed@example.com', 'x', null),
        (3, 'Changed, then typed over', '01710000003', 'later@example.com', 'x', null),
        (4, 'Made by Google', null, 'google@example.com', null, 'sub-4'),
        (5, 'Linked to Google', '01710000005', 'linked@example.com', 'x', 'sub-5'),
        (6, 'No email', '01710000006', null, 'x', null),
        (7, 'Code for another account', '01710000007', 'other@example.com', 'x', null)`);
    await db.query(`
      insert into audit_log (actor_id, action, entity, entity_id, before, after, created_at) values
        (2, 'account.email', 'user', '2', '{"email": null}', '{"email": "changed@example.com"}', '2026-03-01T10:00:00Z'),
        (3, 'account.email', 'user', '3', '{"email": null}', '{"email": "earlier@example.com"}', '2026-03-02T10:00:00Z'),
        (2, 'account.email', 'user', '2', '{"email": null}', '{"email": "other@example.com"}', '2026-03-03T10:00:00Z'),
        (1, 'account.name', 'user', '1', '{"name": "x"}', '{"email": "typed@example.com"}', '2026-03-04T10:00:00Z')`);
    await db.migrate(defaultMigrationsDir);
    const rows = await db.query(
      "select id, email_confirmed_at is not null as confirmed, email_confirmed_at from users order by id",
    );
    expect(rows.map((r) => [r.id, r.confirmed])).toEqual([
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, true],
      [6, false],
      [7, false],
    ]);
    expect(new Date(rows[1]!.email_confirmed_at as string).toISOString()).toBe("2026-03-01T10:00:00.000Z");
  });
});
