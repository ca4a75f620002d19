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

export const PATHAO_BASE_URL = "https://api-hermes.pathao.com";

/**
 * Pathao's webhook set-up check: the address must answer its `webhook_integration` call with 202
 * and this header and value (the value is Pathao's, printed in its merchant panel, not a secret).
 */
export const PATHAO_INTEGRATION_HEADER = "X-Pathao-Merchant-Webhook-Integration-Secret";
export const PATHAO_INTEGRATION_VALUE = "f3992ecc-59da-4cbe-a049-a13da2018d51";

export type PathaoOptions = {
  /** Defaults to Pathao's production API. */
  baseUrl?: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The merchant's store the parcels are picked up from. */
  storeId: number;
  /** The secret typed in Pathao's webhook settings; Pathao sends it in X-PATHAO-Signature. */
  webhookSecret?: string;
  fetch?: typeof fetch;
  /** Per call, including reading the answer. Default 15 s. */
  timeoutMs?: number;
  /** For tests; Date.now otherwise. */
  now?: () => number;
};

/** A token is renewed this long before Pathao says it expires. */
export const PATHAO_TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * Pathao's order statuses and webhook events in our words (lower-case, `_` read as `-`). Events
 * that move no parcel (`order.updated`, `order.paid`, …) are not here and are ignored.
 */
export const PATHAO_STATUSES: Readonly<Record<string, ShipmentStatus>> = {
  pending: "in_review",
  created: "in_review",
  "pickup-requested": "in_review",
  "assigned-for-pickup": "in_review",
  "pickup-failed": "hold",
  "pickup-cancelled": "cancelled",
  picked: "in_transit",
  "at-the-sorting-hub": "in_transit",
  "in-transit": "in_transit",
  "received-at-last-mile-hub": "in_transit",
  "assigned-for-delivery": "in_transit",
  delivered: "delivered",
  "partial-delivery": "partial_delivered",
  "delivery-failed": "hold",
  "on-hold": "hold",
  hold: "hold",
  returned: "returned",
  "paid-return": "returned",
  return: "returned",
};

function statusKey(word: string): string {
  return word
    .trim()
    .toLowerCase()
    .replace(/^order\./, "")
    .replace(/[_\s]+/g, "-");
}

/** Our status for a Pathao status or event word; one we do not know is `unknown`. */
export function mapPathaoStatus(word: string): ShipmentStatus {
  const key = statusKey(word);
  return Object.hasOwn(PATHAO_STATUSES, key) ? PATHAO_STATUSES[key]! : "unknown";
}

/** Pathao's three place ids for a parcel: city (a district), zone (a thana or area), area (optional). */
export type PathaoPlace = { cityId: number; zoneId: number; areaId: number | null };

export interface PathaoCourier extends Courier {
  readonly name: "pathao";
  createConsignment(req: ConsignmentRequest): Promise<Consignment>;
  fetchStatus(ref: ConsignmentRef): Promise<CourierStatus>;
  priceFor(req: ConsignmentRequest): Promise<ParcelPrice>;
  readWebhook(call: WebhookCall): WebhookReading;
  /** The city, zone and area ids Pathao wants for a district and area, from its own lists. */
  placeFor(district: string, area: string): Promise<PathaoPlace>;
}

type Token = { access: string; refresh: string | null; expiresAt: number };

