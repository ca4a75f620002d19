-- Refunds of card and bKash payments go through the gateway's refund API: a refund is pending
-- while the gateway works on it and failed when it refused, and keeps the gateway's id for it.
-- The sandbox gateway keeps what it gave back of each payment. Old refunds stay owed or paid.
ALTER TYPE "public"."refund_status" ADD VALUE 'pending';--> statement-breakpoint
ALTER TYPE "public"."refund_status" ADD VALUE 'failed';--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gateway_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;