import { Hono } from "hono";
import { idParams } from "../../../contracts/paging";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "../../services/cart/addresses";
import type { AppEnv } from "../env";
import { ok, readJson, send } from "../respond";

/** The customer's address book. */
export function addressesApi() {
  const api = new Hono<AppEnv>();

  api.get("/addresses", async (c) => ok(c, await listAddresses(c.get("ctx"))));

  api.post("/addresses", async (c) => {
    return send(c, 201, "Address saved", await createAddress(c.get("ctx"), await readJson(c)));
  });

  api.put("/addresses/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await updateAddress(c.get("ctx"), id, await readJson(c)), "Address saved");
  });

  api.post("/addresses/:id/default", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await makeDefaultAddress(c.get("ctx"), id), "Default address changed");
  });

  api.delete("/addresses/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await deleteAddress(c.get("ctx"), id), "Address deleted");
  });

  return api;
}
