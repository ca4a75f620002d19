import type { Config } from "../../config";
import type { Logger } from "../../logger";
import { createNoEmail } from "./none";
import type { EmailProvider } from "./provider";
import { createSmtpEmail } from "./smtp";

export type EmailConfig = Pick<
  Config,
  "SMTP_HOST" | "SMTP_PORT" | "SMTP_USER" | "SMTP_PASSWORD" | "SMTP_SECURE" | "MAIL_FROM"
>;

/** SMTP when SMTP_HOST is set; otherwise no email at all. */
export function createEmail(config: EmailConfig, log: Logger): EmailProvider {
  const child = log.child({ integration: "email" });
  if (!config.SMTP_HOST) return createNoEmail(child);
  // loadConfig refuses SMTP_HOST without MAIL_FROM; this guards a hand-built config.
  if (!config.MAIL_FROM) throw new Error("SMTP_HOST is set but MAIL_FROM is not");
  return createSmtpEmail(
    {
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.MAIL_FROM,
    },
    child,
  );
}
