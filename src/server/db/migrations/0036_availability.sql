-- True availability and pre-orders: a product's release date, back-order lead time, out-of-print
-- mark and pre-order payment rule; order lines sold without stock wait (and are filled later, oldest
-- order first); an order with such lines keeps the buyer's choice of one parcel or two.
CREATE TYPE "public"."line_wait" AS ENUM('preorder', 'backorder');--> statement-breakpoint
CREATE TYPE "public"."wait_shipping" AS ENUM('split', 'together');--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "waits" "line_wait";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "expected_on" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wait_shipping" "wait_shipping";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "release_date" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorder_days" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "out_of_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preorder_online_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_lines_waiting_idx" ON "order_lines" USING btree ("product_id","order_id") WHERE "order_lines"."waits" is not null and "order_lines"."filled_at" is null;