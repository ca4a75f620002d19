-- A shipped parcel that comes back (refused at the door, or undeliverable) is recorded as returned:
-- when, why, and the courier's return charge, a cost of the shop counted at its own instant in the
-- ledger. Old orders have none of these; the new status is appended after the specification's.
CREATE TYPE "public"."return_reason" AS ENUM('refused', 'undeliverable');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'returned';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_reason" "return_reason";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_charge" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_charged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_return_charged_at_index" ON "orders" USING btree ("return_charged_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_return_charge_not_negative" CHECK ("orders"."return_charge" is null or "orders"."return_charge" >= 0);