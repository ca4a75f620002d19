-- The cash-on-delivery risk check: the rule staff set (one row, made on its first save), the
-- courier lookups' answers kept a day per phone, and each COD order's verdict when it was placed.
-- Orders placed before have none (null), which every page and filter reads as not checked.
CREATE TYPE "public"."cod_risk_action" AS ENUM('call', 'pay_online');--> statement-breakpoint
CREATE TYPE "public"."cod_risk_level" AS ENUM('none', 'ok', 'risky');--> statement-breakpoint
CREATE TABLE "cod_risk_rules" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"min_delivered_percent" integer NOT NULL,
	"max_returns" integer NOT NULL,
	"action" "cod_risk_action" NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "cod_risk_rules_one_row" CHECK ("cod_risk_rules"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_history_cache" (
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"delivered" integer NOT NULL,
	"returned" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_history_cache_phone_source_pk" PRIMARY KEY("phone","source")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_risk_level" "cod_risk_level";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_risk" jsonb;--> statement-breakpoint
ALTER TABLE "cod_risk_rules" ADD CONSTRAINT "cod_risk_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cod_risk_level_created_at_index" ON "orders" USING btree ("cod_risk_level","created_at");