/**
 * Sends a text message to a Bangladeshi mobile number (local form 01XXXXXXXXX). `key` is the
 * message's idempotency key: sending the same key again must not deliver a second SMS (a gateway
 * adapter passes it on as the gateway's client message id). A thrown error means "not sent, try
 * again later"; the outbox retries it.
 */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, body: string, key: string): Promise<void>;
}
