/** Sends a text message to a Bangladeshi mobile number (local form 01XXXXXXXXX). */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, body: string): Promise<void>;
}
