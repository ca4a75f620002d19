import type { RouterContextProvider } from "react-router";
import { getAdminOrder } from "../../../server/services/orders/admin-order";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** One order's page: the same service as `GET /api/admin/orders/{id}`. */
export function loadOrder(context: Readonly<RouterContextProvider>, id: number) {
  return loadFrom(() => getAdminOrder(getApp(context).ctx, id));
}
