import { createHash, timingSafeEqual } from "node:crypto";
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

export const SSLCOMMERZ_SANDBOX_URL = "https://sandbox.sslcommerz.com";
export const SSLCOMMERZ_LIVE_URL = "https://securepay.sslcommerz.com";

export type SslcommerzOptions = {
  storeId: string;
  storePassword: string;
  /** SSLCOMMERZ_SANDBOX_URL or SSLCOMMERZ_LIVE_URL (or a fake's address in tests). */
  baseUrl: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Per call, including reading the answer. Default 30 s. */
  timeoutMs?: number;
  /** `cus_email` when the customer gave none (SSLCommerz requires one); default `noreply@` the shop's host. */
  fallbackEmail?: string;
};

const GATEWAY = "SSLCommerz";

export function md5(s: string): string {
  return createHash("md5").update(s, "utf8").digest("hex");
}

/**
 * SSLCommerz's `verify_sign` for a callback: the fields named in `verify_key` that the callback
 * carries, plus `store_passwd` = md5(store password), sorted by name, joined as `k=v&k=v`, md5.
 * Null when the callback names no fields.
 */
export function computeSslcommerzSign(params: Record<string, string>, storePassword: string): string | null {
  const keys = (params.verify_key ?? "").split(",").filter((k) => k !== "");
  if (keys.length === 0) return null;
  const signed: Record<string, string> = {};
  for (const k of keys) if (Object.hasOwn(params, k) && k !== "store_passwd") signed[k] = params[k]!;
  signed.store_passwd = md5(storePassword);
  const joined = Object.keys(signed)
    .sort()
    .map((k) => `${k}=${signed[k]}`)
    .join("&");
  return md5(joined);
}

