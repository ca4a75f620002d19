-- Issue 31, finding: a list or search filtered by publisher finds the publisher's books by the
-- index on lower(publisher) (staff type publishers by hand; the filter compares them case aside);
-- the forgotten-cart SMS keeps each customer's choice (off) and when a cart was reminded of.
ALTER TABLE "carts" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cart_reminders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "book_details_publisher_lower" ON "book_details" USING btree (lower("publisher"));
