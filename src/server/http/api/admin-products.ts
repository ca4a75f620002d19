import { Hono } from "hono";
import {
  PRODUCT_AREAS,
  type ProductArea,
  productBulkSchema,
  productCreateSchema,
  productListQuery,
  productPatchSchema,
  STOCKED_AREAS,
  stockChangeSchema,
  stockLedgerQuery,
} from "../../../contracts/admin-products";
import {
  adminProductPageSchema,
  adminProductSchema,
  bulkResultSchema,
  stockLedgerSchema,
} from "../../../contracts/answers/staff-catalog";
import { idParams } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import {
  bulkAdminProducts,
  changeStock,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  LIST_COUNT_AHEAD,
  listAdminProducts,
  SEARCH_COUNT_AHEAD,
  stockLedger,
  updateAdminProduct,
} from "../../services/catalog/admin-products";
import { createdAnswer, type Endpoint, okAnswer, staff } from "../endpoint";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** The catalogue's admin endpoints, one set per area (decision 23): list, add, read, edit, delete, bulk. */
export function adminProductsApi() {
  const api = new Hono<AppEnv>();
  for (const area of Object.keys(PRODUCT_AREAS) as ProductArea[]) {
    const base = `/admin/${area}`;
    api.get(base, async (c) =>
      ok(c, await listAdminProducts(c.get("ctx"), area, productListQuery.parse(c.req.query()))),
    );
    api.post(base, async (c) =>
      send(c, 201, "Added", await createAdminProduct(c.get("ctx"), area, await readJson(c))),
    );
    api.post(`${base}/bulk`, async (c) =>
      ok(c, await bulkAdminProducts(c.get("ctx"), area, await readJson(c)), "Done"),
    );
    api.get(`${base}/:id`, async (c) => {
      const { id } = idParams.parse(c.req.param());
      return ok(c, await getAdminProduct(c.get("ctx"), area, id));
    });
    api.patch(`${base}/:id`, async (c) => {
      const { id } = idParams.parse(c.req.param());
      return ok(c, await updateAdminProduct(c.get("ctx"), area, id, await readJson(c)), "Saved");
    });
    api.delete(`${base}/:id`, async (c) => {
      const { id } = idParams.parse(c.req.param());
      return ok(c, await deleteAdminProduct(c.get("ctx"), area, id), "Deleted");
    });
    if (STOCKED_AREAS.includes(area)) {
      api.get(`${base}/:id/stock`, async (c) => {
        const { id } = idParams.parse(c.req.param());
        return ok(c, await stockLedger(c.get("ctx"), area, id, c.req.query()));
      });
      api.post(`${base}/:id/stock`, async (c) => {
        const { id } = idParams.parse(c.req.param());
        return ok(c, await changeStock(c.get("ctx"), area, id, await readJson(c)), "Stock changed");
      });
    }
  }
  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminProductsEndpoints: Endpoint[] = [
  ...(Object.keys(PRODUCT_AREAS) as ProductArea[]).flatMap(productAreaEndpoints),
];

function productAreaEndpoints(area: ProductArea): Endpoint[] {
  const { label, permission, kinds } = PRODUCT_AREAS[area];
  const base = `/api/admin/${area}`;
  const access = staff(permission);
  const tag = "Staff: catalogue";
  const what = label.toLowerCase();
  const own: Endpoint[] = [
    {
      method: "get",
      path: base,
      tag,
      summary: `List ${what} (${kinds.join(", ")}) with search, filters, sort and paging`,
      description: `Last changed first by default. \`total\` counts ${LIST_COUNT_AHEAD.toLocaleString("en")} matches past the page's first row (a search: ${SEARCH_COUNT_AHEAD}); \`more\` is set when more matched.`,
      access,
      query: productListQuery,
      success: [okAnswer(`One page of ${what}`, adminProductPageSchema)],
    },
    {
      method: "post",
      path: base,
      tag,
      summary: `Add a product to ${what}`,
      access,
      body: productCreateSchema,
      success: [createdAnswer("The product as saved", adminProductSchema)],
      errors: [409],
    },
    {
      method: "post",
      path: `${base}/bulk`,
      tag,
      summary: `Publish, unpublish or reprice many of ${what} at once, with a result per product`,
      access,
      body: productBulkSchema,
      success: [okAnswer("A result per product", bulkResultSchema)],
    },
    {
      method: "get",
      path: `${base}/{id}`,
      tag,
      summary: "One product with every field staff edit",
      access,
      params: idParams,
      success: [okAnswer("The product", adminProductSchema)],
    },
    {
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: "Edit a product (the fields sent), from the version the edit started on",
      description: "A stale `version` is refused with 409 and the product as it now is in `data`.",
      access,
      params: idParams,
      body: productPatchSchema,
      success: [okAnswer("The product as saved", adminProductSchema)],
      errors: [409],
      errorData: { 409: adminProductSchema },
    },
    {
      method: "delete",
      path: `${base}/{id}`,
      tag,
      summary: "Delete a product nobody has ordered",
      access,
      params: idParams,
      success: [okAnswer("Deleted", z.object({ id: z.int() }))],
      errors: [409],
    },
  ];
  if (!STOCKED_AREAS.includes(area)) return own;
  return [
    ...own,
    {
      method: "get",
      path: `${base}/{id}/stock`,
      tag,
      summary: "The product's stock ledger, newest first",
      access,
      params: idParams,
      query: stockLedgerQuery,
      success: [okAnswer("One page of the ledger, with the stock on hand", stockLedgerSchema)],
    },
    {
      method: "post",
      path: `${base}/{id}/stock`,
      tag,
      summary: "Add or remove units with a reason (a row of the ledger)",
      access,
      params: idParams,
      body: stockChangeSchema,
      success: [okAnswer("The ledger after the change", stockLedgerSchema)],
      errors: [409],
    },
  ];
}
