import { Hono } from "hono";
import {
  couponBatchInputSchema,
  couponBulkActiveSchema,
  couponEditSchema,
  couponInputSchema,
  couponsQuerySchema,
  MAX_BATCH_CODES,
} from "../../../contracts/admin-coupons";
import { bulkResultSchema } from "../../../contracts/answers/staff-catalog";
import {
  adminCouponDeletedSchema,
  adminCouponDetailSchema,
  adminCouponPageSchema,
  couponBatchResultSchema,
  couponBatchSchema,
} from "../../../contracts/answers/staff-money";
import { idField, idParams } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
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
import { createdAnswer, type Endpoint, listOf, okAnswer, staff } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminCouponsEndpoints: Endpoint[] = [...couponEndpoints()];

function couponEndpoints(): Endpoint[] {
  const access = staff("coupons");
  const tag = "Staff: coupons";
  const batchParams = z.object({ id: idField });
  return [
    {
      method: "get",
      path: "/api/admin/coupons",
      tag,
      summary:
        "List coupons: search by code, filter by state, kind and batch; each with its uses, discount given and revenue",
      description:
        "Discount given and revenue count the orders that used the coupon and count as sales (decision 24): confirmed, being packed, shipped or delivered.",
      access,
      query: couponsQuerySchema,
      success: [okAnswer("One page of coupons", adminCouponPageSchema)],
    },
    {
      method: "post",
      path: "/api/admin/coupons",
      tag,
      summary: "Add a coupon (its code upper-cased; letters, digits, - and _)",
      description:
        "Times are ISO 8601 with an offset; money in poisha. A code another coupon has is refused with 409.",
      access,
      body: couponInputSchema,
      success: [createdAnswer("The new coupon", adminCouponDetailSchema)],
      errors: [409],
    },
    {
      method: "post",
      path: "/api/admin/coupons/bulk",
      tag,
      summary: `Generate up to ${MAX_BATCH_CODES.toLocaleString("en")} unique random codes with the same rules, as one batch`,
      description:
        "Codes are the prefix and a random part from an alphabet without look-alike characters (no 0, O, 1, I or L), drawn from a cryptographic random source. A code another coupon has is drawn again. One transaction: the whole batch or nothing.",
      access,
      body: couponBatchInputSchema,
      success: [
        createdAnswer("The batch, where to download it, and a few of its codes", couponBatchResultSchema),
      ],
      errors: [409],
    },
    {
      method: "post",
      path: "/api/admin/coupons/active",
      tag,
      summary: "Enable or disable many coupons at once, with a result per coupon",
      access,
      body: couponBulkActiveSchema,
      success: [okAnswer("A result per id", bulkResultSchema)],
    },
    {
      method: "get",
      path: "/api/admin/coupons/batches",
      tag,
      summary: "The latest 50 batches of generated codes, each with how many of its codes were used",
      access,
      success: [okAnswer("The batches, newest first", listOf(couponBatchSchema))],
    },
    {
      method: "get",
      path: "/api/admin/coupons/batches/{id}/codes.csv",
      tag,
      summary: "A batch's codes as CSV: Code, Uses (streamed)",
      access,
      params: batchParams,
      success: [{ status: 200, description: "coupons-batch-N.csv", mediaType: "text/csv" }],
      errors: [404],
    },
    {
      method: "get",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "One coupon with every rule, its figures, its products named and the version to edit from",
      access,
      params: idParams,
      success: [okAnswer("The coupon", adminCouponDetailSchema)],
      errors: [404],
    },
    {
      method: "patch",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "Edit a coupon; orders already placed keep the totals they were priced at",
      description:
        "Send the `version` the edit started from: a stale one is refused with 409 and the coupon as it now is.",
      access,
      params: idParams,
      body: couponEditSchema,
      success: [okAnswer("The coupon as saved", adminCouponDetailSchema)],
      errors: [404, 409],
      errorData: { 409: adminCouponDetailSchema },
    },
    {
      method: "delete",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "Delete a coupon never used on an order (a used one is refused with 409: disable it)",
      access,
      params: idParams,
      success: [okAnswer("The deleted coupon's id", adminCouponDeletedSchema)],
      errors: [404, 409],
    },
  ];
}
