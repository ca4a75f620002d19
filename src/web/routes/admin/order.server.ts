import type { RouterContextProvider } from "react-router";
import { getAdminOrder } from "../../../server/services/orders/admin-order";
import { getCourierDistricts } from "../../../server/services/orders/courier-districts";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** One order's page: the same service as `GET /api/admin/orders/{id}`. */
export function loadOrder(context: Readonly<RouterContextProvider>, id: number) {
  return loadFrom(() => getAdminOrder(getApp(context).ctx, id));
}

/** The couriers by district: the same service as `GET /api/admin/couriers/districts`. */
export function loadCourierDistricts(context: Readonly<RouterContextProvider>) {
  return loadFrom(() => getCourierDistricts(getApp(context).ctx));
}
