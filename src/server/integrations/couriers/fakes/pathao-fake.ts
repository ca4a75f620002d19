/**
 * A stand-in for Pathao's merchant API (aladdin v1) on a local port, for tests: the OAuth token
 * (password and refresh grants; tokens expire as told), the city, zone and area lists (a few real
 * names), orders, order info and the price plan. Refusals take Pathao's shape
 * `{message, type: "error", code, errors}`.
 */
import { randomBytes } from "node:crypto";
import { type FakeTrouble, readBody, send, serveFake } from "./serve";

export type FakePathaoOrder = {
  consignment_id: string;
  merchant_order_id: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  recipient_city: number;
  recipient_zone: number;
  recipient_area: number | null;
  amount_to_collect: number;
  item_weight: number;
  store_id: number;
  order_status: string;
};

export type FakePathao = FakeTrouble & {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  storeId: number;
  /** Seconds a new token lives (Pathao's are days; tests shorten it). */
  tokenLifetime: number;
  /** Token requests by grant: `password` or `refresh_token`. */
  grants: string[];
  /** Makes every token issued so far unusable (their calls get 401). */
  revokeTokens(): void;
  /** Makes refresh tokens issued so far unusable. */
  revokeRefreshTokens(): void;
  setStatus(consignmentId: string, status: string): void;
  orders(): FakePathaoOrder[];
  requests: string[];
  close(): Promise<void>;
};

export const PATHAO_FAKE_CITIES = [
  { city_id: 1, city_name: "Dhaka" },
  { city_id: 2, city_name: "Chittagong" },
  { city_id: 32, city_name: "B. Baria" },
  { city_id: 7, city_name: "Sylhet" },
];
export const PATHAO_FAKE_ZONES: Record<number, { zone_id: number; zone_name: string }[]> = {
  1: [
    { zone_id: 52, zone_name: "Dhanmondi" },
    { zone_id: 68, zone_name: "Mirpur 10" },
  ],
  2: [{ zone_id: 301, zone_name: "Agrabad" }],
  32: [{ zone_id: 710, zone_name: "B. Baria Sadar" }],
  7: [{ zone_id: 820, zone_name: "Zindabazar" }],
};
export const PATHAO_FAKE_AREAS: Record<number, { area_id: number; area_name: string }[]> = {
  52: [{ area_id: 9001, area_name: "Dhanmondi" }],
  68: [],
  301: [],
  710: [],
  820: [],
};

