-- Decision 40: an invoice is written by the confirming transaction without a number and numbered
-- right after it commits by number_invoices(), one numbering at a time across every server.
ALTER TABLE "invoices" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "year" smallint DEFAULT extract(year from (now() at time zone 'Asia/Dhaka'))::smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seq" integer;--> statement-breakpoint
-- Invoices issued before: their year and place are in their number (INV-YYYY-NNNNNN).
UPDATE "invoices" SET "year" = split_part("number", '-', 2)::smallint, "seq" = split_part("number", '-', 3)::integer WHERE "number" ~ '^INV-[0-9]{4}-[0-9]+$';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_seq_unique" ON "invoices" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "invoices_waiting_for_number" ON "invoices" USING btree ("issued_at","id") WHERE "invoices"."number" is null;--> statement-breakpoint
-- Numbers every committed invoice still waiting for its number, per Dhaka year, in confirmation
-- order (the order numberings see them commit; within one numbering, by confirmation time, then
-- id), after the year's last number: gap-free, each number once. The advisory lock makes
-- numberings take turns across every server and connection; the function being VOLATILE, the
-- statement after the lock takes a fresh snapshot, so it sees every invoice committed before it
-- and every earlier numbering's work. Called as one statement outside a transaction, the lock is
-- held only while PostgreSQL runs it. Returns how many it numbered.
CREATE FUNCTION number_invoices() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  numbered integer;
BEGIN
  PERFORM pg_advisory_xact_lock(7240312, 1);
  WITH waiting AS (
    SELECT i.id, i.year, row_number() OVER (PARTITION BY i.year ORDER BY i.issued_at, i.id)::integer AS k
    FROM invoices i WHERE i.number IS NULL
  ), per_year AS (
    SELECT w.year, count(*)::integer AS n FROM waiting w GROUP BY w.year
  ), counted AS (
    INSERT INTO invoice_counters AS c (year, last) SELECT p.year, p.n FROM per_year p
    ON CONFLICT (year) DO UPDATE SET last = c.last + excluded.last
    RETURNING c.year, c.last
  ), assigned AS (
    SELECT w.id, 'INV-' || w.year || '-' || lpad(s.seq::text, greatest(6, length(s.seq::text)), '0') AS number, s.seq
    FROM waiting w JOIN per_year p ON p.year = w.year JOIN counted c ON c.year = w.year
    CROSS JOIN LATERAL (SELECT c.last - p.n + w.k AS seq) s
  )
  UPDATE invoices i
  SET seq = a.seq, number = a.number, snapshot = jsonb_set(i.snapshot, '{number}', to_jsonb(a.number))
  FROM assigned a
  WHERE i.id = a.id;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  RETURN numbered;
END
$$;