/** The Pathao merchant API (aladdin v1): OAuth password token, orders, order info, price plan, places. */
export function createPathao(opts: PathaoOptions, log: Logger): PathaoCourier {
  const base = (opts.baseUrl ?? PATHAO_BASE_URL).replace(/\/+$/, "");
  const fetchFn = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const now = opts.now ?? Date.now;
  const io = { fetch: fetchFn, timeoutMs, log };
  let token: Token | null = null;
  let issuing: Promise<Token> | null = null;
  let cities: Promise<Json[]> | null = null;
  const zones = new Map<number, Promise<Json[]>>();
  const areas = new Map<number, Promise<Json[]>>();

  function fail(code: CourierErrorCode, message: string, details?: CourierError["details"]): never {
    throw new CourierError("pathao", code, message, details);
  }

  /** Pathao's refusal as a CourierError: `{message, type: "error", code, errors: {field: [..]}}`. */
  function refusal(what: string, a: HttpAnswer): never {
    const code = Number(a.json?.code);
    const httpStatus = a.ok && Number.isFinite(code) ? code : a.httpStatus;
    const fields: Record<string, string> = {};
    if (isRecord(a.json?.errors)) {
      for (const [k, v] of Object.entries(a.json.errors))
        fields[k] = Array.isArray(v) ? v.join(" ") : String(v);
    }
    const reasons = [
      typeof a.json?.message === "string" ? a.json.message : undefined,
      ...Object.entries(fields).map(([k, v]) => `${k}: ${v}`),
    ].filter(Boolean);
    const reason = reasons.length > 0 ? reasons.join("; ") : a.text.slice(0, 200) || "empty answer";
    const kind: CourierErrorCode =
      httpStatus === 404 ? "not_found" : httpStatus >= 500 ? "unreachable" : "rejected";
    const hint = httpStatus === 401 ? " (check the PATHAO_ client id, secret, username and password)" : "";
    fail(kind, `Pathao refused ${what} (status ${httpStatus}): ${reason}${hint}`, { httpStatus, fields });
  }

  async function tokenCall(body: Json): Promise<Token> {
    const a = await courierCall("pathao", "Pathao", io, `${base}/aladdin/api/v1/issue-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: { client_id: opts.clientId, client_secret: opts.clientSecret, ...body },
    });
    if (!a.ok || typeof a.json?.access_token !== "string") refusal("POST /aladdin/api/v1/issue-token", a);
    const seconds = Number(a.json.expires_in);
    return {
      access: a.json.access_token as string,
      refresh: typeof a.json.refresh_token === "string" ? a.json.refresh_token : null,
      expiresAt: now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3600_000),
    };
  }

  /** A token good for a few more minutes: the one held, else refreshed, else issued anew. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt - PATHAO_TOKEN_MARGIN_MS > now()) return token.access;
    // Parallel calls wait for one token request instead of each asking for a token.
    issuing ??= (async () => {
      const old = token;
      if (old?.refresh) {
        try {
          return await tokenCall({ grant_type: "refresh_token", refresh_token: old.refresh });
        } catch (e) {
          if (!(e instanceof CourierError) || e.code !== "rejected") throw e;
          log.info({ courier: "pathao" }, "refresh token refused, asking for a new token");
        }
      }
      return tokenCall({ grant_type: "password", username: opts.username, password: opts.password });
    })().finally(() => {
      issuing = null;
    });
    token = await issuing;
    return token.access;
  }

  /** An authorised call; a 401 (a token Pathao revoked early) gets one more try with a new token. */
  async function call(method: "GET" | "POST", path: string, body?: Json): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const access = await accessToken();
      const a = await courierCall("pathao", "Pathao", io, `${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${access}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body,
      });
      if (a.httpStatus === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (a.ok && a.json && (a.json.code === undefined || Number(a.json.code) < 300)) return a.json;
      if (a.ok && !a.json)
        fail("bad_answer", `Pathao answered ${method} ${path} with something other than JSON`);
      refusal(`${method} ${path}`, a);
    }
  }

  /** `{data: {data: [..]}}` (place lists) or `{data: [..]}`. */
  function list(answer: Json): Json[] {
    const d = answer.data;
    const items = isRecord(d) ? d.data : d;
    return Array.isArray(items) ? items.filter(isRecord) : [];
  }

  function cached<K>(map: Map<K, Promise<Json[]>>, key: K, load: () => Promise<Json[]>): Promise<Json[]> {
    let p = map.get(key);
    if (!p) {
      p = load();
      map.set(key, p);
      // A failed look-up is asked again next time.
      p.catch(() => map.delete(key));
    }
    return p;
  }

  async function placeFor(district: string, area: string): Promise<PathaoPlace> {
    const wanted = findDistrict(district)?.name;
    if (!wanted)
      fail("invalid_request", `Pathao cannot deliver to "${district}": not a district of Bangladesh`);
    if (!cities) {
      cities = call("GET", "/aladdin/api/v1/city-list").then(list);
      cities.catch(() => {
        cities = null;
      });
    }
    const city = (await cities).find(
      (c) => typeof c.city_name === "string" && findDistrict(c.city_name.trim())?.name === wanted,
    );
    if (!city) fail("invalid_request", `Pathao does not list ${wanted} among its cities`);
    const cityId = Number(city.city_id);
    const zoneList = await cached(zones, cityId, () =>
      call("GET", `/aladdin/api/v1/cities/${cityId}/zone-list`).then(list),
    );
    const key = placeKey(area);
    const byName = (field: string) => (z: Json) => typeof z[field] === "string" && placeKey(z[field]) === key;
    const near = (field: string) => (z: Json) => {
      const k = typeof z[field] === "string" ? placeKey(z[field]) : "";
      return k !== "" && key !== "" && (k.includes(key) || key.includes(k));
    };
    // The district's own name as its zone when the area is not one of Pathao's (e.g. "Sadar").
    const zone =
      zoneList.find(byName("zone_name")) ??
      zoneList.find(near("zone_name")) ??
      zoneList.find(
        (z) => typeof z.zone_name === "string" && placeKey(z.zone_name).includes(placeKey(wanted)),
      );
    if (!zone) {
      fail(
        "invalid_request",
        `Pathao has no zone "${area}" in ${wanted}; correct the order's area to one of Pathao's zones`,
        { fields: { area: "not one of Pathao's zones" } },
      );
    }
    const zoneId = Number(zone.zone_id);
    const areaList = await cached(areas, zoneId, () =>
      call("GET", `/aladdin/api/v1/zones/${zoneId}/area-list`).then(list),
    );
    const found = areaList.find(byName("area_name"));
    return { cityId, zoneId, areaId: found ? Number(found.area_id) : null };
  }

  function weightKg(req: ConsignmentRequest): number {
    // Pathao takes 0.5 to 10 kg.
    return Math.min(10, Math.max(0.5, Math.round((req.weightGrams ?? 500) / 100) / 10));
  }

  function checkRequest(req: ConsignmentRequest): void {
    const fields: Record<string, string> = {};
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(req.invoice))
      fields.invoice = "must be letters, digits, hyphens and underscores";
    const name = req.recipientName.trim();
    if (name.length < 3 || name.length > 100) fields.recipientName = "must be 3 to 100 characters";
    if (!/^01\d{9}$/.test(req.recipientPhone)) fields.recipientPhone = "must be an 11-digit phone number";
    const address = req.recipientAddress.trim();
    if (address.length < 10 || address.length > 220) fields.recipientAddress = "must be 10 to 220 characters";
    if (!Number.isInteger(req.codAmount) || req.codAmount < 0)
      fields.codAmount = "must be a whole number of poisha";
    if (!req.district) fields.district = "is required";
    if (!req.area) fields.area = "is required";
    if (Object.keys(fields).length > 0) {
      const listed = Object.entries(fields).map(([k, v]) => `${k} ${v}`);
      fail("invalid_request", `Pathao cannot take consignment ${req.invoice}: ${listed.join("; ")}`, {
        fields,
      });
    }
  }

  return {
    name: "pathao",
    placeFor,

    async createConsignment(req) {
      checkRequest(req);
      const place = await placeFor(req.district!, req.area!);
      const answer = await call("POST", "/aladdin/api/v1/orders", {
        store_id: opts.storeId,
        merchant_order_id: req.invoice,
        recipient_name: req.recipientName.trim(),
        recipient_phone: req.recipientPhone,
        recipient_address: req.recipientAddress.trim(),
        recipient_city: place.cityId,
        recipient_zone: place.zoneId,
        ...(place.areaId === null ? {} : { recipient_area: place.areaId }),
        // 48: normal delivery; 2: parcel (1 is a document).
        delivery_type: 48,
        item_type: 2,
        special_instruction: req.note ?? undefined,
        item_quantity: 1,
        item_weight: weightKg(req),
        amount_to_collect: Math.round(taka(req.codAmount)),
      });
      const d = answer.data;
      if (!isRecord(d) || d.consignment_id == null) {
        fail(
          "bad_answer",
          `Pathao answered POST /aladdin/api/v1/orders for ${req.invoice} without a consignment_id`,
        );
      }
      const word = typeof d.order_status === "string" ? d.order_status : "Pending";
      log.info(
        { courier: "pathao", invoice: req.invoice, consignmentId: d.consignment_id },
        "consignment created",
      );
      return {
        consignmentId: String(d.consignment_id),
        trackingCode: String(d.consignment_id),
        status: mapPathaoStatus(word),
        raw: answer,
      };
    },

    async fetchStatus(ref) {
      const id = ref.consignmentId ?? ref.trackingCode;
      if (!id) fail("invalid_request", "Pathao status needs the consignment id");
      const path = `/aladdin/api/v1/orders/${encodeURIComponent(id)}/info`;
      const answer = await call("GET", path);
      const d = isRecord(answer.data) ? answer.data : undefined;
      const word = d?.order_status_slug ?? d?.order_status;
      if (typeof word !== "string" || word === "")
        fail("bad_answer", `Pathao answered GET ${path} without an order_status`);
      if (mapPathaoStatus(word) === "unknown") {
        log.warn({ courier: "pathao", courierStatus: word }, "unknown courier status, shown as unknown");
      }
      return { status: mapPathaoStatus(word), courierStatus: word, raw: answer };
    },

    async priceFor(req) {
      if (!req.district || !req.area)
        fail("invalid_request", "Pathao prices a parcel by its district and area");
      const place = await placeFor(req.district, req.area);
      const answer = await call("POST", "/aladdin/api/v1/merchant/price-plan", {
        store_id: opts.storeId,
        item_type: 2,
        delivery_type: 48,
        item_weight: weightKg(req),
        recipient_city: place.cityId,
        recipient_zone: place.zoneId,
      });
      const d = isRecord(answer.data) ? answer.data : {};
      const total = poishaOf(d.final_price);
      const delivery = poishaOf(d.price);
      if (total === null || delivery === null)
        fail("bad_answer", "Pathao answered its price plan without a price");
      // Pathao's cash-on-delivery fee is a percentage of the cash it collects.
      const codPercent = Number(d.cod_percentage);
      const codFee =
        Number.isFinite(codPercent) && req.codAmount > 0 ? Math.round(req.codAmount * codPercent) : 0;
      return { total: total + codFee, delivery, codFee, raw: answer };
    },

    readWebhook(callIn) {
      if (!opts.webhookSecret) return { kind: "refused", reason: "PATHAO_WEBHOOK_SECRET is not set" };
      if (!sameSecret(callIn.headers["x-pathao-signature"], opts.webhookSecret)) {
        return { kind: "refused", reason: "X-PATHAO-Signature is not the webhook secret" };
      }
      const b = isRecord(callIn.body) ? callIn.body : {};
      const event = typeof b.event === "string" ? b.event : "";
      // Pathao wants every call it makes answered 202 with its header, the set-up check first.
      const reply = {
        status: 202 as const,
        headers: { [PATHAO_INTEGRATION_HEADER]: PATHAO_INTEGRATION_VALUE },
      };
      if (event === "webhook_integration") return { kind: "handshake", event, reply };
      const status = mapPathaoStatus(event);
      if (status === "unknown" || b.consignment_id == null) return { kind: "ignored", event, reply };
      return {
        kind: "news",
        reply,
        news: {
          trackingCode: String(b.consignment_id),
          invoice: typeof b.merchant_order_id === "string" ? b.merchant_order_id : null,
          status,
          courierStatus: event,
          at: typeof b.timestamp === "string" ? b.timestamp : null,
        },
      };
    },
  };
}