export async function startFakePathao(): Promise<FakePathao> {
  const clientId = `fake-${randomBytes(4).toString("hex")}`;
  const clientSecret = `secret-${randomBytes(8).toString("hex")}`;
  const username = "merchant@example.com";
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const storeId = 130820;
  const access = new Map<string, number>();
  const refresh = new Set<string>();
  const orders = new Map<string, FakePathaoOrder>();
  const grants: string[] = [];
  let seq = 1;

  const err = (code: number, message: string, errors?: Record<string, string[]>) => ({
    message,
    type: "error",
    code,
    ...(errors ? { errors } : {}),
  });

  const fake: Omit<FakePathao, keyof FakeTrouble | "baseUrl" | "requests" | "close"> = {
    clientId,
    clientSecret,
    username,
    password,
    storeId,
    tokenLifetime: 432_000,
    grants,
    revokeTokens: () => access.clear(),
    revokeRefreshTokens: () => refresh.clear(),
    setStatus(id, status) {
      const o = orders.get(id);
      if (!o) throw new Error(`The fake Pathao has no order ${id}`);
      o.order_status = status;
    },
    orders: () => [...orders.values()].map((o) => ({ ...o })),
  };

  const server = await serveFake(async (req, res, url) => {
    const path = url.pathname;
    if (req.method === "POST" && path === "/aladdin/api/v1/issue-token") {
      const b = (await readBody(req)) ?? {};
      if (b.client_id !== clientId || b.client_secret !== clientSecret) {
        return send(res, 401, err(401, "Client authentication failed"));
      }
      const grant = String(b.grant_type);
      grants.push(grant);
      if (grant === "password") {
        if (b.username !== username || b.password !== password) {
          return send(res, 400, err(400, "The user credentials were incorrect."));
        }
      } else if (grant === "refresh_token") {
        if (typeof b.refresh_token !== "string" || !refresh.delete(b.refresh_token)) {
          return send(res, 400, err(400, "The refresh token is invalid."));
        }
      } else return send(res, 400, err(400, "The authorization grant type is not supported."));
      const token = `at-${randomBytes(8).toString("hex")}`;
      const rt = `rt-${randomBytes(8).toString("hex")}`;
      access.set(token, Date.now() + fake.tokenLifetime * 1000);
      refresh.add(rt);
      return send(res, 200, {
        token_type: "Bearer",
        expires_in: fake.tokenLifetime,
        access_token: token,
        refresh_token: rt,
      });
    }
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    const until = auth ? access.get(auth[1]!) : undefined;
    if (until === undefined || until < Date.now()) return send(res, 401, err(401, "Unauthorized"));

    if (req.method === "GET" && path === "/aladdin/api/v1/city-list") {
      return send(res, 200, {
        message: "City successfully fetched.",
        type: "success",
        code: 200,
        data: { data: PATHAO_FAKE_CITIES },
      });
    }
    const zoneList = /^\/aladdin\/api\/v1\/cities\/(\d+)\/zone-list$/.exec(path);
    if (req.method === "GET" && zoneList) {
      return send(res, 200, {
        type: "success",
        code: 200,
        data: { data: PATHAO_FAKE_ZONES[Number(zoneList[1])] ?? [] },
      });
    }
    const areaList = /^\/aladdin\/api\/v1\/zones\/(\d+)\/area-list$/.exec(path);
    if (req.method === "GET" && areaList) {
      return send(res, 200, {
        type: "success",
        code: 200,
        data: { data: PATHAO_FAKE_AREAS[Number(areaList[1])] ?? [] },
      });
    }
    if (req.method === "POST" && path === "/aladdin/api/v1/orders") {
      const b = (await readBody(req)) ?? {};
      const errors: Record<string, string[]> = {};
      if (b.store_id !== storeId) errors.store_id = ["The selected store id is invalid."];
      if (typeof b.recipient_name !== "string" || b.recipient_name.length < 3)
        errors.recipient_name = ["The recipient name must be at least 3 characters."];
      if (typeof b.recipient_phone !== "string" || !/^01\d{9}$/.test(b.recipient_phone))
        errors.recipient_phone = ["The recipient phone format is invalid."];
      if (typeof b.recipient_address !== "string" || b.recipient_address.length < 10)
        errors.recipient_address = ["The recipient address must be at least 10 characters."];
      const zones = PATHAO_FAKE_ZONES[Number(b.recipient_city)];
      if (!zones) errors.recipient_city = ["The selected recipient city is invalid."];
      else if (!zones.some((z) => z.zone_id === b.recipient_zone))
        errors.recipient_zone = ["The selected recipient zone is invalid."];
      if (typeof b.amount_to_collect !== "number" || !Number.isInteger(b.amount_to_collect))
        errors.amount_to_collect = ["The amount to collect must be an integer."];
      if ([...orders.values()].some((o) => o.merchant_order_id === b.merchant_order_id))
        errors.merchant_order_id = ["The merchant order id has already been taken."];
      if (Object.keys(errors).length > 0)
        return send(res, 422, err(422, "Please fix the given errors", errors));
      const id = `DL${new Date().toISOString().slice(2, 10).replace(/-/g, "")}${String(seq++).padStart(4, "0")}`;
      orders.set(id, {
        consignment_id: id,
        merchant_order_id: String(b.merchant_order_id),
        recipient_name: String(b.recipient_name),
        recipient_phone: String(b.recipient_phone),
        recipient_address: String(b.recipient_address),
        recipient_city: Number(b.recipient_city),
        recipient_zone: Number(b.recipient_zone),
        recipient_area: typeof b.recipient_area === "number" ? b.recipient_area : null,
        amount_to_collect: b.amount_to_collect as number,
        item_weight: Number(b.item_weight),
        store_id: storeId,
        order_status: "Pending",
      });
      return send(res, 200, {
        message: "Order Created Successfully",
        type: "success",
        code: 200,
        data: {
          consignment_id: id,
          merchant_order_id: b.merchant_order_id,
          order_status: "Pending",
          delivery_fee: 60,
        },
      });
    }
    const info = /^\/aladdin\/api\/v1\/orders\/([^/]+)\/info$/.exec(path);
    if (req.method === "GET" && info) {
      const o = orders.get(decodeURIComponent(info[1]!));
      if (!o) return send(res, 404, err(404, "Order not found"));
      return send(res, 200, {
        type: "success",
        code: 200,
        data: {
          consignment_id: o.consignment_id,
          merchant_order_id: o.merchant_order_id,
          order_status: o.order_status,
          order_status_slug: o.order_status,
        },
      });
    }
    if (req.method === "POST" && path === "/aladdin/api/v1/merchant/price-plan") {
      const b = (await readBody(req)) ?? {};
      const inside = b.recipient_city === 1;
      const weight = Number(b.item_weight);
      const price = (inside ? 60 : 110) + Math.max(0, Math.ceil(weight - 1)) * 15;
      return send(res, 200, {
        type: "success",
        code: 200,
        data: {
          price,
          discount: 0,
          promo_discount: 0,
          plan_id: 69,
          cod_enabled: 1,
          cod_percentage: 0.01,
          additional_charge: 0,
          final_price: price,
        },
      });
    }
    return send(res, 404, { message: "no Route matched with those values" });
  });

  return Object.assign(fake, {
    baseUrl: server.origin,
    requests: server.requests,
    failNext: server.failNext,
    delayNext: server.delayNext,
    close: server.close,
  });
}
