import { Hono } from "hono";
import { courierSyncSchema, orderFulfilmentSchema } from "../../../contracts/answers/staff-orders";
import {
  courierDistrictsChangeSchema,
  courierDistrictsSchema,
  courierPricesSchema,
} from "../../../contracts/couriers";
import {
  bookCourierSchema,
  consignmentSchema,
  courierLabel,
  courierRefreshSchema,
  type OrderFulfilment,
  orderStatusChangeSchema,
  shipmentSplitSchema,
} from "../../../contracts/fulfilment";
import { describeOrderStatus } from "../../../contracts/order-status";
import { idParams } from "../../../contracts/paging";
import { parcelReturnSchema } from "../../../contracts/returns";
import { getCourierDistricts, setCourierDistricts } from "../../services/orders/courier-districts";
import {
  assignConsignment,
  bookWithCourier,
  courierPrices,
  recordParcelReturn,
  refreshTracking,
  setOrderStatus,
  splitShipment,
} from "../../services/orders/fulfilment";
import { type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

/** The parcel a staff call booked or numbered: its consignment and courier (else the order's). */
function actedOn(order: OrderFulfilment) {
  return order.shipments.find((s) => s.seq === order.parcel) ?? order;
}

/** "Parcel 2: " before the answer's message for an order sent in several parcels. */
function parcelWords(order: OrderFulfilment) {
  return order.shipments.length > 1 && order.parcel !== null ? `Parcel ${order.parcel}: ` : "";
}

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
    return ok(c, order, `${parcelWords(order)}Consignment ${actedOn(order).consignment} saved`);
  });

  api.post("/admin/orders/:id/courier", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await bookWithCourier(c.get("ctx"), id, await readJson(c));
    const parcel = actedOn(order);
    return ok(
      c,
      order,
      `${parcelWords(order)}Booked with ${courierLabel(parcel.courier) ?? "the courier"}: consignment ${parcel.consignment}`,
    );
  });

  api.get("/admin/orders/:id/courier-prices", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await courierPrices(c.get("ctx"), id));
  });

  api.get("/admin/couriers/districts", async (c) => ok(c, await getCourierDistricts(c.get("ctx"))));

  api.put("/admin/couriers/districts", async (c) =>
    ok(c, await setCourierDistricts(c.get("ctx"), await readJson(c)), "Couriers by district saved"),
  );

  api.post("/admin/orders/:id/courier/refresh", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await refreshTracking(c.get("ctx"), id, await readJson(c)), "Courier status checked");
  });

  api.post("/admin/orders/:id/shipments", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const order = await splitShipment(c.get("ctx"), id, await readJson(c));
    return ok(c, order, `Order ${order.number}: parcel ${order.parcel} made`);
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
    description: "With `shipment`, for that parcel of the order; without, the first parcel still to be sent.",
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
    summary: "Book the parcel with a connected courier",
    description:
      "With `shipment`, that parcel of the order, else the first still to be sent. With `courier`, that connected courier; without, the district's default courier, else the shop's. The parcel is claimed before the courier is asked: a second booking meanwhile (double tap, other tab, bulk booking) is refused with 409, so the parcel is booked once.",
    access: staff("orders"),
    params: idParams,
    body: bookCourierSchema,
    success: [okAnswer("The order's fulfilment state, with its consignment", orderFulfilmentSchema)],
    errors: [409, 503],
  },
  {
    method: "get",
    path: "/api/admin/orders/{id}/courier-prices",
    tag: "Staff",
    summary: "What each connected courier asks for the order's parcel",
    description:
      "Each courier with a price API is asked at once and waited for 2.5 s at most; one without a price API, that refused or did not answer in time says so (state none / failed).",
    access: staff("orders"),
    params: idParams,
    success: [okAnswer("The prices", courierPricesSchema)],
  },
  {
    method: "get",
    path: "/api/admin/couriers/districts",
    tag: "Staff",
    summary: "The default courier of each of the 64 districts",
    access: staff("orders"),
    success: [okAnswer("The districts by division", courierDistrictsSchema)],
  },
  {
    method: "put",
    path: "/api/admin/couriers/districts",
    tag: "Staff",
    summary: "Set the default courier of some districts",
    description:
      "Only the districts named change, each to a connected courier or (null) back to the shop's default; the same district set in two tabs ends as the later write says. One audit entry per district changed.",
    access: staff("orders"),
    body: courierDistrictsChangeSchema,
    success: [okAnswer("The districts by division", courierDistrictsSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/courier/refresh",
    tag: "Staff",
    summary: "Ask the parcel's own courier for its news now",
    description: "With `shipment`, that parcel of the order; without, the first with a consignment.",
    access: staff("orders"),
    params: idParams,
    body: courierRefreshSchema,
    success: [okAnswer("What the courier said", courierSyncSchema)],
    errors: [409, 503],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/shipments",
    tag: "Staff",
    summary: "Send some items of a parcel not yet sent apart, as a parcel of their own",
    description:
      "`parcels` is how many parcels the order had on the page: a double tap or a colleague's split meanwhile is refused with 409. The parcel split keeps at least one item.",
    access: staff("orders"),
    params: idParams,
    body: shipmentSplitSchema,
    success: [okAnswer("The order's fulfilment state, `parcel` the new one", orderFulfilmentSchema)],
    errors: [409],
  },
];
