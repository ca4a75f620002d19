ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Decision 46: an email counts as confirmed only where the shop can prove it was. Every address
-- typed at sign-up stays unconfirmed. An address that came through the email change was
-- confirmed by the code emailed to it: confirmEmailChange writes its audit entry (account.email,
-- the new address in `after`) in the same transaction as the change, after the code was right;
-- the account's address counts as confirmed when such an entry names it, at that entry's time.
UPDATE "users" AS u SET "email_confirmed_at" = c.confirmed_at
FROM (
  SELECT a.entity_id, a.after->>'email' AS email, max(a.created_at) AS confirmed_at
  FROM "audit_log" a
  WHERE a.action = 'account.email' AND a.entity = 'user'
  GROUP BY a.entity_id, a.after->>'email'
) AS c
WHERE c.entity_id = u.id::text AND c.email = u.email;--> statement-breakpoint
-- An account linked to a Google account got its address from Google or was linked because
-- Google's verified email equalled it; since then it changed only through the emailed code. Google
-- proved it: confirmed, as of this migration (the link's time was not recorded).
UPDATE "users" SET "email_confirmed_at" = now()
WHERE "email" IS NOT NULL AND "google_subject" IS NOT NULL AND "email_confirmed_at" IS NULL;
