import { Hono } from "hono";
import { adminUsersQuery } from "../../../contracts/admin-users";
import { idParams } from "../../../contracts/paging";
import { blockUser, getUserDetail, listUsers, unblockUser } from "../../services/accounts/admin-users";
import { setAuthority } from "../../services/accounts/authority";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

export function adminUsersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/users", async (c) => {
    return ok(c, await listUsers(c.get("ctx"), adminUsersQuery.parse(c.req.query())));
  });
  api.get("/admin/users/:id", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getUserDetail(c.get("ctx"), id));
  });
  api.post("/admin/users/:id/block", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const user = await blockUser(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Account blocked: it is signed out everywhere");
  });
  api.post("/admin/users/:id/unblock", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const user = await unblockUser(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Account unblocked: it can sign in again");
  });
  api.put("/admin/users/:id/authority", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const user = await setAuthority(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Role and permissions saved");
  });

  return api;
}
