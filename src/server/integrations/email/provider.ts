export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML; user-provided text in it must already be escaped. */
  html?: string;
  /** The message's idempotency key; SMTP sends it as the Message-ID, so a resent copy is one mail to the reader. */
  id?: string;
};

/** Sends an email; `none` when no mail server is configured. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}
