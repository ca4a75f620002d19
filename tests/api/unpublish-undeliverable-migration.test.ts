/**
 * Migration 0020 (decision 50): an e-book published without its PDF, a course published without a
 * chapter to show (a PDF chapter without its file is none), and a bundle holding such an e-book or
 * course leave the shop; everything else stays as it was, and the public content version moves
 * on so that other servers drop the pages they keep. Runs on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsDir } from "../../src/server/db/client";
import { migrationsBefore, openScratch, type Scratch } from "../support/scratch-migrations";

/** The public content version as each server reads it (services/public-content.ts). */
const VERSION =
  "select (case when is_called then last_value else 0 end)::int as v from public_content_version";

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
  it("unpublishes e-books without a PDF, courses without a chapter to show and bundles holding them, and nothing else", async () => {
    await db.migrate(before);
    await db.query(`
      insert into products (id, kind, slug, title, price, published) overriding system value values
        (1, 'ebook', 'no-pdf', 'No PDF', 15000, true),
        (2, 'ebook', 'no-details', 'No details row', 15000, true),
        (3, 'ebook', 'with-pdf', 'With PDF', 15000, true),
        (4, 'ebook', 'draft', 'Draft without PDF', 15000, false),
        (5, 'content', 'no-chapter', 'No chapter', 50000, true),
        (6, 'content', 'one-chapter', 'One chapter', 50000, true),
        (7, 'book', 'printed', 'Printed', 30000, true),
        (8, 'content', 'pdf-without-file', 'PDF chapter without its file', 50000, true),
        (9, 'content', 'pdf-with-file', 'PDF chapter with its file', 50000, true),
        (10, 'ebook', 'draft-with-pdf', 'Draft with PDF', 15000, false),
        (11, 'bundle', 'deliverable-pack', 'Deliverable pack', 60000, true),
        (12, 'bundle', 'pack-no-pdf', 'Pack with an e-book without PDF', 60000, true),
        (13, 'bundle', 'pack-no-chapter', 'Pack with a course without a chapter to show', 60000, true),
        (14, 'bundle', 'draft-pack', 'Draft pack without PDF', 60000, false),
        (15, 'bundle', 'pack-draft-ebook', 'Pack with a draft e-book without PDF', 60000, true)`);
    await db.query(`
      insert into ebook_details (product_id, pdf_key, page_count) values
        (1, null, 0), (3, 'ebooks/with-pdf.pdf', 12), (4, null, 0), (10, 'ebooks/draft.pdf', 3)`);
    await db.query(`
      insert into content_chapters (product_id, position, title, kind, body) values
        (6, 1, 'Welcome', 'text', 'Hello'),
        (8, 1, 'Slides', 'pdf', ''),
        (9, 1, 'Slides', 'pdf', 'content/slides.pdf')`);
    await db.query(`
      insert into bundle_items (bundle_id, item_id, quantity) values
        (11, 3, 1), (11, 6, 1), (11, 7, 1), (11, 9, 1), (11, 10, 1),
        (12, 7, 1), (12, 1, 1),
        (13, 3, 1), (13, 8, 1),
        (14, 4, 1),
        (15, 4, 1)`);
    const contentVersion = async () => (await db.query(VERSION))[0]!.v;
    const versionBefore = await contentVersion();
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
      [8, false, 2],
      [9, true, 1],
      [10, false, 1],
      [11, true, 1],
      [12, false, 2],
      [13, false, 2],
      [14, false, 1],
      [15, false, 2],
    ]);
    // Moved on, as every admin write moves it, so other servers stop serving their copies.
    expect(await contentVersion()).toBe(Number(versionBefore) + 1);
  });
});
