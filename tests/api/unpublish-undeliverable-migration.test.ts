/**
 * Migration 0020 (decision 50): an e-book published without its PDF, and a course published
 * without a chapter, leave the shop; everything else stays as it was. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir } from "../../src/server/db/client";
import { migrationsBefore, openScratch, type Scratch } from "../support/scratch-migrations";

let db: Scratch;
let before: string;

beforeAll(async () => {
  before = migrationsBefore("0020_unpublish_undeliverable");
  db = await openScratch("unpublish_undeliverable");
});
afterAll(async () => {
  await db?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe("the migration that unpublishes what cannot be delivered", () => {
  it("unpublishes e-books without a PDF and courses without a chapter, and nothing else", async () => {
    await db.migrate(before);
    await db.query(`
      insert into products (id, kind, slug, title, price, published) overriding system value values
        (1, 'ebook', 'no-pdf', 'No PDF', 15000, true),
        (2, 'ebook', 'no-details', 'No details row', 15000, true),
        (3, 'ebook', 'with-pdf', 'With PDF', 15000, true),
        (4, 'ebook', 'draft', 'Draft without PDF', 15000, false),
        (5, 'content', 'no-chapter', 'No chapter', 50000, true),
        (6, 'content', 'one-chapter', 'One chapter', 50000, true),
        (7, 'book', 'printed', 'Printed', 30000, true)`);
    await db.query(`
      insert into ebook_details (product_id, pdf_key, page_count) values
        (1, null, 0), (3, 'ebooks/with-pdf.pdf', 12), (4, null, 0)`);
    await db.query(`
      insert into content_chapters (product_id, position, title, kind, body) values
        (6, 1, 'Welcome', 'text', 'Hello')`);
    await db.migrate(defaultMigrationsDir);
    const rows = await db.query("select id, published, version from products order by id");
    expect(rows.map((r) => [r.id, r.published, r.version])).toEqual([
      [1, false, 2],
      [2, false, 2],
      [3, true, 1],
      [4, false, 1],
      [5, false, 2],
      [6, true, 1],
      [7, true, 1],
    ]);
  });
});
