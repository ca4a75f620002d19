/**
 * A stand-in for RedX's OpenAPI (v1.0.0-beta) on a local port, for tests: the access token header,
 * areas by district (a few real names), parcel creation, parcel info and the charge calculator.
 */
import { randomBytes } from "node:crypto";
import { type FakeTrouble, readBody, send, serveFake } from "./serve";

export type FakeRedxParcel = {
  tracking_id: string;
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  delivery_area: string;
  delivery_area_id: number;
  cash_collection_amount: string;
  parcel_weight: number;
  value: number;
  tenant_invoice_id: string;
  instruction: string;
  status: string;
};

export type FakeRedx = FakeTrouble & {
  baseUrl: string;
  token: string;
  setStatus(trackingId: string, status: string): void;
  parcels(): FakeRedxParcel[];
  requests: string[];
  close(): Promise<void>;
};

export const REDX_FAKE_AREAS: Record<
  string,
  { id: number; name: string; post_code: number; division_name: string; zone_id: number }[]
> = {
  Dhaka: [
    { id: 1, name: "Mohammadpur(Dhaka)", post_code: 1207, division_name: "Dhaka", zone_id: 1 },
    { id: 2, name: "Dhanmondi", post_code: 1209, division_name: "Dhaka", zone_id: 1 },
  ],
  Chattogram: [{ id: 120, name: "Agrabad", post_code: 4100, division_name: "Chattogram", zone_id: 4 }],
  Sylhet: [
    { id: 300, name: "Zindabazar", post_code: 3100, division_name: "Sylhet", zone_id: 6 },
    { id: 301, name: "Amberkhana", post_code: 3100, division_name: "Sylhet", zone_id: 6 },
  ],
};

export async function startFakeRedx(): Promise<FakeRedx> {
  const token = `redx-${randomBytes(12).toString("hex")}`;
  const parcels = new Map<string, FakeRedxParcel>();

  const server = await serveFake(async (req, res, url) => {
    if (req.headers["api-access-token"] !== `Bearer ${token}`)
      return send(res, 401, { message: "Unauthorized" });
    const path = url.pathname.replace(/^\/v1\.0\.0-beta/, "");
    if (req.method === "GET" && path === "/areas") {
      const district = url.searchParams.get("district_name") ?? "";
      return send(res, 200, { areas: REDX_FAKE_AREAS[district] ?? [] });
    }
    if (req.method === "POST" && path === "/parcel") {
      const b = (await readBody(req)) ?? {};
      const errors: Record<string, string> = {};
      const known = Object.values(REDX_FAKE_AREAS)
        .flat()
        .find((a) => a.id === b.delivery_area_id);
      if (!known || known.name !== b.delivery_area) errors.delivery_area_id = "Invalid delivery area";
      if (typeof b.customer_phone !== "string" || !/^01\d{9}$/.test(b.customer_phone))
        errors.customer_phone = "Invalid phone number";
      if (typeof b.cash_collection_amount !== "string" || !Number.isFinite(Number(b.cash_collection_amount)))
        errors.cash_collection_amount = "Must be a number";
      if ([...parcels.values()].some((p) => p.tenant_invoice_id === b.tenant_invoice_id))
        errors.tenant_invoice_id = "Duplicate invoice";
      if (Object.keys(errors).length > 0) return send(res, 400, { message: "Validation failed", errors });
      const id = `${new Date().getFullYear() % 100}A${randomBytes(4).toString("hex").toUpperCase()}`;
      parcels.set(id, {
        tracking_id: id,
        customer_name: String(b.customer_name),
        customer_phone: String(b.customer_phone),
        customer_address: String(b.customer_address),
        delivery_area: String(b.delivery_area),
        delivery_area_id: Number(b.delivery_area_id),
        cash_collection_amount: String(b.cash_collection_amount),
        parcel_weight: Number(b.parcel_weight),
        value: Number(b.value),
        tenant_invoice_id: String(b.tenant_invoice_id),
        instruction: String(b.instruction ?? ""),
        status: "pickup-pending",
      });
      return send(res, 200, { tracking_id: id });
    }
    const info = /^\/parcel\/info\/([^/]+)$/.exec(path);
    if (req.method === "GET" && info) {
      const p = parcels.get(decodeURIComponent(info[1]!));
      if (!p) return send(res, 404, { message: "Parcel not found" });
      return send(res, 200, { parcel: { ...p, charge: 60 } });
    }
    if (req.method === "GET" && path === "/charge/charge_calculator") {
      const area = Number(url.searchParams.get("delivery_area_id"));
      const cash = Number(url.searchParams.get("cash_collection_amount"));
      const weight = Number(url.searchParams.get("weight"));
      if (!area || !url.searchParams.get("pickup_area_id") || !Number.isFinite(cash) || !weight) {
        return send(res, 400, {
          message: "delivery_area_id, pickup_area_id, cash_collection_amount and weight are required",
        });
      }
      const inside = REDX_FAKE_AREAS.Dhaka!.some((a) => a.id === area);
      return send(res, 200, {
        deliveryCharge: (inside ? 60 : 100) + Math.max(0, Math.ceil(weight / 1000) - 1) * 15,
        codCharge: Math.round(cash * 0.01 * 100) / 100,
      });
    }
    return send(res, 404, { message: "Not Found" });
  });

  return {
    baseUrl: `${server.origin}/v1.0.0-beta`,
    token,
    setStatus(id, status) {
      const p = parcels.get(id);
      if (!p) throw new Error(`The fake RedX has no parcel ${id}`);
      p.status = status;
    },
    parcels: () => [...parcels.values()].map((p) => ({ ...p })),
    requests: server.requests,
    failNext: server.failNext,
    delayNext: server.delayNext,
    close: server.close,
  };
}
