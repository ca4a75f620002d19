import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { ADDED_TO_CART, COULD_NOT_ADD, type Flash, VIEW_CART } from "../../../contracts/flash";
import { decodePendingProduct, type Kept } from "../../../contracts/pending";
import { decodePendingAdd, PENDING_ADD_COOKIE } from "../../../contracts/pending-add";
import {
  COULD_NOT_CHANGE_ALERT,
  PENDING_ALERT_COOKIE,
  STOCK_ALERT_KEPT,
  STOCK_ALERT_MADE,
} from "../../../contracts/pending-alert";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import {
  COULD_NOT_SAVE,
  PENDING_SAVE_COOKIE,
  VIEW_WISHLIST,
  WISHLIST_KEPT,
  WISHLIST_SAVED,
} from "../../../contracts/wishlist-messages";
import { addToCart } from "../../services/cart/cart";
import { saveToWishlist } from "../../services/cart/wishlist";
import { subscribeStockAlert } from "../../services/catalog/stock-alerts";
import type { AppEnv } from "../env";
import { toEnvelope } from "./errors";

/** One kind of form kept for after sign-in: its cookie, how it reads, how it is made, and its refusal's title. */
type PendingKind<T> = {
  cookie: string;
  decode: (raw: string, now: number) => Kept<T> | null;
  /** Through the area's own service, which makes it once however often it is sent; the page's message. */
  make: (c: Context<AppEnv>, kept: Kept<T>) => Promise<Flash>;
  refused: string;
};

type Pending = {
  cookie: string;
  refused: string;
  make: (c: Context<AppEnv>, raw: string) => Promise<Flash | null>;
};

function pending<T>(k: PendingKind<T>): Pending {
  return {
    cookie: k.cookie,
    refused: k.refused,
    make: async (c, raw) => {
      const kept = k.decode(raw, c.get("ctx").now().getTime());
      return kept === null ? null : k.make(c, kept);
    },
  };
}

/** The forms kept for after sign-in (contracts/pending.ts), in the order their pages' messages yield. */
const KINDS: readonly Pending[] = [
  // "Add to cart" (decision 36), with the tap's key: made twice, it adds one copy.
  pending({
    cookie: PENDING_ADD_COOKIE,
    decode: decodePendingAdd,
    refused: COULD_NOT_ADD,
    make: async (c, add) => {
      await addToCart(
        c.get("ctx"),
        { bookId: add.id, type: add.kind, quantity: 1, source: add.source, addKey: add.addKey },
        { referralCode: getCookie(c, REFERRAL_COOKIE) },
      );
      return { title: ADDED_TO_CART, link: { href: "/cart", label: VIEW_CART } };
    },
  }),
  // "Notify me": one alert per buyer and product; refused when back in stock meanwhile, or no phone.
  pending({
    cookie: PENDING_ALERT_COOKIE,
    decode: decodePendingProduct,
    refused: COULD_NOT_CHANGE_ALERT,
    make: async (c, alert) => {
      const { created } = await subscribeStockAlert(c.get("ctx"), { productId: alert.id });
      return { title: created ? STOCK_ALERT_MADE : STOCK_ALERT_KEPT };
    },
  }),
  // "Save for later" (decision 69): one entry per product; refused when the wishlist is full.
  pending({
    cookie: PENDING_SAVE_COOKIE,
    decode: decodePendingProduct,
    refused: COULD_NOT_SAVE,
    make: async (c, save) => {
      const { created } = await saveToWishlist(c.get("ctx"), { productId: save.id });
      return {
        title: created ? WISHLIST_SAVED : WISHLIST_KEPT,
        link: { href: "/wishlist", label: VIEW_WISHLIST },
      };
    },
  }),
];

/**
 * A form kept from before signing in, by a form posted without JavaScript (contracts/pending.ts),
 * is made by the first page the visitor opens signed in, whichever way they signed in (the
 * sign-in form, the dialog, Google, a new account), through its area's own service. The page then
 * says so, or why not (its flash). Its cookie is cleared with that page; a page of the back office
 * leaves it. A fault (a 5xx) is the page's error, the cookie kept for the next page.
 */
export function makePendingAfterSignIn(opts: { secure: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const kept = KINDS.flatMap((k) => {
      const raw = getCookie(c, k.cookie);
      return raw === undefined ? [] : [{ k, raw }];
    });
    if (kept.length === 0 || !c.get("user") || c.req.method !== "GET" || c.req.path.startsWith("/admin"))
      return next();
    for (const { k, raw } of kept) {
      try {
        const flash = await k.make(c, raw);
        if (flash) c.set("flash", flash);
      } catch (err) {
        const answer = toEnvelope(err);
        if (answer.statusCode >= 500) throw err;
        c.set("flash", { title: k.refused, description: answer.message, variant: "destructive" });
      }
    }
    await next();
    for (const { k } of kept) {
      deleteCookie(c, k.cookie, { path: "/", secure: opts.secure, httpOnly: true, sameSite: "Lax" });
    }
  };
}
