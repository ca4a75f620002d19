import { Hono } from "hono";
import { idField, pageQuery } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import { setAuthority } from "../../services/authority";
import { listUsers } from "../../services/users";
import type { AppEnv } from "../env";
import { ok, readJson } from "../respond";

const idParam = z.object({ id: idField });

const usersQuery = pageQuery.extend({ q: z.string().max(100).optional() });

export function adminUsersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/users", async (c) => {
    const query = usersQuery.parse(c.req.query());
    return ok(c, await listUsers(c.get("ctx"), query));
  });
  api.put("/admin/users/:id/authority", async (c) => {
    const { id } = idParam.parse(c.req.param());
    const user = await setAuthority(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Role and permissions saved");
  });

  return api;
}
