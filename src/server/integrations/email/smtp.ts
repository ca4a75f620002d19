import type { Transporter } from "nodemailer";
import type { Logger } from "../../logger";
import type { EmailProvider } from "./provider";

export type SmtpOptions = {
  host: string;
  port: number;
  /** TLS from the first byte; defaults to true on port 465 only (otherwise STARTTLS when offered). */
  secure?: boolean;
  user?: string;
  password?: string;
  /** The sender, e.g. `Pathagar <orders@pathagar.com.bd>`. */
  from: string;
  /** Connection, greeting and socket timeout. Default 15 s. */
  timeoutMs?: number;
};

/** Sends mail through an SMTP server (nodemailer). */
export function createSmtpEmail(opts: SmtpOptions, log: Logger): EmailProvider {
  const timeout = opts.timeoutMs ?? 15_000;
  // nodemailer is loaded with the first message, not at every start of the server (200 ms).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: opts.host,
        port: opts.port,
        secure: opts.secure ?? opts.port === 465,
        auth: opts.user ? { user: opts.user, pass: opts.password ?? "" } : undefined,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      }),
    ));
  const server = `${opts.host}:${opts.port}`;
  // The sender's domain, for Message-IDs of our own: <key@domain>.
  const domain = /@([^@\s>]+)>?\s*$/.exec(opts.from)?.[1] ?? opts.host;

  return {
    name: "smtp",
    async send(message) {
      try {
        const info = await (await transportOnce()).sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.id
            ? `<${message.id.replace(/[^A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/g, ".")}@${domain}>`
            : undefined,
        });
        log.info(
          { email: { to: message.to, subject: message.subject, messageId: info.messageId } },
          "email sent",
        );
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        throw new Error(`Email to ${message.to} could not be sent through ${server}: ${reason}`, {
          cause: e,
        });
      }
    },
  };
}
