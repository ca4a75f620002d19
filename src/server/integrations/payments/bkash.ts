import type { Logger } from "../../logger";
import { formatTakaAmount, parseTakaAmount } from "./amount";
import { assertCallbackUrls, callGateway, type GatewayCaller, type Json, text } from "./http";
import {
  PaymentGatewayError,
  type PaymentInit,
  type PaymentProvider,
  type PaymentStart,
  type PaymentVerification,
  type RefundAnswer,
  type RefundRequest,
} from "./provider";

export const BKASH_SANDBOX_URL = "https://tokenized.sandbox.bka.sh/v1.2.0-beta";
export const BKASH_LIVE_URL = "https://tokenized.pay.bka.sh/v1.2.0-beta";

export type BkashOptions = {
  /** Up to and including the API version: BKASH_SANDBOX_URL, BKASH_LIVE_URL or a fake's address. */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Per call, including reading the answer. Default 30 s, as bKash asks of merchants. */
  timeoutMs?: number;
  /** Milliseconds since the epoch; for tests of the token's lifetime. */
  now?: () => number;
};

const GATEWAY = "bKash";
const CREDENTIALS_HINT = " (check BKASH_USERNAME, BKASH_PASSWORD, BKASH_APP_KEY and BKASH_APP_SECRET)";

type Token = { idToken: string; refreshToken: string | null; renewAt: number };

type Unpaid = Extract<PaymentVerification, { status: "failed" | "cancelled" | "pending" }>;

/**
 * bKash's refusal in an answer, or null. The tokenized API answers HTTP 200 with
 * `statusCode`/`statusMessage` ("0000" is success); older answers use `errorCode`/`errorMessage`.
 */
export function bkashRefusal(answer: Json): { code: string; message: string } | null {
  const statusCode = text(answer, "statusCode");
  if (statusCode && statusCode !== "0000")
    return { code: statusCode, message: text(answer, "statusMessage") };
  const errorCode = text(answer, "errorCode");
  if (errorCode) return { code: errorCode, message: text(answer, "errorMessage") };
  return null;
}

function explain(r: { code: string; message: string }): string {
  return `${r.message || "no reason given"} (${r.code})`;
}

/**
 * The bKash Tokenized Checkout adapter ("checkout URL", mode 0011, no agreement): grant token,
 * create, execute, and the payment status query. One id_token is shared by all calls until shortly
 * before it expires (bKash asks merchants not to grant a token per payment), then refreshed.
 */
