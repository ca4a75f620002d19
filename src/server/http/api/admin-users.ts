import { Hono } from "hono";
import { usersQuerySchema } from "../../../contracts/authority";
import { idParams } from "../../../contracts/paging";
import { setAuthority } from "../../services/authority";
import { listUsers } from "../../services/users";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

export function adminUsersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/users", async (c) => {
    const query = usersQuerySchema.parse(c.req.query());
    return ok(c, await listUsers(c.get("ctx"), query));
  });
  api.put("/admin/users/:id/authority", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const user = await setAuthority(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Role and permissions saved");
  });

  return api;
}
