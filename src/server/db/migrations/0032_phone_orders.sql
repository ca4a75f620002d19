-- Orders taken by phone (/admin/orders/new) name the clerk who took them, and carry the key the
-- clerk's page sent, unique, so a double tap or a retry places one order. Old orders keep both
-- null: they were placed at the shop's own checkout.
ALTER TABLE "orders" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placeKey_unique" UNIQUE("place_key");