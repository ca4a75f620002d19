import type { RouterContextProvider } from "react-router";
import { playgroundQuery } from "../../../contracts/playground";
import { fieldErrors } from "../../../contracts/zod";
import { hasPermission, requirePermission } from "../../../server/services/access";
import { PLAYGROUND_REFUSAL, pricePlayground } from "../../../server/services/cart/playground";
import { DomainError } from "../../../server/services/errors";
import { getApp, loadFrom } from "../../lib/app-context.server";

/**
 * The playground page: the URL's query priced by the same service as
 * `GET /api/admin/playground/price`. A query it refuses (a hand-edited or stale link) is shown as
 * a message on the page, not an error page.
 */
export async function loadPlayground(context: Readonly<RouterContextProvider>, request: Request) {
  const { ctx } = getApp(context);
  await loadFrom(async () => requirePermission(ctx, "orders", PLAYGROUND_REFUSAL));
  const query = Object.fromEntries(new URL(request.url).searchParams);
  // The customer picker searches accounts: only for staff who may see them.
  const mayPickCustomer = hasPermission(ctx.user, "users");
  const parsed = playgroundQuery.safeParse(query);
  if (!parsed.success) {
    const [, message] = Object.entries(fieldErrors(parsed.error))[0] ?? [
      "",
      /*i18n*/ "This link is not valid",
    ];
    return { price: null, error: message, mayPickCustomer };
  }
  return loadFrom(async () => {
    try {
      return { price: await pricePlayground(ctx, query), error: null, mayPickCustomer };
    } catch (e) {
      if (e instanceof DomainError && e.kind === "invalid")
        return { price: null, error: e.message, mayPickCustomer };
      throw e;
    }
  });
}
