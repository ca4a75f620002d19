import type { RouterContextProvider } from "react-router";
import { adminUsersQuery } from "../../../contracts/admin-users";
import { getUserDetail, listUsers, mayBlock } from "../../../server/services/accounts/admin-users";
import { getUserStoreCredit } from "../../../server/services/money/store-credit";
import { loadAdminList } from "../../lib/admin-list.server";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The accounts list: the same service as `GET /api/admin/users`, with the view from the URL. */
export function loadUsers(context: Readonly<RouterContextProvider>, request: Request) {
  return loadAdminList(context, request, adminUsersQuery, listUsers);
}

/**
 * One account's page: the same service as `GET /api/admin/users/{id}`, whether the caller may block
 * it, and its store credit (`GET /api/admin/users/{id}/store-credit`).
 */
export function loadUser(context: Readonly<RouterContextProvider>, id: number) {
  const { ctx } = getApp(context);
  return loadFrom(async () => {
    const [detail, storeCredit] = await Promise.all([getUserDetail(ctx, id), getUserStoreCredit(ctx, id)]);
    return { ...detail, mayBlock: mayBlock(ctx, detail.user), storeCredit };
  });
}
