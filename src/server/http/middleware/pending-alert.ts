import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import {
  COULD_NOT_CHANGE_ALERT,
  decodePendingAlert,
  PENDING_ALERT_COOKIE,
  STOCK_ALERT_KEPT,
  STOCK_ALERT_MADE,
} from "../../../contracts/pending-alert";
import { subscribeStockAlert } from "../../services/catalog/stock-alerts";
import type { AppEnv } from "../env";
import { toEnvelope } from "./errors";

/**
 * A "Notify me" kept from before signing in, by a form posted without JavaScript
 * (contracts/pending-alert.ts), is made by the first page the visitor opens signed in, whichever
 * way they signed in, through the stock alerts' own service (one alert per buyer and product, so
 * made once). The page then says so, or why not (back in stock meanwhile, no phone to text). A
 * page of the back office leaves it.
 */
export function makePendingAlert(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = getCookie(c, PENDING_ALERT_COOKIE);
    const user = c.get("user");
    if (raw === undefined || !user || c.req.method !== "GET" || c.req.path.startsWith("/admin"))
      return next();
    const ctx = c.get("ctx");
    const alert = decodePendingAlert(raw, ctx.now().getTime());
    if (alert) {
      try {
        const { created } = await subscribeStockAlert(ctx, { productId: alert.id });
        c.set("flash", { title: created ? STOCK_ALERT_MADE : STOCK_ALERT_KEPT });
      } catch (err) {
        const answer = toEnvelope(err);
        if (answer.statusCode >= 500) throw err;
        c.set("flash", {
          title: COULD_NOT_CHANGE_ALERT,
          description: answer.message,
          variant: "destructive",
        });
      }
    }
    await next();
    deleteCookie(c, PENDING_ALERT_COOKIE, {
      path: "/",
      secure: opts.secure,
      httpOnly: true,
      sameSite: "Lax",
    });
  };
}
