import type { RouterContextProvider } from "react-router";
import { adminOrdersQuery, type OrderHolds } from "../../../contracts/admin-orders";
import { listOrders, orderSources } from "../../../server/services/orders/admin-orders";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { loadRange } from "./report.server";

/**
 * The orders list and its sub-lists: the same service as `GET /api/admin/orders`, with the view
 * from the URL; a sub-list's `holds` is fixed, whatever the URL says.
 */
export function loadOrders(context: Readonly<RouterContextProvider>, request: Request, holds?: OrderHolds) {
  return loadAdminList(context, request, adminOrdersQuery, (ctx, q) =>
    listOrders(ctx, holds ? { ...q, holds } : q),
  );
}

/** The shop's stationery orders: the same service as `GET /api/admin/shop-orders`. */
export function loadShopOrders(context: Readonly<RouterContextProvider>, request: Request) {
  return loadAdminList(context, request, adminOrdersQuery, (ctx, q) => listOrders(ctx, q, "shop"));
}

/**
 * Orders by source: the same service as `GET /api/admin/orders/sources`; a range that cannot be
 * is shown beside the form, with the default range's figures.
 */
export function loadOrderSources(context: Readonly<RouterContextProvider>, request: Request) {
  return loadRange(context, new URL(request.url), orderSources);
}

/** The shipped stationery orders, the ones that can be marked delivered (newest 100). */
export function loadShippedShopOrders(context: Readonly<RouterContextProvider>) {
  const { ctx } = getApp(context);
  return loadFrom(() => listOrders(ctx, adminOrdersQuery.parse({ status: "shipped", limit: "100" }), "shop"));
}
