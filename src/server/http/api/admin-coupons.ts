import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import {
  couponBatchCsv,
  createCoupon,
  deleteCoupon,
  generateCouponBatch,
  getAdminCoupon,
  listAdminCoupons,
  listCouponBatches,
  setCouponsActive,
  updateCoupon,
} from "../../services/cart/admin-coupons";
import type { AppEnv } from "../env";
import { ok, readJson, send, streamOf } from "../respond";

/** `/api/admin/coupons`: coupons and bulk codes (permission `coupons`). Named paths before `/{id}`. */
export function adminCouponsApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/coupons", async (c) => ok(c, await listAdminCoupons(c.get("ctx"), c.req.query())));
  api.post("/admin/coupons", async (c) => {
    const coupon = await createCoupon(c.get("ctx"), await readJson(c));
    return send(c, 201, `Coupon ${coupon.code} added`, coupon);
  });
  api.post("/admin/coupons/bulk", async (c) => {
    const made = await generateCouponBatch(c.get("ctx"), await readJson(c));
    return send(c, 201, `${made.batch.quantity.toLocaleString("en-US")} codes generated`, made);
  });
  api.post("/admin/coupons/active", async (c) => {
    const result = await setCouponsActive(c.get("ctx"), await readJson(c));
    const done = result.results.filter((r) => r.ok).length;
    return ok(c, result, `${done} of ${result.results.length} coupons changed`);
  });
  api.get("/admin/coupons/batches", async (c) => ok(c, await listCouponBatches(c.get("ctx"))));
  api.get("/admin/coupons/batches/:id/codes.csv", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const { filename, pieces } = await couponBatchCsv(c.get("ctx"), id);
    return c.body(streamOf(pieces), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${filename}`,
      "Cache-Control": "private, no-store",
    });
  });
  api.get("/admin/coupons/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getAdminCoupon(c.get("ctx"), id));
  });
  api.patch("/admin/coupons/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const coupon = await updateCoupon(c.get("ctx"), id, await readJson(c));
    return ok(c, coupon, `Coupon ${coupon.code} saved`);
  });
  api.delete("/admin/coupons/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await deleteCoupon(c.get("ctx"), id), "Coupon deleted");
  });
  return api;
}
