import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import { createOutboxSms } from "./outbox";
import type { SmsProvider } from "./provider";
import { createSslWirelessSms } from "./sslwireless";

export type SmsConfig = Pick<
  Config,
  "SMS_PROVIDER" | "SSLWIRELESS_API_TOKEN" | "SSLWIRELESS_SID" | "SSLWIRELESS_BASE_URL" | "production"
>;

/** The configured SMS gateway; the built-in outbox provider (a table, and the log outside production) otherwise. */
export function createSms(config: SmsConfig, log: Logger, db: Db): SmsProvider {
  const child = log.child({ integration: "sms" });
  if (config.SMS_PROVIDER === "sslwireless") {
    // loadConfig refuses sslwireless without both; this guards a hand-built config.
    if (!config.SSLWIRELESS_API_TOKEN || !config.SSLWIRELESS_SID) {
      throw new Error("SMS_PROVIDER=sslwireless needs SSLWIRELESS_API_TOKEN and SSLWIRELESS_SID");
    }
    return createSslWirelessSms(
      {
        apiToken: config.SSLWIRELESS_API_TOKEN,
        sid: config.SSLWIRELESS_SID,
        baseUrl: config.SSLWIRELESS_BASE_URL,
      },
      child,
    );
  }
  if (config.production) {
    child.warn(
      "no SMS gateway is configured (SMS_PROVIDER): messages are only written to the sms_outbox table",
    );
  }
  return createOutboxSms(db, log, { production: config.production });
}
