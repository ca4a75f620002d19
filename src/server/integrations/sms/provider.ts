/**
 * Sends a text message to a Bangladeshi mobile number (local form 01XXXXXXXXX). `key` is the
 * message's idempotency key: sending the same key again must not deliver a second SMS (a gateway
 * adapter passes it on as the gateway's client message id). A thrown error means "not sent"; the
 * outbox tries again later, unless the error is an SmsError marked permanent.
 */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, body: string, key: string): Promise<void>;
}

/** A gateway's refusal or silence. `permanent`: trying the same message again cannot help. */
export class SmsError extends Error {
  constructor(
    readonly gateway: string,
    message: string,
    readonly details: { permanent?: boolean; httpStatus?: number; statusCode?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.name = "SmsError";
  }

  get permanent(): boolean {
    return this.details.permanent === true;
  }
}
