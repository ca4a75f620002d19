import { createHash } from "node:crypto";
import type { Logger } from "../../logger";
import { SmsError, type SmsProvider } from "./provider";

export const SSLWIRELESS = "sslwireless";
/** SSL Wireless's ISMS Plus API; `/api/v3/send-sms` is appended. */
export const SSLWIRELESS_BASE_URL = "https://smsplus.sslwireless.com";

export type SslWirelessOptions = {
  apiToken: string;
  /** The approved sender id (masking or non-masking), as SSL Wireless issued it. */
  sid: string;
  /** Defaults to SSL Wireless's ISMS Plus API. */
  baseUrl?: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Per call, including reading the answer. Default 10 s. */
  timeoutMs?: number;
};

/**
 * SSL Wireless's `status_code`s (API v3) that no retry can fix: the number is invalid or blocked,
 * the text too long or malformed. Anything else (credentials, limits, their outage) is retried.
 */
const PERMANENT = new Set([4025, 4026, 4027, 4028]);
/** "Duplicate CSMS ID": the gateway already took this message (a retry after a lost answer). */
const DUPLICATE_CSMS_ID = 4023;

/** `csms_id` is at most 20 letters and digits, unique per day: the first 20 hex digits of the key's SHA-256. */
export function csmsIdFor(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 20);
}

/** 01XXXXXXXXX as the gateway wants it: 8801XXXXXXXXX. */
export function msisdnOf(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (/^01\d{9}$/.test(digits)) return `88${digits}`;
  if (/^8801\d{9}$/.test(digits)) return digits;
  throw new SmsError("SSL Wireless", `not a Bangladeshi mobile number: ${phone.slice(0, 20)}`, {
    permanent: true,
  });
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const isTimeout = (e: unknown) =>
  e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");

/**
 * The SSL Wireless SMS adapter (ISMS Plus API v3, single SMS: POST /api/v3/send-sms with a JSON
 * body of api_token, sid, msisdn, sms and csms_id). The text goes as it is, UTF-8 in JSON: the
 * gateway sends Bangla as a Unicode SMS itself. The outbox key becomes the csms_id, so a message
 * retried after a lost answer is refused as a duplicate (which we count as delivered) rather than
 * sent twice. The text never reaches the log (it may hold a one-time code).
 */
export function createSslWirelessSms(opts: SslWirelessOptions, log: Logger): SmsProvider {
  const url = `${(opts.baseUrl ?? SSLWIRELESS_BASE_URL).replace(/\/+$/, "")}/api/v3/send-sms`;
  const fetchFn = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const gateway = "SSL Wireless";

  return {
    name: SSLWIRELESS,
    async send(phone, body, key) {
      const msisdn = msisdnOf(phone);
      const csmsId = csmsIdFor(key);
      const started = performance.now();
      let res: Response;
      let text: string;
      try {
        res = await fetchFn(url, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", accept: "application/json" },
          body: JSON.stringify({
            api_token: opts.apiToken,
            sid: opts.sid,
            msisdn,
            sms: body,
            csms_id: csmsId,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (e) {
        if (isTimeout(e)) {
          throw new SmsError(gateway, `SSL Wireless did not answer within ${timeoutMs} ms`, { cause: e });
        }
        const reason =
          e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
        throw new SmsError(gateway, `SSL Wireless could not be reached: ${reason}`, { cause: e });
      }
      const ms = Math.round(performance.now() - started);
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const answer = isRecord(json) ? json : undefined;
      const statusCode = Number(answer?.status_code);
      const info =
        Array.isArray(answer?.smsinfo) && isRecord(answer.smsinfo[0]) ? answer.smsinfo[0] : undefined;
      const accepted =
        res.ok && answer?.status === "SUCCESS" && (info === undefined || info.sms_status === "SUCCESS");
      if (accepted) {
        log.info({ sms: { key, csmsId, reference: info?.reference_id ?? null, ms } }, "sms sent");
        return;
      }
      if (statusCode === DUPLICATE_CSMS_ID) {
        log.info({ sms: { key, csmsId, ms } }, "sms already taken by the gateway (duplicate csms_id)");
        return;
      }
      if (!answer) {
        throw new SmsError(
          gateway,
          `SSL Wireless answered HTTP ${res.status} with something other than JSON: ${text.slice(0, 120)}`,
          { httpStatus: res.status },
        );
      }
      const reason =
        (typeof answer.error_message === "string" && answer.error_message) ||
        (typeof info?.status_message === "string" && info.status_message) ||
        "no reason given";
      const hint =
        statusCode === 4001 || statusCode === 4002
          ? " (check SSLWIRELESS_API_TOKEN and SSLWIRELESS_SID)"
          : "";
      throw new SmsError(
        gateway,
        `SSL Wireless refused the SMS (HTTP ${res.status}, status_code ${Number.isFinite(statusCode) ? statusCode : "none"}): ${reason}${hint}`,
        { httpStatus: res.status, statusCode, permanent: PERMANENT.has(statusCode) },
      );
    },
  };
}
