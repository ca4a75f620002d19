import type { RouterContextProvider } from "react-router";
import { listUsers } from "../../../server/services/users";
import { getApp, loadFrom } from "../../lib/app-context.server";

export function loadUsers(
  context: Readonly<RouterContextProvider>,
  query: { q: string; page: number; limit: number },
) {
  return loadFrom(() => listUsers(getApp(context).ctx, query));
}
