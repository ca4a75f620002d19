import { Hono } from "hono";
import { describeOrderStatus } from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import {
  assignConsignment,
  bookWithCourier,
  refreshTracking,
  setOrderStatus,
} from "../../services/orders/fulfilment";
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
