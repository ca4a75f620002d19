import type { Db } from "../../db/client";
import { smsOutbox } from "../../db/schema";
import type { Logger } from "../../logger";
import type { SmsProvider } from "./provider";

export const OUTBOX_SMS = "outbox";

/**
 * The built-in provider, used when no SMS gateway is configured: each message becomes a row of
 * the `sms_outbox` table, once per key, so the demo and the tests can read the codes. Outside
 * production the text is also written to the log (the demo's codes are read there); in production
 * the log line names the key only, never the text (it may hold a one-time code).
 */
export function createOutboxSms(db: Db, log: Logger, opts: { production: boolean }): SmsProvider {
  return {
    name: OUTBOX_SMS,
    async send(phone, body, key) {
      const written = await db
        .insert(smsOutbox)
        .values({ phone, body, provider: OUTBOX_SMS, key })
        .onConflictDoNothing({ target: smsOutbox.key })
        .returning({ id: smsOutbox.id });
      if (written.length === 0) return;
      if (opts.production) log.info({ sms: { key } }, "sms written to outbox");
      else log.info({ sms: { phone, body, key } }, "sms written to outbox");
    },
  };
}
