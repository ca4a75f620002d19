import { toTaka } from "../../../contracts/money";
import type { Logger } from "../../logger";
import { sameSecret } from "./http";
import {
  type Consignment,
  type ConsignmentRef,
  type ConsignmentRequest,
  type Courier,
  CourierError,
  type CourierErrorCode,
  type CourierStatus,
  type ShipmentStatus,
  type WebhookCall,
  type WebhookReading,
} from "./provider";

export const STEADFAST_BASE_URL = "https://portal.packzy.com/api/v1";

export type SteadfastOptions = {
  /** Defaults to Steadfast's production API. */
  baseUrl?: string;
  apiKey: string;
  secretKey: string;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Per call, including reading the answer. Default 15 s. */
  timeoutMs?: number;
  /**
   * The auth token typed beside the callback address in Steadfast's panel: its webhook calls carry
   * it as `Authorization: Bearer …`. Unset: every webhook call is refused.
   */
  webhookToken?: string | undefined;
};

/**
 * Steadfast's delivery statuses in our words. Its `pending` means the parcel is with the courier,
 * neither delivered nor cancelled yet, so it is in transit for us. An `*_approval_pending` status
 * is final for the customer (the parcel is delivered or cancelled); only Steadfast's accounting
 * waits, and the word itself is kept in `courierStatus` for the cash-on-delivery reports.
 */
export const STEADFAST_STATUSES: Readonly<Record<string, ShipmentStatus>> = {
  in_review: "in_review",
  pending: "in_transit",
  hold: "hold",
  delivered_approval_pending: "delivered",
  delivered: "delivered",
  partial_delivered_approval_pending: "partial_delivered",
  partial_delivered: "partial_delivered",
  cancelled_approval_pending: "cancelled",
  cancelled: "cancelled",
  unknown_approval_pending: "unknown",
  unknown: "unknown",
};

/** Our status for a Steadfast status word; a word we do not know is `unknown`. */
export function mapSteadfastStatus(word: string): ShipmentStatus {
  return Object.hasOwn(STEADFAST_STATUSES, word) ? STEADFAST_STATUSES[word]! : "unknown";
}

/** Steadfast's documented limits on a consignment, checked before the request is sent. */
export function checkSteadfastRequest(req: ConsignmentRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(req.invoice)) {
    fields.invoice = "must be letters, digits, hyphens and underscores";
  }
  const name = req.recipientName.trim();
  if (name.length === 0 || name.length > 100) fields.recipientName = "must be 1 to 100 characters";
  if (!/^\d{11}$/.test(req.recipientPhone)) fields.recipientPhone = "must be an 11-digit phone number";
  const address = req.recipientAddress.trim();
  if (address.length === 0 || address.length > 250) fields.recipientAddress = "must be 1 to 250 characters";
  if (!Number.isInteger(req.codAmount) || req.codAmount < 0) {
    fields.codAmount = "must be a whole number of poisha, 0 or more";
  }
  return fields;
}

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `{invoice: ["The invoice has already been taken."]}` as `{invoice: "The invoice has …"}`. */
function fieldErrors(errors: unknown): Record<string, string> {
  if (!isRecord(errors)) return {};
  return Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.map(String).join(" ") : String(v)]),
  );
}

function isTimeout(e: unknown): boolean {
  return e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
}

/** Steadfast always books and always answers (or throws): never the manual courier's null. */
export interface SteadfastCourier extends Courier {
  readonly name: "steadfast";
  createConsignment(req: ConsignmentRequest): Promise<Consignment>;
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus>;
  readWebhook(call: WebhookCall): WebhookReading;
}