export function createBkash(opts: BkashOptions, log: Logger): PaymentProvider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const now = opts.now ?? Date.now;
  const caller: GatewayCaller = {
    gateway: GATEWAY,
    fetch: opts.fetch ?? fetch,
    timeoutMs: opts.timeoutMs ?? 30_000,
    log,
  };
  let cached: Token | null = null;
  let renewing: Promise<Token> | null = null;

  function fail(code: PaymentGatewayError["code"], message: string, httpStatus?: number): never {
    throw new PaymentGatewayError(GATEWAY, code, message, { httpStatus });
  }

  async function tokenCall(kind: "grant" | "refresh", refreshToken?: string): Promise<Token> {
    const what = kind === "grant" ? "the grant token API" : "the refresh token API";
    const answer = await callGateway(caller, what, `${base}/tokenized/checkout/token/${kind}`, {
      method: "POST",
      headers: {
        username: opts.username,
        password: opts.password,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify({
        app_key: opts.appKey,
        app_secret: opts.appSecret,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      }),
    });
    const idToken = text(answer.json, "id_token");
    if (answer.ok && idToken) {
      const lifeMs = Math.max(60, Number(text(answer.json, "expires_in")) || 3600) * 1000;
      // Renew five minutes early (half-way for short-lived tokens) so no call carries a dying token.
      const renewAt = now() + Math.max(lifeMs - 5 * 60_000, lifeMs / 2);
      log.debug({ gateway: "bkash", token: kind, expiresInS: lifeMs / 1000 }, "bKash token obtained");
      return { idToken, refreshToken: text(answer.json, "refresh_token") || refreshToken || null, renewAt };
    }
    if (answer.httpStatus >= 500)
      fail("unreachable", `bKash answered ${what} with HTTP ${answer.httpStatus}`, answer.httpStatus);
    const refusal = answer.json ? bkashRefusal(answer.json) : null;
    const reason = refusal
      ? explain(refusal)
      : text(answer.json, "message") ||
        `HTTP ${answer.httpStatus}, ${answer.body.slice(0, 200) || "empty answer"}`;
    fail("rejected", `bKash refused ${what}: ${reason}${CREDENTIALS_HINT}`, answer.httpStatus);
  }

  async function renew(): Promise<Token> {
    const refreshToken = cached?.refreshToken;
    if (refreshToken) {
      try {
        return await tokenCall("refresh", refreshToken);
      } catch (e) {
        log.warn(
          { gateway: "bkash", err: e instanceof Error ? e.message : String(e) },
          "token refresh failed; granting anew",
        );
      }
    }
    return tokenCall("grant");
  }

  /** The current id_token; one grant or refresh at a time, however many payments ask at once. */
  async function idToken(): Promise<string> {
    if (cached && now() < cached.renewAt) return cached.idToken;
    if (!renewing) {
      renewing = renew()
        .then((t) => {
          cached = t;
          return t;
        })
        .finally(() => {
          renewing = null;
        });
    }
    return (await renewing).idToken;
  }

  /** One checkout API call; a token bKash no longer accepts is replaced once. */
  async function api(what: string, path: string, body: Json, retried = false): Promise<Json> {
    const token = await idToken();
    const answer = await callGateway(caller, what, `${base}/tokenized/checkout/${path}`, {
      method: "POST",
      headers: {
        Authorization: token,
        "X-APP-Key": opts.appKey,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body: JSON.stringify(body),
    });
    if ((answer.httpStatus === 401 || answer.httpStatus === 403) && !retried) {
      if (cached?.idToken === token) cached = null;
      return api(what, path, body, true);
    }
    if (!answer.ok) {
      const reason =
        text(answer.json, "message") || text(answer.json, "statusMessage") || answer.body.slice(0, 200);
      fail(
        answer.httpStatus >= 500 ? "unreachable" : "rejected",
        `bKash answered ${what} with HTTP ${answer.httpStatus}: ${reason || "no reason given"}`,
        answer.httpStatus,
      );
    }
    if (!answer.json)
      fail(
        "bad_answer",
        `bKash answered ${what} with something other than JSON: ${answer.body.slice(0, 200)}`,
      );
    return answer.json;
  }

  /** A Completed payment as bKash reported it. */
  function paid(answer: Json, raw: unknown): PaymentVerification {
    const paymentID = text(answer, "paymentID");
    const amount = parseTakaAmount(text(answer, "amount"));
    const gatewayTxnId = text(answer, "trxID");
    const tranx = text(answer, "merchantInvoiceNumber");
    if (amount === null || !gatewayTxnId || !tranx) {
      fail(
        "bad_answer",
        `bKash reported payment ${paymentID} Completed without a readable amount, trxID or merchantInvoiceNumber`,
      );
    }
    log.info({ gateway: "bkash", tranx, paymentID, amount, gatewayTxnId }, "payment confirmed");
    return { status: "paid", tranx, amount, currency: text(answer, "currency") || "BDT", gatewayTxnId, raw };
  }

  /** A refund answer: `Completed` with its refundTrxID, or bKash's refusal. */
  function refundAnswer(answer: Json, wanted: string | null): RefundAnswer | null {
    const refusal = bkashRefusal(answer);
    if (refusal)
      return {
        status: "failed",
        gatewayRefundId: wanted,
        reason: `bKash refused the refund: ${explain(refusal)}`,
        raw: answer,
      };
    const refundTrxID = text(answer, "refundTrxID");
    if (wanted && refundTrxID && refundTrxID !== wanted) return null;
    const state = text(answer, "transactionStatus");
    if (state === "Completed" && refundTrxID) {
      return { status: "refunded", gatewayRefundId: refundTrxID, reason: "Refunded by bKash", raw: answer };
    }
    if (state === "Initiated" || state === "Pending") {
      return {
        status: "pending",
        gatewayRefundId: refundTrxID || wanted,
        reason: `bKash reports the refund ${state}`,
        raw: answer,
      };
    }
    return {
      status: "failed",
      gatewayRefundId: refundTrxID || wanted,
      reason: `bKash reports the refund ${state || "without a status"}`,
      raw: answer,
    };
  }

  return {
    name: "bkash",

    async refund(r: RefundRequest): Promise<RefundAnswer> {
      if (!r.payment.gatewayRef || !r.payment.gatewayTxnId) {
        return {
          status: "failed",
          gatewayRefundId: null,
          reason: "The payment has no paymentID and trxID to refund",
          raw: null,
        };
      }
      const answer = await api("refund", "payment/refund", {
        paymentID: r.payment.gatewayRef,
        trxID: r.payment.gatewayTxnId,
        amount: formatTakaAmount(r.amount),
        sku: r.refundRef.slice(0, 255),
        reason: Array.from(r.reason.trim()).slice(0, 255).join(""),
      });
      const result = refundAnswer(answer, null)!;
      log.info(
        {
          gateway: "bkash",
          refundRef: r.refundRef,
          status: result.status,
          refundTrxID: result.gatewayRefundId,
        },
        "refund requested",
      );
      return result;
    },

    async refundStatus(r): Promise<RefundAnswer> {
      if (!r.payment.gatewayRef || !r.payment.gatewayTxnId) {
        return {
          status: "failed",
          gatewayRefundId: null,
          reason: "The payment has no paymentID and trxID to refund",
          raw: null,
        };
      }
      // The same endpoint without an amount is the refund status query.
      const answer = await api("refund status", "payment/refund", {
        paymentID: r.payment.gatewayRef,
        trxID: r.payment.gatewayTxnId,
      });
      const known = refundAnswer(answer, r.gatewayRefundId);
      // Without its refundTrxID (the refund's answer was lost) only a refund of this amount is it.
      const amount = parseTakaAmount(text(answer, "amount"));
      if (known && (r.gatewayRefundId || known.status === "failed" || amount === r.amount)) return known;
      return {
        status: "failed",
        gatewayRefundId: r.gatewayRefundId,
        reason: "bKash has no record of this refund",
        raw: answer,
      };
    },

    async start(init: PaymentInit): Promise<PaymentStart> {
      if (!Number.isSafeInteger(init.amount) || init.amount <= 0) {
        fail("invalid_request", `bKash needs a positive whole number of poisha (got ${init.amount})`);
      }
      assertCallbackUrls(GATEWAY, { success: init.urls.success });
      const answer = await api("create payment", "create", {
        mode: "0011",
        payerReference: init.customer.phone,
        // bKash sends the customer back here with paymentID and status=success|failure|cancel.
        callbackURL: init.urls.success,
        amount: formatTakaAmount(init.amount),
        currency: init.currency,
        intent: "sale",
        merchantInvoiceNumber: init.tranx,
      });
      const refusal = bkashRefusal(answer);
      if (refusal)
        fail("rejected", `bKash refused to create a payment for ${init.tranx}: ${explain(refusal)}`);
      const paymentID = text(answer, "paymentID");
      const redirectUrl = text(answer, "bkashURL");
      if (!paymentID || !redirectUrl)
        fail("bad_answer", `bKash created a payment for ${init.tranx} without paymentID or bkashURL`);
      log.info({ gateway: "bkash", tranx: init.tranx, gatewayRef: paymentID }, "payment created");
      return { redirectUrl, gatewayRef: paymentID };
    },

    async verify({ params, gatewayRef }): Promise<PaymentVerification> {
      const fromCallback = params.paymentID ?? "";
      if (gatewayRef && fromCallback && fromCallback !== gatewayRef) {
        log.warn(
          { gateway: "bkash", paymentID: fromCallback, expected: gatewayRef },
          "callback for another payment",
        );
        return {
          status: "failed",
          tranx: null,
          reason: `The callback's paymentID ${fromCallback} is not this attempt's (${gatewayRef})`,
          raw: params,
        };
      }
      const paymentID = gatewayRef || fromCallback;
      if (!paymentID)
        return { status: "failed", tranx: null, reason: "The callback has no paymentID", raw: params };
      const said = (params.status ?? "").toLowerCase();

      // Money moves only on execute; the callback's "success" just says the customer approved.
      let executed: Json | undefined;
      let executeProblem = "";
      let executeUnanswered = false;
      if (said === "success") {
        try {
          const answer = await api("execute payment", "execute", { paymentID });
          const refusal = bkashRefusal(answer);
          if (refusal) executeProblem = explain(refusal);
          else executed = answer;
        } catch (e) {
          if (!(e instanceof PaymentGatewayError)) throw e;
          // Without a readable answer bKash may have executed it anyway; the status query tells.
          executeUnanswered = e.code !== "rejected";
          executeProblem = e.message;
        }
        if (executed && text(executed, "transactionStatus") === "Completed") {
          return paid(executed, { execute: executed });
        }
      }

      // Anything but a clean execute (already completed, an error, a failure or cancel callback,
      // which anyone could forge): ask bKash where the payment stands and trust only that.
      const query = await api("query payment", "payment/status", { paymentID });
      const raw = { execute: executed ?? (executeProblem || undefined), query };
      const refusal = bkashRefusal(query);
      if (refusal) {
        if (executeUnanswered)
          fail("unreachable", `bKash could not confirm payment ${paymentID}: ${explain(refusal)}`);
        return { status: "failed", tranx: null, reason: `bKash: ${explain(refusal)}`, raw };
      }
      const state = text(query, "transactionStatus");
      if (state === "Completed") return paid(query, raw);

      const tranx = text(query, "merchantInvoiceNumber") || null;
      let result: Unpaid;
      if (said === "cancel") {
        result = { status: "cancelled", tranx, reason: "The customer cancelled the payment at bKash", raw };
      } else if (said === "failure") {
        result = { status: "failed", tranx, reason: "The payment failed at bKash", raw };
      } else if (state === "Initiated" && executeUnanswered) {
        result = {
          status: "pending",
          tranx,
          reason: `bKash has not confirmed the payment yet: ${executeProblem}`,
          raw,
        };
      } else if (state === "Initiated" && said !== "success") {
        result = { status: "pending", tranx, reason: "The customer has not finished paying at bKash", raw };
      } else if (state === "Cancelled") {
        result = {
          status: "cancelled",
          tranx,
          reason: "bKash reports the payment cancelled",
          confirmedByGateway: true,
          raw,
        };
      } else {
        const why = executeProblem || (said === "success" ? "" : `callback status ${said}`);
        result = {
          status: "failed",
          tranx,
          reason: `bKash reports the payment ${state || "without a status"}${why ? `: ${why}` : ""}`,
          // Only a final word of bKash's query releases the order; "Initiated" (a forged or early
          // success callback) leaves it waiting.
          confirmedByGateway: state !== "" && state !== "Initiated",
          raw,
        };
      }
      log.info(
        { gateway: "bkash", tranx, paymentID, status: result.status, bkashStatus: state },
        "payment not made",
      );
      return result;
    },
  };
}
