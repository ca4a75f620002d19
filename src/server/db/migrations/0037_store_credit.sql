-- Store credit for sharing (decision 71): a ledger of entries per customer, each with the balance
-- after it, never negative; orders keep the credit they spent, which lowers what is left to pay
-- (old orders spent none: 0, so their totals still add up).
CREATE TYPE "public"."store_credit_kind" AS ENUM('referral', 'referral_friend', 'spent', 'given_back', 'refund', 'adjustment');--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_credit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" "store_credit_kind" NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"refund_id" integer,
	"referred_id" integer,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_key_unique" UNIQUE("key"),
	CONSTRAINT "store_credit_entries_balance_not_negative" CHECK ("store_credit_entries"."balance" >= 0),
	CONSTRAINT "store_credit_entries_amount_not_zero" CHECK ("store_credit_entries"."amount" <> 0),
	CONSTRAINT "store_credit_entries_seq_positive" CHECK ("store_credit_entries"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_add_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_credit_entries_user_id_seq_index" ON "store_credit_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_id_index" ON "store_credit_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_referred_id_index" ON "store_credit_entries" USING btree ("referred_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_add_up" CHECK ("orders"."total" = "orders"."subtotal" - "orders"."discount" + "orders"."delivery" - "orders"."store_credit" and "orders"."total" >= 0 and "orders"."discount" >= 0 and "orders"."store_credit" >= 0);