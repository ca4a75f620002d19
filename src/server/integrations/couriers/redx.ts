import { findDistrict } from "../../../contracts/districts";
import type { Logger } from "../../logger";
import {
  courierCall,
  type HttpAnswer,
  isRecord,
  type Json,
  placeKey,
  poishaOf,
  sameSecret,
  taka,
} from "./http";
import {
  type Consignment,
  type ConsignmentRef,
  type ConsignmentRequest,
  type Courier,
  CourierError,
  type CourierErrorCode,
  type CourierStatus,
  type ParcelPrice,
  type ShipmentStatus,
  type WebhookCall,
  type WebhookReading,
} from "./provider";

export const REDX_BASE_URL = "https://openapi.redx.com.bd/v1.0.0-beta";

export type RedxOptions = {
  /** Defaults to RedX's production OpenAPI. */
  baseUrl?: string;
  /** The API access token from RedX's merchant panel (sent as `API-ACCESS-TOKEN: Bearer …`). */
  token: string;
  /** The pickup store parcels leave from; RedX's default store when unset. */
  pickupStoreId?: number;
  /** The pickup store's area id, which RedX's charge calculator needs. */
  pickupAreaId?: number;
  /**
   * RedX signs nothing: the callback URL carries its own credential in the query (RedX's
   * documented way). The webhook is accepted only with `?token=` equal to this.
   */
  webhookToken?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** RedX's parcel statuses (parcel info and webhook) in our words. */
export const REDX_STATUSES: Readonly<Record<string, ShipmentStatus>> = {
  "pickup-pending": "in_review",
  "pickup-in-progress": "in_review",
  "ready-for-delivery": "in_transit",
  "delivery-in-progress": "in_transit",
  delivered: "delivered",
  "agent-hold": "hold",
  "agent-area-change": "hold",
  "agent-returning": "hold",
  returned: "returned",
  cancelled: "cancelled",
};

/** Our status for a RedX status word; one we do not know is `unknown`. */
export function mapRedxStatus(word: string): ShipmentStatus {
  const key = word
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, "-");
  return Object.hasOwn(REDX_STATUSES, key) ? REDX_STATUSES[key]! : "unknown";
}

/** RedX's delivery area for a parcel: its name and id, both sent with the parcel. */
export type RedxArea = { id: number; name: string };

export interface RedxCourier extends Courier {
  readonly name: "redx";
  createConsignment(req: ConsignmentRequest): Promise<Consignment>;
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus>;
  priceFor(req: ConsignmentRequest): Promise<ParcelPrice>;
  readWebhook(call: WebhookCall): WebhookReading;
  /** RedX's delivery_area and delivery_area_id for a district and area, from its own area list. */
  areaFor(district: string, area: string): Promise<RedxArea>;
}

