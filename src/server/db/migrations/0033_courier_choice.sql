-- Shops book each district's parcels with the courier that serves it: courier_districts keeps
-- the default courier per district. orders.courier_booking_at is claimed while a courier is being
-- asked to book the parcel, so a double tap, a second tab or a bulk booking never books it twice.
CREATE TABLE "courier_districts" (
	"district" text PRIMARY KEY NOT NULL,
	"courier" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_booking_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courier_districts" ADD CONSTRAINT "courier_districts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;