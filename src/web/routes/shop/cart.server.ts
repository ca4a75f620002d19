import { parse } from "hono/utils/cookie";
import type { RouterContextProvider } from "react-router";
import { type CartInfo, cartAddSchema, cartInfoQuerySchema, toCartInfo } from "../../../contracts/cart";
import { ADDED_TO_CART, COULD_NOT_ADD, VIEW_CART } from "../../../contracts/flash";
import { COUPON_APPLIED } from "../../../contracts/messages";
import { PENDING_ADD_COOKIE } from "../../../contracts/pending-add";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import {
  addToCart,
  applyCoupon,
  getCartInfo,
  removeCoupon,
  removeLine,
  updateQuantity,
} from "../../../server/services/cart/cart";
import {
  attempt,
  backTo,
  type FormRefusal,
  numberField,
  readForm,
  redirectWithFlash,
  refusedPage,
} from "../../lib/actions.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { keepForAfterSignIn } from "../../lib/pending.server";

/** The signed-in shopper's cart as GET /api/cart/info answers it (money in taka). */
export function loadCart(context: Readonly<RouterContextProvider>): Promise<CartInfo> {
  return loadFrom(async () => toCartInfo(await getCartInfo(getApp(context).ctx)));
}

/** The cart page's forms (HTML first): each names what it does in `intent`. */
export const CART_INTENTS = ["quantity", "remove", "coupon", "coupon-remove", "district"] as const;

export const QUANTITY_UPDATED = /*i18n*/ "Quantity updated";
export const REMOVED_FROM_CART = /*i18n*/ "Removed from cart";
export const COUPON_REMOVED = /*i18n*/ "Coupon removed";
export const DISTRICT_CHOSEN = /*i18n*/ "Delivery priced for the district you chose";
export const UNKNOWN_INTENT = /*i18n*/ "This form does not say what to do";

/**
 * The cart page's action: a quantity, a removal, a coupon applied or removed, the district
 * chosen, each through the cart's service as the API's calls. Done, the page is read again
 * (a redirect, so a reload does not post twice) and says what changed; a coupon refused stays on
 * the page with its reason under the field and the code as typed.
 */
export async function cartAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const done = (title: string) => redirectWithFlash(app, "/cart", { title });
  const failed = (r: FormRefusal) =>
    redirectWithFlash(app, "/cart", { title: r.message, variant: "destructive" });
  switch (f.intent) {
    case "quantity": {
      const r = await attempt(() =>
        updateQuantity(ctx, { id: numberField(f.id), quantity: numberField(f.quantity) }),
      );
      return r.ok ? done(QUANTITY_UPDATED) : failed(r);
    }
    case "remove": {
      const r = await attempt(() => removeLine(ctx, { id: numberField(f.id) }));
      return r.ok ? done(REMOVED_FROM_CART) : failed(r);
    }
    case "coupon": {
      // The field is `coupon` (a form's `code` is a one-time code, never sent back).
      const typed = f.coupon ?? "";
      const r = await attempt(() => applyCoupon(ctx, { code: typed }), { coupon: typed });
      // The server's reason for a coupon refused, under the field.
      if (!r.ok) return refusedPage({ ...r, errors: { coupon: r.errors.code ?? r.message } });
      return done(COUPON_APPLIED);
    }
    case "coupon-remove": {
      const r = await attempt(() => removeCoupon(ctx));
      return r.ok ? done(COUPON_REMOVED) : failed(r);
    }
    case "district": {
      const r = await attempt(async () => {
        const { district } = cartInfoQuerySchema.parse({ district: f.district });
        return getCartInfo(ctx, { district });
      });
      return r.ok ? done(DISTRICT_CHOSEN) : failed(r);
    }
    default:
      return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values: {} });
  }
}

export const SIGN_IN_TO_ADD = /*i18n*/ "Sign in to add it to your cart";

/**
 * "Add to cart" posted as a form (any card or product page, before or without JavaScript): the
 * cart's own add, with the tap's key, then back to the page with "Added to cart". A signed-out
 * visitor's add is checked, kept (contracts/pending-add.ts) and made once they are signed in,
 * after the sign-in page sends them back.
 */
export async function addAction(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const back = backTo(f, "/");
  const input = {
    bookId: numberField(f.bookId),
    type: f.type,
    quantity: numberField(f.quantity) ?? 1,
    source: f.source,
    ...(f.addKey ? { addKey: f.addKey } : {}),
  };
  const couldNot = (message: string) =>
    redirectWithFlash(app, back, { title: COULD_NOT_ADD, description: message, variant: "destructive" });
  if (!ctx.user) {
    return keepForAfterSignIn(app, {
      schema: cartAddSchema,
      input,
      keep: (v) => ({ id: v.bookId, kind: v.type, source: v.source, addKey: v.addKey ?? newKey() }),
      cookie: PENDING_ADD_COOKIE,
      back,
      title: SIGN_IN_TO_ADD,
      refused: couldNot,
    });
  }
  const referralCode = parse(request.headers.get("cookie") ?? "", REFERRAL_COOKIE)[REFERRAL_COOKIE];
  const r = await attempt(() => addToCart(ctx, input, { referralCode }));
  if (!r.ok) return couldNot(r.message);
  return redirectWithFlash(app, back, { title: ADDED_TO_CART, link: { href: "/cart", label: VIEW_CART } });
}

function newKey(): string {
  return crypto.randomUUID();
}
