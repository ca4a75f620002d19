import type { RouterContextProvider } from "react-router";
import { couponsQuerySchema } from "../../../contracts/admin-coupons";
import { listAdminCoupons, listCouponBatches } from "../../../server/services/cart/admin-coupons";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The coupons list: the same service as `GET /api/admin/coupons`, and the latest batches for its filter. */
export async function loadCoupons(context: Readonly<RouterContextProvider>, request: Request) {
  const list = await loadAdminList(context, request, couponsQuerySchema, listAdminCoupons);
  const batches = await loadBatches(context);
  return { ...list, batches };
}

/** The latest batches of generated codes (as `GET /api/admin/coupons/batches`). */
export function loadBatches(context: Readonly<RouterContextProvider>) {
  const { ctx } = getApp(context);
  return loadFrom(() => listCouponBatches(ctx));
}