/** Whether a callback's `verify_sign` is the one its fields and our store password give. */
export function isSslcommerzSignValid(params: Record<string, string>, storePassword: string): boolean {
  const expected = computeSslcommerzSign(params, storePassword);
  const given = (params.verify_sign ?? "").toLowerCase();
  if (expected === null || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Cuts a value to a field's documented length (SSLCommerz refuses longer ones). */
function clip(value: string, max: number): string {
  const chars = Array.from(value.trim());
  return chars.length <= max ? chars.join("") : chars.slice(0, max).join("");
}

const CATEGORY: Record<PaymentInit["productCategory"], string> = {
  physical: "Books",
  digital: "Digital content",
  mixed: "Books and digital content",
};

// The documented product_profile words: general, physical-goods, non-physical-goods, …
const PROFILE: Record<PaymentInit["productCategory"], string> = {
  physical: "physical-goods",
  digital: "non-physical-goods",
  mixed: "general",
};

/** The session API's form fields for a payment attempt (the store credentials are added by the caller). */
export function sslcommerzSessionFields(init: PaymentInit, fallbackEmail: string): Record<string, string> {
  const shipped = init.productCategory !== "digital";
  const c = init.customer;
  const fields: Record<string, string> = {
    total_amount: formatTakaAmount(init.amount),
    currency: init.currency,
    tran_id: init.tranx,
    success_url: init.urls.success,
    fail_url: init.urls.fail,
    cancel_url: init.urls.cancel,
    ipn_url: init.urls.ipn,
    cus_name: clip(c.name, 50),
    cus_email: clip(c.email?.trim() || fallbackEmail, 50),
    cus_add1: clip(c.address, 50),
    cus_add2: clip(c.area, 50),
    cus_city: clip(c.district, 50),
    cus_country: "Bangladesh",
    cus_phone: clip(c.phone, 20),
    shipping_method: shipped ? "Courier" : "NO",
    num_of_item: String(Math.max(1, Math.trunc(init.itemCount ?? 1))),
    product_name: clip(init.productName, 255),
    product_category: CATEGORY[init.productCategory],
    product_profile: PROFILE[init.productCategory],
    // Echoed back in callbacks and shown in the merchant panel, for reconciliation.
    value_a: init.orderNumber,
  };
  if (shipped) {
    Object.assign(fields, {
      ship_name: clip(c.name, 50),
      ship_add1: clip(c.address, 50),
      ship_add2: clip(c.area, 50),
      ship_city: clip(c.district, 50),
      ship_country: "Bangladesh",
    });
  }
  return fields;
}

/** A status word of a callback or of the validation API that is not a payment, in our terms. */
function unpaid(
  word: string,
  tranx: string | null,
  detail: string,
  raw: unknown,
): Extract<PaymentVerification, { status: "failed" | "cancelled" | "pending" }> {
  const why = detail ? `: ${detail}` : "";
  switch (word) {
    case "FAILED":
      return { status: "failed", tranx, reason: `The payment failed at SSLCommerz${why}`, raw };
    case "CANCELLED":
      return { status: "cancelled", tranx, reason: `The customer cancelled the payment${why}`, raw };
    case "UNATTEMPTED":
      return { status: "cancelled", tranx, reason: "The customer chose no way to pay (UNATTEMPTED)", raw };
    case "EXPIRED":
      return { status: "failed", tranx, reason: "The payment session expired (EXPIRED)", raw };
    case "PENDING":
      return {
        status: "pending",
        tranx,
        reason: "SSLCommerz has not settled the payment yet (PENDING)",
        raw,
      };
    case "INVALID_TRANSACTION":
      return {
        status: "failed",
        tranx,
        reason: "SSLCommerz does not know this val_id (INVALID_TRANSACTION)",
        raw,
      };
    default:
      return { status: "failed", tranx, reason: `SSLCommerz answered status ${word || "(none)"}${why}`, raw };
  }
}

/**
 * The SSLCommerz adapter (API v4): a session from `gwprocess/v4/api.php`, each callback checked
 * against `verify_sign` and then confirmed by the Order Validation API.
 */
export function createSslcommerz(opts: SslcommerzOptions, log: Logger): PaymentProvider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const caller: GatewayCaller = {
    gateway: GATEWAY,
    fetch: opts.fetch ?? fetch,
    timeoutMs: opts.timeoutMs ?? 30_000,
    log,
  };

  function fail(code: PaymentGatewayError["code"], message: string, httpStatus?: number): never {
    throw new PaymentGatewayError(GATEWAY, code, message, { httpStatus });
  }

  const credentialsHint = " (check SSLCOMMERZ_STORE_ID, SSLCOMMERZ_STORE_PASSWORD and SSLCOMMERZ_SANDBOX)";

  /** Asks the Order Validation API about a val_id; throws when it gives no usable answer. */
  async function validate(valId: string): Promise<Json> {
    const query = new URLSearchParams({
      val_id: valId,
      store_id: opts.storeId,
      store_passwd: opts.storePassword,
      v: "1",
      format: "json",
    });
    const answer = await callGateway(
      caller,
      "the validation API",
      `${base}/validator/api/validationserverAPI.php?${query}`,
      { method: "GET", headers: { Accept: "application/json" } },
    );
    if (!answer.ok) {
      fail(
        answer.httpStatus >= 500 ? "unreachable" : "rejected",
        `SSLCommerz answered the validation API with HTTP ${answer.httpStatus}`,
        answer.httpStatus,
      );
    }
    if (!answer.json) {
      fail(
        "bad_answer",
        `SSLCommerz answered the validation API with something other than JSON: ${answer.body.slice(0, 200)}`,
      );
    }
    // APIConnect is about our call, not the payment: INVALID_REQUEST, FAILED (authentication), INACTIVE, DONE.
    const connect = text(answer.json, "APIConnect");
    if (connect && connect !== "DONE") {
      const hint = connect === "FAILED" || connect === "INACTIVE" ? credentialsHint : "";
      fail("rejected", `SSLCommerz refused the validation API call (APIConnect ${connect})${hint}`);
    }
    return answer.json;
  }

  /** One call of the refund API (`merchantTransIDvalidationAPI.php`): its JSON, once APIConnect is DONE. */
  async function refundApi(what: string, fields: Record<string, string>): Promise<Json> {
    const query = new URLSearchParams({
      ...fields,
      store_id: opts.storeId,
      store_passwd: opts.storePassword,
      v: "1",
      format: "json",
    });
    const answer = await callGateway(
      caller,
      what,
      `${base}/validator/api/merchantTransIDvalidationAPI.php?${query}`,
      { method: "GET", headers: { Accept: "application/json" } },
    );
    if (answer.httpStatus >= 500) {
      fail("unreachable", `SSLCommerz answered ${what} with HTTP ${answer.httpStatus}`, answer.httpStatus);
    }
    if (!answer.json) {
      fail(
        "bad_answer",
        `SSLCommerz answered ${what} with something other than JSON: ${answer.body.slice(0, 200)}`,
      );
    }
    return answer.json;
  }

  /** A refund answer's APIConnect other than DONE: our call was refused (credentials, a missing field). */
  function refusedCall(json: Json, what: string): RefundAnswer | null {
    const connect = text(json, "APIConnect");
    if (!connect || connect === "DONE") return null;
    const hint = connect === "FAILED" || connect === "INACTIVE" ? credentialsHint : "";
    return {
      status: "failed",
      gatewayRefundId: null,
      reason: `SSLCommerz refused ${what} (APIConnect ${connect})${hint}`,
      raw: json,
    };
  }

  return {
    name: "sslcommerz",

    async refund(r: RefundRequest): Promise<RefundAnswer> {
      if (!r.payment.gatewayTxnId) {
        return {
          status: "failed",
          gatewayRefundId: null,
          reason: "The payment has no bank_tran_id to refund",
          raw: null,
        };
      }
      const json = await refundApi("the refund API", {
        bank_tran_id: r.payment.gatewayTxnId,
        refund_amount: formatTakaAmount(r.amount),
        refund_remarks: clip(r.reason, 255),
        refe_id: r.refundRef,
      });
      const refused = refusedCall(json, "the refund request");
      if (refused) return refused;
      const status = text(json, "status").toLowerCase();
      const refId = text(json, "refund_ref_id") || null;
      log.info({ gateway: "sslcommerz", refundRef: r.refundRef, status, refId }, "refund requested");
      // "success": the refund is initiated; SSLCommerz pays it out later (the status query says when).
      if ((status === "success" || status === "processing") && refId) {
        return {
          status: "pending",
          gatewayRefundId: refId,
          reason: "SSLCommerz is processing the refund",
          raw: json,
        };
      }
      return {
        status: "failed",
        gatewayRefundId: refId,
        reason: `SSLCommerz refused the refund: ${text(json, "errorReason") || `status ${status || "(none)"}`}`,
        raw: json,
      };
    },

    async refundStatus(r): Promise<RefundAnswer> {
      if (!r.gatewayRefundId) {
        // Without its refund_ref_id SSLCommerz cannot be asked about a refund whose answer was lost.
        return {
          status: "failed",
          gatewayRefundId: null,
          reason:
            "SSLCommerz's answer to the refund request never came, so it cannot be looked up: check the merchant panel before retrying or refunding by hand",
          raw: null,
        };
      }
      const json = await refundApi("the refund status API", { refund_ref_id: r.gatewayRefundId });
      const refused = refusedCall(json, "the refund status query");
      if (refused) fail("rejected", refused.reason);
      const status = text(json, "status").toLowerCase();
      if (status === "refunded") {
        return {
          status: "refunded",
          gatewayRefundId: r.gatewayRefundId,
          reason: "Refunded by SSLCommerz",
          raw: json,
        };
      }
      if (status === "processing" || status === "initiated" || status === "success") {
        return {
          status: "pending",
          gatewayRefundId: r.gatewayRefundId,
          reason: "SSLCommerz is processing the refund",
          raw: json,
        };
      }
      return {
        status: "failed",
        gatewayRefundId: r.gatewayRefundId,
        reason: `SSLCommerz reports the refund ${status || "without a status"}${text(json, "errorReason") ? `: ${text(json, "errorReason")}` : ""}`,
        raw: json,
      };
    },

    async start(init: PaymentInit): Promise<PaymentStart> {
      if (!/^[\x21-\x7e]{1,30}$/.test(init.tranx)) {
        fail(
          "invalid_request",
          `SSLCommerz needs a tran_id of 1 to 30 visible ASCII characters (got ${JSON.stringify(init.tranx)})`,
        );
      }
      if (!Number.isSafeInteger(init.amount) || init.amount <= 0) {
        fail("invalid_request", `SSLCommerz needs a positive whole number of poisha (got ${init.amount})`);
      }
      assertCallbackUrls(GATEWAY, init.urls);
      const fallbackEmail = opts.fallbackEmail ?? `noreply@${new URL(init.urls.success).hostname}`;
      const form = new URLSearchParams({
        store_id: opts.storeId,
        store_passwd: opts.storePassword,
        ...sslcommerzSessionFields(init, fallbackEmail),
      });
      const answer = await callGateway(caller, "the session API", `${base}/gwprocess/v4/api.php`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: form,
      });
      if (!answer.ok) {
        fail(
          answer.httpStatus >= 500 ? "unreachable" : "rejected",
          `SSLCommerz answered the session API for ${init.tranx} with HTTP ${answer.httpStatus}`,
          answer.httpStatus,
        );
      }
      if (!answer.json) {
        fail(
          "bad_answer",
          `SSLCommerz answered the session API with something other than JSON: ${answer.body.slice(0, 200)}`,
        );
      }
      const status = text(answer.json, "status");
      const redirectUrl = text(answer.json, "GatewayPageURL");
      if (status !== "SUCCESS" || !redirectUrl) {
        const reason = text(answer.json, "failedreason") || `status ${status || "(none)"}`;
        fail(
          "rejected",
          `SSLCommerz refused a payment session for ${init.tranx}: ${reason}${/credential|de-?active/i.test(reason) ? credentialsHint : ""}`,
        );
      }
      const gatewayRef = text(answer.json, "sessionkey") || null;
      log.info({ gateway: "sslcommerz", tranx: init.tranx, gatewayRef }, "payment session opened");
      return { redirectUrl, gatewayRef };
    },

    async verify({ params }): Promise<PaymentVerification> {
      const callbackTranx = params.tran_id || null;
      if (params.verify_sign && !isSslcommerzSignValid(params, opts.storePassword)) {
        log.warn({ gateway: "sslcommerz", tranx: callbackTranx }, "payment callback with a bad verify_sign");
        return { status: "failed", tranx: callbackTranx, reason: "Bad signature", raw: params };
      }
      const word = (params.status ?? "").toUpperCase();
      const valId = params.val_id ?? "";
      if (!valId) {
        // A failed, cancelled or abandoned payment has no val_id to validate: nothing was paid.
        const result: PaymentVerification =
          word === "VALID" || word === "VALIDATED" || word === ""
            ? {
                status: "failed",
                tranx: callbackTranx,
                reason: "The callback has no val_id to validate",
                raw: params,
              }
            : unpaid(word, callbackTranx, params.error ?? "", params);
        log.info({ gateway: "sslcommerz", tranx: callbackTranx, status: result.status }, "payment not made");
        return result;
      }

      const v = await validate(valId);
      const vWord = text(v, "status").toUpperCase();
      const tranx = text(v, "tran_id");
      if (vWord !== "VALID" && vWord !== "VALIDATED") {
        const result = unpaid(vWord, tranx || callbackTranx, text(v, "error"), v);
        log.info(
          { gateway: "sslcommerz", tranx: result.tranx, valId, validation: vWord },
          "payment not confirmed",
        );
        return result;
      }
      if (!tranx) fail("bad_answer", `SSLCommerz validated val_id ${valId} without a tran_id`);
      if (callbackTranx && callbackTranx !== tranx) {
        log.warn(
          { gateway: "sslcommerz", tranx: callbackTranx, validatedTranx: tranx, valId },
          "val_id of another payment",
        );
        return {
          status: "failed",
          tranx: callbackTranx,
          reason: `val_id ${valId} belongs to transaction ${tranx}, not ${callbackTranx}`,
          raw: v,
        };
      }
      // For a payment in another currency SSLCommerz reports BDT in `amount` and the asked
      // currency in `currency_type`/`currency_amount`; we ask in BDT, where both agree.
      const currencyType = text(v, "currency_type");
      const foreign = currencyType !== "" && currencyType !== "BDT";
      const amountText = foreign ? text(v, "currency_amount") : text(v, "amount");
      const amount = parseTakaAmount(amountText);
      if (amount === null) {
        fail(
          "bad_answer",
          `SSLCommerz validated ${tranx} with an amount we cannot read: ${JSON.stringify(amountText)}`,
        );
      }
      const currency = foreign ? currencyType : text(v, "currency") || "BDT";
      const gatewayTxnId = text(v, "bank_tran_id") || text(v, "val_id") || valId;
      const riskLevel = Number(text(v, "risk_level") || "0");
      const result: PaymentVerification = { status: "paid", tranx, amount, currency, gatewayTxnId, raw: v };
      if (riskLevel > 0) {
        result.risk = { level: riskLevel, title: text(v, "risk_title") };
        log.warn(
          { gateway: "sslcommerz", tranx, risk: result.risk },
          "payment flagged as risky by SSLCommerz",
        );
      }
      log.info(
        { gateway: "sslcommerz", tranx, amount, gatewayTxnId, validation: vWord },
        "payment confirmed",
      );
      return result;
    },
  };
}
