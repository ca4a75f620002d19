import type { MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { ADDED_TO_CART, COULD_NOT_ADD, VIEW_CART } from "../../../contracts/flash";
import { decodePendingAdd, PENDING_ADD_COOKIE } from "../../../contracts/pending-add";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import { addToCart } from "../../services/cart/cart";
import type { AppEnv } from "../env";
import { toEnvelope } from "./errors";

/**
 * An add kept from before signing in, by a form posted without JavaScript (contracts/pending-add.ts),
 * is made by the first page the visitor opens signed in, whichever way they signed in (the
 * sign-in form, the dialog, Google, a new account): through the cart's own service, with the tap's
 * key, so it is made once. The page then says so (its flash). A page of the back office leaves it.
 */
export function makePendingAdd(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = getCookie(c, PENDING_ADD_COOKIE);
    const user = c.get("user");
    if (raw === undefined || !user || c.req.method !== "GET" || c.req.path.startsWith("/admin"))
      return next();
    const ctx = c.get("ctx");
    const add = decodePendingAdd(raw, ctx.now().getTime());
    if (add) {
      try {
        await addToCart(
          ctx,
          { bookId: add.id, type: add.kind, quantity: 1, source: add.source, addKey: add.addKey },
          { referralCode: getCookie(c, REFERRAL_COOKIE) },
        );
        c.set("flash", { title: ADDED_TO_CART, link: { href: "/cart", label: VIEW_CART } });
      } catch (err) {
        const answer = toEnvelope(err);
        if (answer.statusCode >= 500) throw err;
        c.set("flash", { title: COULD_NOT_ADD, description: answer.message, variant: "destructive" });
      }
    }
    await next();
    deleteCookie(c, PENDING_ADD_COOKIE, { path: "/", secure: opts.secure, httpOnly: true, sameSite: "Lax" });
  };
}
