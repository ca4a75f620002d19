import type { RouterContextProvider } from "react-router";
import { adminUsersQuery } from "../../../contracts/admin-users";
import { getUserDetail, listUsers, mayBlock } from "../../../server/services/accounts/admin-users";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The accounts list: the same service as `GET /api/admin/users`, with the view from the URL. */
export function loadUsers(context: Readonly<RouterContextProvider>, request: Request) {
  return loadAdminList(context, request, adminUsersQuery, listUsers);
}

/** One account's page: the same service as `GET /api/admin/users/{id}`, and whether the caller may block it. */
export function loadUser(context: Readonly<RouterContextProvider>, id: number) {
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const detail = await getUserDetail(ctx, id);
    return { ...detail, mayBlock: mayBlock(ctx, detail.user) };
  });
}
