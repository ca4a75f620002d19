import { Hono } from "hono";
import { PRODUCT_AREAS, type ProductArea, STOCKED_AREAS } from "../../../contracts/admin-products";
import { idParams } from "../../../contracts/paging";
import {
  bulkAdminProducts,
  changeStock,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  stockLedger,
  updateAdminProduct,
} from "../../services/catalog/admin-products";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** The catalogue's admin endpoints, one set per area (decision 23): list, add, read, edit, delete, bulk. */
export function adminProductsApi() {
  const api = new Hono<AppEnv>();
  for (const area of Object.keys(PRODUCT_AREAS) as ProductArea[]) {
    const base = `/admin/${area}`;
    api.get(base, async (c) => ok(c, await listAdminProducts(c.get("ctx"), area, c.req.query())));
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
