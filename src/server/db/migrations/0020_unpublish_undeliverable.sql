-- Nothing sells that cannot be delivered (decision 50): an e-book published without its PDF, a course published without a chapter to show (a text, a video, or a PDF chapter with its file), and a bundle holding such an e-book or course (published or not), leave the shop until staff upload the PDF or add a chapter and publish them again.
UPDATE "products" SET "published" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "published" AND "kind" = 'bundle'
  AND EXISTS (
    SELECT 1 FROM "bundle_items" bi JOIN "products" i ON i."id" = bi."item_id"
    WHERE bi."bundle_id" = "products"."id"
      AND ((i."kind" = 'ebook' AND NOT EXISTS (SELECT 1 FROM "ebook_details" e WHERE e."product_id" = i."id" AND e."pdf_key" IS NOT NULL))
        OR (i."kind" = 'content' AND NOT EXISTS (SELECT 1 FROM "content_chapters" c WHERE c."product_id" = i."id" AND btrim(c."body") <> '')))
  );--> statement-breakpoint
UPDATE "products" SET "published" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "published" AND "kind" = 'ebook'
  AND NOT EXISTS (SELECT 1 FROM "ebook_details" e WHERE e."product_id" = "products"."id" AND e."pdf_key" IS NOT NULL);--> statement-breakpoint
UPDATE "products" SET "published" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "published" AND "kind" = 'content'
  AND NOT EXISTS (SELECT 1 FROM "content_chapters" c WHERE c."product_id" = "products"."id" AND btrim(c."body") <> '');--> statement-breakpoint
-- Servers still running the copies of pages made before this change drop them (decision 39's version); moved last, just before the migration commits.
SELECT nextval('public_content_version');
