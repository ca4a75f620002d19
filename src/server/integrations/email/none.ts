import type { Logger } from "../../logger";
import type { EmailProvider } from "./provider";

export const NO_EMAIL = "none";

/** No mail server configured: messages are dropped, noted at debug level. */
export function createNoEmail(log: Logger): EmailProvider {
  return {
    name: NO_EMAIL,
    async send(message) {
      log.debug(
        { email: { to: message.to, subject: message.subject } },
        "email not sent: SMTP_HOST is not set",
      );
    },
  };
}
