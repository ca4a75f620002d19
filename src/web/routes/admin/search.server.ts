import type { RouterContextProvider } from "react-router";
import { requireStaff } from "../../../server/services/access";
import { SEARCH_REFUSAL, searchAdmin } from "../../../server/services/admin-search";
import { getApp, loadFrom } from "../../lib/app-context.server";

/** The search page: the same service as `GET /api/admin/search`, for the URL's `?q=` (none: nothing yet). */
export function loadSearch(context: Readonly<RouterContextProvider>, request: Request) {
  const { ctx } = getApp(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return loadFrom(async () => {
    if (q === "") {
      requireStaff(ctx, SEARCH_REFUSAL);
      return { q, result: null };
    }
    return { q, result: await searchAdmin(ctx, { q }) };
  });
}
