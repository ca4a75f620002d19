import type { Logger } from "../../logger";
import { STEADFAST_BASE_URL } from "../couriers/steadfast";
import type { DeliveryHistoryLookup, ExternalDeliveryHistory } from "./provider";

export type SteadfastHistoryOptions = {
  baseUrl?: string;
  apiKey: string;
  secretKey: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
};

/** A count Steadfast may send as a number or as digits; anything else is not an answer. */
function count(v: unknown): number {
  const n = typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new Error(`not a count: ${String(v)}`);
  return n;
}

/**
 * Steadfast's record of a phone across its merchants: `GET /fraud_check/{phone}` with the merchant's
 * API keys, answering `total_delivered` and `total_cancelled` (a cancelled parcel went back to its
 * merchant). The call and its fields are those Steadfast's merchant clients use; its published
 * API document does not list it (decision 68).
 */
export function createSteadfastHistory(opts: SteadfastHistoryOptions, log: Logger): DeliveryHistoryLookup {
  const base = (opts.baseUrl ?? STEADFAST_BASE_URL).replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  return {
    name: "steadfast",
    async lookup(phone, signal): Promise<ExternalDeliveryHistory | null> {
      const started = performance.now();
      const res = await doFetch(`${base}/fraud_check/${encodeURIComponent(phone)}`, {
        method: "GET",
        headers: { "Api-Key": opts.apiKey, "Secret-Key": opts.secretKey, accept: "application/json" },
        signal,
      });
      const text = await res.text();
      log.debug(
        { lookup: "steadfast", httpStatus: res.status, ms: Math.round(performance.now() - started) },
        "delivery history lookup",
      );
      if (!res.ok) throw new Error(`Steadfast answered HTTP ${res.status}`);
      const body = JSON.parse(text) as Record<string, unknown>;
      return { delivered: count(body.total_delivered ?? 0), returned: count(body.total_cancelled ?? 0) };
    },
  };
}
