import { Hono } from "hono";
import { pageQuery } from "../../../contracts/paging";
import { z } from "../../../contracts/zod";
import { listUsers } from "../../services/users";
import type { AppEnv } from "../env";
import { ok } from "../respond";

const usersQuery = pageQuery.extend({ q: z.string().max(100).optional() });

export function adminUsersApi() {
  const api = new Hono<AppEnv>();
  api.get("/admin/users", async (c) => {
    const query = usersQuery.parse(c.req.query());
    return ok(c, await listUsers(c.get("ctx"), query));
  });
  return api;
}
