import type { Db } from "../../db/client";
import { smsOutbox } from "../../db/schema";
import type { Logger } from "../../logger";
import type { SmsProvider } from "./provider";

/**
 * The default provider: writes each message to the log and to the `sms_outbox` table, so the
 * demo and the tests can read the codes. A real gateway adapter implements the same interface.
 */
export function createOutboxSms(db: Db, log: Logger): SmsProvider {
  return {
    name: "outbox",
    async send(phone, body) {
      await db.insert(smsOutbox).values({ phone, body, provider: "outbox" });
      log.info({ sms: { phone, body } }, "sms written to outbox");
    },
  };
}
