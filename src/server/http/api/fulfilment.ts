import { Hono } from "hono";
import { courierSyncSchema, orderFulfilmentSchema } from "../../../contracts/answers/staff-orders";
import { consignmentSchema, orderStatusChangeSchema } from "../../../contracts/fulfilment";
import { describeOrderStatus } from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import { parcelReturnSchema } from "../../../contracts/returns";
import {
  assignConsignment,
  bookWithCourier,
  recordParcelReturn,
  refreshTracking,
  setOrderStatus,
} from "../../services/orders/fulfilment";
import { type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/** Staff order handling: status changes, consignments, the courier (orders permission). */
export function fulfilmentApi() {
  const api = new Hono<AppEnv>();

  api.patch("/admin/orders/:id/status", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await setOrderStatus(c.get("ctx"), id, await readJson(c));
    return ok(c, order, `Order ${order.number}: ${describeOrderStatus(order.status)}`);
  });

  api.post("/admin/orders/:id/return", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await recordParcelReturn(c.get("ctx"), id, await readJson(c));
    return ok(c, order, `Order ${order.number}: parcel recorded as returned`);
  });

  api.put("/admin/orders/:id/consignment", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await assignConsignment(c.get("ctx"), id, await readJson(c));
    return ok(c, order, `Consignment ${order.consignment} saved`);
  });

  api.post("/admin/orders/:id/courier", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await bookWithCourier(c.get("ctx"), id);
    return ok(c, order, `Booked with the courier: consignment ${order.consignment}`);
  });

  api.post("/admin/orders/:id/courier/refresh", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await refreshTracking(c.get("ctx"), id), "Courier status checked");
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const fulfilmentEndpoints: Endpoint[] = [
  {
    method: "patch",
    path: "/api/admin/orders/{id}/status",
    tag: "Staff",
    summary: "Move an order to another status",
    access: staff("orders"),
    params: idParams,
    body: orderStatusChangeSchema,
    success: [okAnswer("The order's fulfilment state", orderFulfilmentSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/return",
    tag: "Staff",
    summary:
      "Record a shipped parcel that came back (refused or undeliverable) and the courier's return charge",
    access: staff("orders"),
    params: idParams,
    body: parcelReturnSchema,
    success: [okAnswer("The order's fulfilment state (returned)", orderFulfilmentSchema)],
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/orders/{id}/consignment",
    tag: "Staff",
    summary: "Record a consignment number typed by staff",
    access: staff("orders"),
    params: idParams,
    body: consignmentSchema,
    success: [okAnswer("The order's fulfilment state", orderFulfilmentSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/courier",
    tag: "Staff",
    summary: "Book the parcel with the connected courier",
    access: staff("orders"),
    params: idParams,
    success: [okAnswer("The order's fulfilment state, with its consignment", orderFulfilmentSchema)],
    errors: [409, 503],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/courier/refresh",
    tag: "Staff",
    summary: "Ask the connected courier for the parcel's news now",
    access: staff("orders"),
    params: idParams,
    success: [okAnswer("What the courier said", courierSyncSchema)],
    errors: [409, 503],
  },
];
