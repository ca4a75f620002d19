import { Hono } from "hono";
import { addressSchema } from "../../../contracts/addresses";
import { savedAddressSchema } from "../../../contracts/answers/cart";
import { idParams } from "../../../contracts/paging";
import {
  createAddress,
  deleteAddress,
  listAddresses,
  makeDefaultAddress,
  updateAddress,
} from "../../services/cart/addresses";
import { createdAnswer, type Endpoint, listOf, okAnswer, signedIn } from "../endpoint";
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

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const addressesEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/addresses",
    tag: "Cart",
    summary: "The caller's address book: the default first, then the most recently used",
    access: signedIn,
    success: [okAnswer("The addresses", listOf(savedAddressSchema))],
  },
  {
    method: "post",
    path: "/api/addresses",
    tag: "Cart",
    summary: "Keep an address (the first one, or one with isDefault, becomes the default)",
    access: signedIn,
    body: addressSchema,
    success: [createdAnswer("The saved address", savedAddressSchema)],
    errors: [409],
  },
  {
    method: "put",
    path: "/api/addresses/{id}",
    tag: "Cart",
    summary: "Change one of the caller's addresses",
    access: signedIn,
    params: idParams,
    body: addressSchema,
    success: [okAnswer("The saved address", savedAddressSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/addresses/{id}/default",
    tag: "Cart",
    summary: "Make one of the caller's addresses the default",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The new default", savedAddressSchema)],
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/addresses/{id}",
    tag: "Cart",
    summary: "Delete one of the caller's addresses (a deleted default passes to the most recent other)",
    access: signedIn,
    params: idParams,
    success: [okAnswer("The addresses left", listOf(savedAddressSchema))],
    errors: [404],
  },
];
