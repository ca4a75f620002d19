import { Hono } from "hono";
import { adminUsersQuery, blockReasonSchema } from "../../../contracts/admin-users";
import { publicUserSchema } from "../../../contracts/answers/accounts";
import {
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserSchema,
} from "../../../contracts/answers/staff";
import { authoritySchema } from "../../../contracts/authority";
import { idParams } from "../../../contracts/paging";
import { storeCreditAdjustmentSchema, storeCreditViewSchema } from "../../../contracts/store-credit";
import { blockUser, getUserDetail, listUsers, unblockUser } from "../../services/accounts/admin-users";
import { setAuthority } from "../../services/accounts/authority";
import { adjustStoreCredit, getUserStoreCredit } from "../../services/money/store-credit";
import { type Endpoint, okAnswer, staff } from "../endpoint";
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
  api.get("/admin/users/:id/store-credit", async (c) => {
    const { id } = idParams.parse(c.req.param());
    return ok(c, await getUserStoreCredit(c.get("ctx"), id));
  });
  api.post("/admin/users/:id/store-credit", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const credit = await adjustStoreCredit(c.get("ctx"), id, await readJson(c));
    return ok(c, credit, "Store credit adjusted");
  });
  api.put("/admin/users/:id/authority", async (c) => {
    const { id } = idParams.parse(c.req.param());
    const user = await setAuthority(c.get("ctx"), id, await readJson(c));
    return ok(c, user, "Role and permissions saved");
  });

  return api;
}

/** What this file serves, described for /api/openapi.json (src/server/http/openapi.ts). */
export const adminUsersEndpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/admin/users",
    tag: "Staff",
    summary:
      "List accounts: search name, phone (typed any way) and email; filter by role, blocked, phone verified",
    access: staff("users"),
    query: adminUsersQuery,
    success: [okAnswer("One page of accounts", adminUserPageSchema)],
  },
  {
    method: "get",
    path: "/api/admin/users/{id}",
    tag: "Staff",
    summary: "One account: its details, its orders and the e-books and courses it owns",
    access: staff("users"),
    params: idParams,
    success: [okAnswer("The account", adminUserDetailSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/block",
    tag: "Staff",
    summary: "Block an account: it cannot sign in, and every session it has ends at once",
    description: [
      "The reason is kept in the audit log. Staff with the `users` permission block customers; a staff",
      "account only an admin; an admin account nobody (take its role away first), nor anyone their own (409).",
    ].join(" "),
    access: staff("users"),
    params: idParams,
    body: blockReasonSchema,
    success: [okAnswer("The account, blocked", adminUserSchema)],
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/unblock",
    tag: "Staff",
    summary: "Unblock an account: it can sign in again",
    description: "The reason is kept in the audit log. Who may unblock is who may block.",
    access: staff("users"),
    params: idParams,
    body: blockReasonSchema,
    success: [okAnswer("The account, unblocked", adminUserSchema)],
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/admin/users/{id}/store-credit",
    tag: "Staff",
    summary: "An account's store credit: balance and history, newest first (decision 71)",
    access: staff("users"),
    params: idParams,
    success: [okAnswer("The balance and entries, money in poisha", storeCreditViewSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/store-credit",
    tag: "Staff",
    summary: "Adjust an account's store credit by an amount (more or less) with the reason, audited",
    description:
      "The balance never goes below zero: an adjustment that would take more than it holds is 409, nothing changed.",
    access: staff("users"),
    params: idParams,
    body: storeCreditAdjustmentSchema,
    success: [okAnswer("The balance and entries after the adjustment", storeCreditViewSchema)],
    errors: [404, 409],
  },
  {
    method: "put",
    path: "/api/admin/users/{id}/authority",
    tag: "Staff",
    summary: "Set an account's role and permissions",
    access: { who: "admin" },
    params: idParams,
    body: authoritySchema,
    success: [okAnswer("The account with its new authority", publicUserSchema)],
    errors: [409],
  },
];
