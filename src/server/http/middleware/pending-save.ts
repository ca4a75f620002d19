import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { decodePendingAlert } from "../../../contracts/pending-alert";
import {
  COULD_NOT_SAVE,
  PENDING_SAVE_COOKIE,
  VIEW_WISHLIST,
  WISHLIST_KEPT,
  WISHLIST_SAVED,
} from "../../../contracts/wishlist-messages";
import { saveToWishlist } from "../../services/cart/wishlist";
import type { AppEnv } from "../env";
import { toEnvelope } from "./errors";

/**
 * A "Save" kept from before signing in (contracts/wishlist.ts, decision 69) is made by the first
 * page the visitor opens signed in, whichever way they signed in, through the wishlist's own
 * service (one entry per product, so made once). The page then says so, or why not (the
 * wishlist full). A page of the back office leaves it.
 */
export function makePendingSave(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = getCookie(c, PENDING_SAVE_COOKIE);
    const user = c.get("user");
    if (raw === undefined || !user || c.req.method !== "GET" || c.req.path.startsWith("/admin"))
      return next();
    const ctx = c.get("ctx");
    const save = decodePendingAlert(raw, ctx.now().getTime());
    if (save) {
      try {
        const { created } = await saveToWishlist(ctx, { productId: save.id });
        c.set("flash", {
          title: created ? WISHLIST_SAVED : WISHLIST_KEPT,
          link: { href: "/wishlist", label: VIEW_WISHLIST },
        });
      } catch (err) {
        const answer = toEnvelope(err);
        if (answer.statusCode >= 500) throw err;
        c.set("flash", { title: COULD_NOT_SAVE, description: answer.message, variant: "destructive" });
      }
    }
    await next();
    deleteCookie(c, PENDING_SAVE_COOKIE, { path: "/", secure: opts.secure, httpOnly: true, sameSite: "Lax" });
  };
}