/** The RedX OpenAPI (v1.0.0-beta): parcels, parcel info, areas by district, the charge calculator. */
export function createRedx(opts: RedxOptions, log: Logger): RedxCourier {
  const base = (opts.baseUrl ?? REDX_BASE_URL).replace(/\/+$/, "");
  const io = { fetch: opts.fetch ?? fetch, timeoutMs: opts.timeoutMs ?? 15_000, log };
  const areasByDistrict = new Map<string, Promise<Json[]>>();

  function fail(code: CourierErrorCode, message: string, details?: CourierError["details"]): never {
    throw new CourierError("redx", code, message, details);
  }

  function refusal(what: string, a: HttpAnswer): never {
    const fields: Record<string, string> = {};
    const errors = a.json?.errors ?? a.json?.validation_errors;
    if (isRecord(errors)) {
      for (const [k, v] of Object.entries(errors)) fields[k] = Array.isArray(v) ? v.join(" ") : String(v);
    }
    const message = a.json?.message ?? a.json?.error;
    const reasons = [
      typeof message === "string" ? message : undefined,
      ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`),
    ].filter(Boolean);
    const reason = reasons.length > 0 ? reasons.join("; ") : a.text.slice(0, 200) || "empty answer";
    const kind: CourierErrorCode =
      a.httpStatus === 404 ? "not_found" : a.httpStatus >= 500 ? "unreachable" : "rejected";
    const hint = a.httpStatus === 401 || a.httpStatus === 403 ? " (check REDX_API_TOKEN)" : "";
    fail(kind, `RedX refused ${what} (status ${a.httpStatus}): ${reason}${hint}`, {
      httpStatus: a.httpStatus,
      fields,
    });
  }

  async function call(method: "GET" | "POST", path: string, body?: Json): Promise<Json> {
    const a = await courierCall("redx", "RedX", io, `${base}${path}`, {
      method,
      headers: {
        "API-ACCESS-TOKEN": `Bearer ${opts.token}`,
        "Content-Type": "application/json",
        Accept: "application/json",
      },
      body,
    });
    if (a.ok && a.json) return a.json;
    if (a.ok) fail("bad_answer", `RedX answered ${method} ${path} with something other than JSON`);
    refusal(`${method} ${path.replace(/\?.*$/, "")}`, a);
  }

  async function areaFor(district: string, area: string): Promise<RedxArea> {
    const wanted = findDistrict(district)?.name;
    if (!wanted)
      fail("invalid_request", `RedX cannot deliver to "${district}": not a district of Bangladesh`);
    let p = areasByDistrict.get(wanted);
    if (!p) {
      p = call("GET", `/areas?district_name=${encodeURIComponent(wanted)}`).then((a) =>
        Array.isArray(a.areas) ? a.areas.filter(isRecord) : [],
      );
      areasByDistrict.set(wanted, p);
      p.catch(() => areasByDistrict.delete(wanted));
    }
    const list = (await p).filter((x) => typeof x.name === "string" && x.id != null);
    const key = placeKey(area);
    // RedX writes some areas with their district: "Mohammadpur(Dhaka)".
    const bare = (x: Json) => placeKey(String(x.name).replace(/\(.*\)\s*$/, ""));
    const found =
      list.find((x) => bare(x) === key) ??
      list.find((x) => key !== "" && (bare(x).includes(key) || key.includes(bare(x)))) ??
      (list.length === 1 ? list[0] : undefined);
    if (!found) {
      fail(
        "invalid_request",
        list.length === 0
          ? `RedX lists no delivery areas in ${wanted}`
          : `RedX has no delivery area "${area}" in ${wanted}; correct the order's area to one of RedX's`,
        { fields: { area: "not one of RedX's delivery areas" } },
      );
    }
    return { id: Number(found.id), name: String(found.name) };
  }

  function checkRequest(req: ConsignmentRequest): void {
    const fields: Record<string, string> = {};
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(req.invoice))
      fields.invoice = "must be letters, digits, hyphens and underscores";
    if (req.recipientName.trim().length === 0) fields.recipientName = "is required";
    if (!/^01\d{9}$/.test(req.recipientPhone)) fields.recipientPhone = "must be an 11-digit phone number";
    if (req.recipientAddress.trim().length === 0) fields.recipientAddress = "is required";
    if (!Number.isInteger(req.codAmount) || req.codAmount < 0)
      fields.codAmount = "must be a whole number of poisha";
    if (!req.district) fields.district = "is required";
    if (!req.area) fields.area = "is required";
    if (Object.keys(fields).length > 0) {
      const listed = Object.entries(fields).map(([k, v]) => `${k} ${v}`);
      fail("invalid_request", `RedX cannot take consignment ${req.invoice}: ${listed.join("; ")}`, {
        fields,
      });
    }
  }

  return {
    name: "redx",
    areaFor,

    async createConsignment(req) {
      checkRequest(req);
      const area = await areaFor(req.district!, req.area!);
      const answer = await call("POST", "/parcel", {
        customer_name: req.recipientName.trim(),
        customer_phone: req.recipientPhone,
        delivery_area: area.name,
        delivery_area_id: area.id,
        customer_address: req.recipientAddress.trim(),
        // The current documentation names it tenant_invoice_id, earlier ones merchant_invoice_id.
        merchant_invoice_id: req.invoice,
        tenant_invoice_id: req.invoice,
        cash_collection_amount: String(taka(req.codAmount)),
        parcel_weight: req.weightGrams ?? 500,
        instruction: req.note ?? "",
        value: taka(req.value ?? req.codAmount),
        ...(opts.pickupStoreId === undefined ? {} : { pickup_store_id: opts.pickupStoreId }),
      });
      if (typeof answer.tracking_id !== "string" || answer.tracking_id === "") {
        fail("bad_answer", `RedX answered POST /parcel for ${req.invoice} without a tracking_id`);
      }
      log.info(
        { courier: "redx", invoice: req.invoice, trackingCode: answer.tracking_id },
        "consignment created",
      );
      return {
        consignmentId: answer.tracking_id,
        trackingCode: answer.tracking_id,
        status: "in_review",
        raw: answer,
      };
    },

    async fetchStatus(ref) {
      const id = ref.trackingCode ?? ref.consignmentId;
      if (!id) fail("invalid_request", "RedX status needs the tracking id");
      const path = `/parcel/info/${encodeURIComponent(id)}`;
      const answer = await call("GET", path);
      const word = isRecord(answer.parcel) ? answer.parcel.status : undefined;
      if (typeof word !== "string" || word === "")
        fail("bad_answer", `RedX answered GET ${path} without a status`);
      if (mapRedxStatus(word) === "unknown") {
        log.warn({ courier: "redx", courierStatus: word }, "unknown courier status, shown as unknown");
      }
      return { status: mapRedxStatus(word), courierStatus: word, raw: answer };
    },

    async priceFor(req) {
      if (!req.district || !req.area)
        fail("invalid_request", "RedX prices a parcel by its district and area");
      if (opts.pickupAreaId === undefined) {
        fail("invalid_request", "RedX's charge calculator needs the pickup area: set REDX_PICKUP_AREA_ID");
      }
      const area = await areaFor(req.district, req.area);
      const q = new URLSearchParams({
        delivery_area_id: String(area.id),
        pickup_area_id: String(opts.pickupAreaId),
        cash_collection_amount: String(taka(req.codAmount)),
        weight: String(req.weightGrams ?? 500),
      });
      const answer = await call("GET", `/charge/charge_calculator?${q}`);
      const delivery = poishaOf(answer.deliveryCharge);
      const codFee = poishaOf(answer.codCharge) ?? 0;
      if (delivery === null)
        fail("bad_answer", "RedX answered its charge calculator without a deliveryCharge");
      return { total: delivery + codFee, delivery, codFee, raw: answer };
    },

    readWebhook(callIn) {
      if (!opts.webhookToken) return { kind: "refused", reason: "REDX_WEBHOOK_TOKEN is not set" };
      if (!sameSecret(callIn.query.token, opts.webhookToken)) {
        return { kind: "refused", reason: "the callback's token is not REDX_WEBHOOK_TOKEN" };
      }
      const b = isRecord(callIn.body) ? callIn.body : {};
      const word = typeof b.status === "string" ? b.status : "";
      const status = mapRedxStatus(word);
      if (status === "unknown" || typeof b.tracking_number !== "string" || b.tracking_number === "") {
        return { kind: "ignored", event: word };
      }
      return {
        kind: "news",
        news: {
          trackingCode: b.tracking_number,
          invoice: typeof b.invoice_number === "string" ? b.invoice_number : null,
          status,
          courierStatus: word,
          at: typeof b.timestamp === "string" ? b.timestamp : null,
        },
      };
    },
  };
}
