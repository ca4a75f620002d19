import { parse } from "hono/utils/cookie";
import { data, type RouterContextProvider } from "react-router";
import { VIEW_CART } from "../../../contracts/flash";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import { wishlistAddSchema } from "../../../contracts/wishlist";
import {
  COULD_NOT_SAVE,
  PENDING_SAVE_COOKIE,
  SIGN_IN_TO_SAVE,
  VIEW_WISHLIST,
  WISHLIST_KEPT,
  WISHLIST_MOVED,
  WISHLIST_NOTHING_MOVED,
  WISHLIST_REMOVED,
  WISHLIST_SAVED,
  WISHLIST_SMS_OFF,
  WISHLIST_SMS_ON,
  WISHLIST_SOME_MOVED,
} from "../../../contracts/wishlist-messages";
import { toEnvelope } from "../../../server/http/middleware/errors";
import {
  getWishlist,
  moveWishlistToCart,
  removeFromWishlist,
  saveToWishlist,
  setWishlistSettings,
} from "../../../server/services/cart/wishlist";
import type { SaveAnswer } from "../../components/catalog/save-button";
import {
  attempt,
  backTo,
  numberField,
  readForm,
  redirectWithFlash,
  refusedPage,
} from "../../lib/actions.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { keepForAfterSignIn } from "../../lib/pending.server";
import { UNKNOWN_INTENT } from "./cart.server";

type Context = Readonly<RouterContextProvider>;

/** The wishlist page's data: the caller's saved items and their SMS setting. */
export async function loadWishlistPage(context: Context) {
  return loadFrom(() => getWishlist(getApp(context).ctx));
}

/** The wishlist's forms: "Save for later" and its undo (from any card or page), and the page's own. */
export const WISHLIST_INTENTS = ["save", "unsave", "move", "move-all", "sms"] as const;

/**
 * The wishlist's forms, posted without JavaScript (or, for the hearts, by a fetcher: `js=1`,
 * answered with `SaveAnswer` instead of a redirect), calling the services of `/api/wishlist`.
 * A visitor signed out who saves is sent to sign in; the save is kept and made once they are
 * (decision 69). The rest come back to the page (`back`) saying what was done, or why not.
 */
export async function wishlistAction(context: Context, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const back = backTo(f, "/wishlist");
  const js = f.js === "1";
  const input = { productId: numberField(f.productId) };
  const couldNot = (message: string) =>
    js
      ? data<SaveAnswer>({ saved: false, message, refused: true }, { status: 400 })
      : redirectWithFlash(app, back, { title: COULD_NOT_SAVE, description: message, variant: "destructive" });
  const done = (saved: boolean, message: string) =>
    js
      ? ({ saved, message } satisfies SaveAnswer)
      : redirectWithFlash(app, back, {
          title: message,
          ...(saved ? { link: { href: "/wishlist", label: VIEW_WISHLIST } } : {}),
        });
  switch (f.intent) {
    case "save": {
      if (!ctx.user) {
        return keepForAfterSignIn(app, {
          schema: wishlistAddSchema,
          input,
          keep: (v) => ({ id: v.productId }),
          cookie: PENDING_SAVE_COOKIE,
          back,
          title: SIGN_IN_TO_SAVE,
          refused: couldNot,
        });
      }
      const r = await attempt(() => saveToWishlist(ctx, input));
      if (!r.ok) return couldNot(r.message);
      return done(true, r.value.created ? WISHLIST_SAVED : WISHLIST_KEPT);
    }
    case "unsave": {
      const parsed = wishlistAddSchema.safeParse(input);
      if (!parsed.success) return couldNot(toEnvelope(parsed.error).message);
      const r = await attempt(() => removeFromWishlist(ctx, parsed.data.productId));
      if (!r.ok) return couldNot(r.message);
      return done(false, WISHLIST_REMOVED);
    }
    case "move":
    case "move-all": {
      const referralCode = parse(request.headers.get("cookie") ?? "", REFERRAL_COOKIE)[REFERRAL_COOKIE];
      const r = await attempt(() =>
        moveWishlistToCart(ctx, f.intent === "move" ? input : {}, { referralCode }),
      );
      if (!r.ok) return couldNot(r.message);
      const { moved, refused } = r.value;
      if (refused.length === 0) {
        return redirectWithFlash(app, back, {
          title: WISHLIST_MOVED,
          link: { href: "/cart", label: VIEW_CART },
        });
      }
      return redirectWithFlash(app, back, {
        title: moved.length > 0 ? WISHLIST_SOME_MOVED : WISHLIST_NOTHING_MOVED,
        description: refused[0]!.message,
        variant: "destructive",
        ...(moved.length > 0 ? { link: { href: "/cart", label: VIEW_CART } } : {}),
      });
    }
    case "sms": {
      const r = await attempt(() => setWishlistSettings(ctx, { sms: f.sms === "on" }));
      if (!r.ok) return couldNot(r.message);
      return redirectWithFlash(app, back, { title: r.value.sms ? WISHLIST_SMS_ON : WISHLIST_SMS_OFF });
    }
    default:
      return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values: {} });
  }
}
