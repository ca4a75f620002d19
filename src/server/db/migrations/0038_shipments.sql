-- Parcels within an order (decision 70): each with its lines, courier, consignment and state.
-- Every physical order placed before gets its first parcel here, with its consignment, courier,
-- last courier news and check time; the claim and check times move from the order to the parcel.
CREATE TYPE "public"."shipment_state" AS ENUM('waiting', 'ready', 'shipped', 'delivered', 'cancelled', 'returned');--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"lines" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "shipment_state" NOT NULL,
	"courier" text,
	"consignment" text,
	"parcel" text,
	"booking_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_consignment_unique" UNIQUE("consignment"),
	CONSTRAINT "shipments_seq_positive" CHECK ("shipments"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "shipment_id" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_id_seq_index" ON "shipments" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "shipments_state_index" ON "shipments" USING btree ("state");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "shipments" ("order_id", "seq", "lines", "state", "courier", "consignment", "parcel", "booking_at", "checked_at", "shipped_at", "delivered_at", "created_at", "updated_at")
SELECT o."id", 1,
	COALESCE((SELECT jsonb_object_agg(l."id"::text, l."quantity") FROM "order_lines" l WHERE l."order_id" = o."id" AND l."kind"::text IN ('book', 'stationary', 'bundle')), '{}'::jsonb),
	(CASE
		WHEN o."status"::text = 'delivered' OR o."delivered_at" IS NOT NULL THEN 'delivered'
		WHEN o."status"::text = 'returned' THEN 'returned'
		WHEN o."status"::text IN ('cancelled', 'refunded') THEN 'cancelled'
		WHEN o."status"::text = 'shipped' OR o."consignment" IS NOT NULL OR o."courier" = 'hand' THEN 'shipped'
		ELSE 'ready'
	END)::"shipment_state",
	o."courier", o."consignment",
	(SELECT substr(e."status", 10) FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" LIKE 'shipment:%' ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1),
	o."courier_booking_at", o."courier_checked_at",
	(SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = 'shipped'),
	o."delivered_at", o."created_at", o."updated_at"
FROM "orders" o
WHERE o."physical";--> statement-breakpoint
UPDATE "order_events" e SET "shipment_id" = s."id" FROM "shipments" s WHERE s."order_id" = e."order_id" AND s."seq" = 1 AND e."status" LIKE 'shipment:%';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "courier_checked_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "courier_booking_at";