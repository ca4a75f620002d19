-- The audit log page reads the newest entries matching a staff member, an area, a record or days,
-- a page at a time from the last one seen: each filter gets an index ending in (created_at, id),
-- the order it is read in, so no page sorts or skips rows however long the log grows.
DROP INDEX "audit_log_entity_entity_id_index";--> statement-breakpoint
DROP INDEX "audit_log_created_at_index";--> statement-breakpoint
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_created_idx" ON "audit_log" USING btree ("entity","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_id_created_idx" ON "audit_log" USING btree ("entity_id","created_at","id");