/** The Steadfast Courier adapter (their API v1: create_order and the three status look-ups). */
export function createSteadfast(opts: SteadfastOptions, log: Logger): SteadfastCourier {
  const base = (opts.baseUrl ?? STEADFAST_BASE_URL).replace(/\/+$/, "");
  const fetchFn = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const headers = {
    "Api-Key": opts.apiKey,
    "Secret-Key": opts.secretKey,
    "Content-Type": "application/json",
    Accept: "application/json",
  };

  function fail(code: CourierErrorCode, message: string, details?: CourierError["details"]): never {
    throw new CourierError("steadfast", code, message, details);
  }

  /** One call; any answer but HTTP 2xx with a JSON body whose `status` is 200 (when present) throws. */
  async function call(method: "GET" | "POST", path: string, body?: Json): Promise<Json> {
    const what = `${method} ${path}`;
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetchFn(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      if (isTimeout(e))
        fail("timeout", `Steadfast did not answer ${what} within ${timeoutMs} ms`, { cause: e });
      const reason =
        e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e);
      fail("unreachable", `Steadfast could not be reached for ${what}: ${reason}`, { cause: e });
    }
    log.debug(
      {
        courier: "steadfast",
        call: what,
        httpStatus: res.status,
        ms: Math.round(performance.now() - started),
      },
      "courier call",
    );

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const answer = isRecord(json) ? json : undefined;
    const bodyStatus = answer?.status === undefined ? undefined : Number(answer.status);
    if (res.ok && answer && (bodyStatus === undefined || bodyStatus === 200)) return answer;

    if (res.ok && !answer) {
      fail(
        "bad_answer",
        `Steadfast answered ${what} with something other than a JSON object: ${text.slice(0, 200)}`,
        {
          httpStatus: res.status,
        },
      );
    }
    const httpStatus = res.ok && Number.isFinite(bodyStatus) ? (bodyStatus as number) : res.status;
    const fields = fieldErrors(answer?.errors);
    const reasons = [
      typeof answer?.message === "string" ? answer.message : undefined,
      ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`),
    ].filter(Boolean);
    const reason =
      reasons.length > 0
        ? reasons.join("; ")
        : answer
          ? "no reason given"
          : text.slice(0, 200) || "empty answer";
    const code: CourierErrorCode =
      httpStatus === 404 ? "not_found" : httpStatus >= 500 ? "unreachable" : "rejected";
    const hint =
      httpStatus === 401 || httpStatus === 403 ? " (check STEADFAST_API_KEY and STEADFAST_SECRET_KEY)" : "";
    fail(code, `Steadfast refused ${what} (status ${httpStatus}): ${reason}${hint}`, { httpStatus, fields });
  }

  return {
    name: "steadfast",

    async createConsignment(req: ConsignmentRequest): Promise<Consignment> {
      const invalid = checkSteadfastRequest(req);
      if (Object.keys(invalid).length > 0) {
        const list = Object.entries(invalid).map(([k, v]) => `${k} ${v}`);
        fail("invalid_request", `Steadfast cannot take consignment ${req.invoice}: ${list.join("; ")}`, {
          fields: invalid,
        });
      }
      const answer = await call("POST", "/create_order", {
        invoice: req.invoice,
        recipient_name: req.recipientName.trim(),
        recipient_phone: req.recipientPhone,
        recipient_address: req.recipientAddress.trim(),
        cod_amount: toTaka(req.codAmount),
        note: req.note ?? undefined,
      });
      const c = answer.consignment;
      if (!isRecord(c) || c.consignment_id == null || c.tracking_code == null) {
        fail("bad_answer", `Steadfast answered POST /create_order for ${req.invoice} without a consignment`);
      }
      const courierStatus = typeof c.status === "string" ? c.status : "in_review";
      const consignment: Consignment = {
        consignmentId: String(c.consignment_id),
        trackingCode: String(c.tracking_code),
        status: mapSteadfastStatus(courierStatus),
        raw: answer,
      };
      log.info(
        {
          courier: "steadfast",
          invoice: req.invoice,
          consignmentId: consignment.consignmentId,
          trackingCode: consignment.trackingCode,
        },
        "consignment created",
      );
      return consignment;
    },

    async fetchStatus(ref: ConsignmentRef): Promise<CourierStatus> {
      const path = ref.consignmentId
        ? `/status_by_cid/${encodeURIComponent(ref.consignmentId)}`
        : ref.trackingCode
          ? `/status_by_trackingcode/${encodeURIComponent(ref.trackingCode)}`
          : ref.invoice
            ? `/status_by_invoice/${encodeURIComponent(ref.invoice)}`
            : fail("invalid_request", "Steadfast status needs a consignmentId, a trackingCode or an invoice");
      const answer = await call("GET", path);
      const word = answer.delivery_status;
      if (typeof word !== "string" || word === "") {
        fail("bad_answer", `Steadfast answered GET ${path} without a delivery_status`);
      }
      if (!Object.hasOwn(STEADFAST_STATUSES, word)) {
        log.warn(
          { courier: "steadfast", courierStatus: word, call: path },
          "unknown courier status, shown as unknown",
        );
      }
      return { status: mapSteadfastStatus(word), courierStatus: word, raw: answer };
    },

    /**
     * Steadfast's webhook: `delivery_status` news (`consignment_id`, our `invoice`, `status`,
     * `tracking_message`, `updated_at`), believed on the bearer token set in its panel. Its
     * `tracking_update` calls move no parcel and are only acknowledged. The news names the parcel by
     * our order number (`invoice`): it carries no tracking code.
     */
    readWebhook(callIn) {
      if (!opts.webhookToken) return { kind: "refused", reason: "STEADFAST_WEBHOOK_TOKEN is not set" };
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(callIn.headers.authorization ?? "")?.[1];
      if (!sameSecret(bearer, opts.webhookToken)) {
        return { kind: "refused", reason: "the call's bearer token is not STEADFAST_WEBHOOK_TOKEN" };
      }
      const b = isRecord(callIn.body) ? callIn.body : {};
      const event = typeof b.notification_type === "string" ? b.notification_type : "";
      if (event !== "delivery_status") return { kind: "ignored", event: event || "unknown" };
      const word = typeof b.status === "string" ? b.status.trim().toLowerCase() : "";
      const invoice =
        typeof b.invoice === "string"
          ? b.invoice.trim()
          : typeof b.invoice === "number"
            ? String(b.invoice)
            : "";
      if (!Object.hasOwn(STEADFAST_STATUSES, word) || invoice === "") return { kind: "ignored", event };
      return {
        kind: "news",
        news: {
          trackingCode: null,
          invoice,
          status: mapSteadfastStatus(word),
          courierStatus: word,
          at: typeof b.updated_at === "string" ? b.updated_at : null,
        },
      };
    },
  };
}
