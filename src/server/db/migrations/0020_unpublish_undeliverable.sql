-- Nothing sells that cannot be delivered (decision 50): an e-book published without its PDF, and a course published without a chapter, leave the shop until staff upload the PDF or add a chapter and publish them again.
UPDATE "products" SET "published" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "published" AND "kind" = 'ebook'
  AND NOT EXISTS (SELECT 1 FROM "ebook_details" e WHERE e."product_id" = "products"."id" AND e."pdf_key" IS NOT NULL);--> statement-breakpoint
UPDATE "products" SET "published" = false, "version" = "version" + 1, "updated_at" = now()
WHERE "published" AND "kind" = 'content'
  AND NOT EXISTS (SELECT 1 FROM "content_chapters" c WHERE c."product_id" = "products"."id");
