import { parse } from "hono/utils/cookie";
import { data, type RouterContextProvider, redirect } from "react-router";
import type { OrderDetail, OrderView } from "../../../contracts/checkout";
import { ADDED_TO_CART, REORDER_NOTHING_ADDED, REORDER_SOME_LEFT, VIEW_CART } from "../../../contracts/flash";
import { fillMessage, MESSAGE_TEMPLATES } from "../../../contracts/message-values";
import { idField } from "../../../contracts/paging";
import { REFERRAL_COOKIE } from "../../../contracts/referral";
import { reorder } from "../../../server/services/cart/reorder";
import { getProduct } from "../../../server/services/catalog/catalog";
import { DomainError } from "../../../server/services/errors";
import { payAgain } from "../../../server/services/money/payments";
import { getMyOrderDetail } from "../../../server/services/orders/order-detail";
import {
  cancelOrder,
  getMyOrder,
  getMyOrderByTranx,
  listMyOrders,
} from "../../../server/services/orders/orders";
import { findEntitlement } from "../../../server/services/reading/entitlements";
import {
  attempt,
  backTo,
  readForm,
  redirectWithFlash,
  refusedPage,
  toGateway,
} from "../../lib/actions.server";
import { getApp, loadFrom } from "../../lib/app-context.server";
import { UNKNOWN_INTENT } from "./cart.server";

type Context = Readonly<RouterContextProvider>;

// The error page shows it in the page's language.
const NO_SUCH_ORDER = /*i18n*/ "No such order";

/** An order as the pages show it; they write its times out in Dhaka time and the page's language. */
export type OrderCard = OrderView;

/** The signed-in buyer's orders, newest first. */
export async function loadMyOrders(context: Context): Promise<OrderCard[]> {
  const orders = await loadFrom(() => listMyOrders(getApp(context).ctx));
  return orders;
}

/** One of the signed-in buyer's orders whole (`/orders/{id}`); another buyer's, or no such id, is a 404. */
export async function loadMyOrderDetail(context: Context, rawId: string | undefined): Promise<OrderDetail> {
  const id = idField.safeParse(rawId);
  if (!id.success) throw data(NO_SUCH_ORDER, { status: 404 });
  return loadFrom(() => getMyOrderDetail(getApp(context).ctx, id.data));
}

/** The order cards' forms (HTML first): each names what it does in `intent`. */
export const ORDER_INTENTS = ["cancel", "pay", "reorder"] as const;

export const COULD_NOT_CANCEL = /*i18n*/ "Could not cancel the order";
export const COULD_NOT_PAY = /*i18n*/ "Could not start the payment";

/**
 * The order cards' forms posted without JavaScript (from My orders and the payment result pages):
 * "Cancel order", confirmed in the form, and "Pay now", through the same services as
 * `POST /api/orders/{id}/cancel` and `.../pay`, so only the buyer's own order, and only while its
 * status allows. A cancel goes back to the page (`back`) saying so, or why not; a payment goes to
 * the gateway's page, or back saying why not.
 */
export async function ordersAction(context: Context, request: Request) {
  const app = getApp(context);
  const { ctx } = app;
  const f = await readForm(request);
  const back = backTo(f, "/orders");
  const refused = (title: string, description: string) =>
    redirectWithFlash(app, back, { title, description, variant: "destructive" });
  switch (f.intent) {
    case "cancel": {
      const r = await attempt(() => cancelOrder(ctx, idField.parse(f.id)));
      if (!r.ok) return refused(COULD_NOT_CANCEL, r.message);
      return redirectWithFlash(app, back, {
        title: fillMessage(MESSAGE_TEMPLATES.orderCancelled, { number: r.value.number }),
      });
    }
    case "pay": {
      const r = await attempt(() => payAgain(ctx, idField.parse(f.id), app.origin));
      if (!r.ok) return refused(COULD_NOT_PAY, r.message);
      if (r.value.redirectUrl) return toGateway(app, r.value.redirectUrl);
      return redirect(`/payment/${encodeURIComponent(r.value.tranx)}/success`);
    }
    case "reorder": {
      const referralCode = parse(request.headers.get("cookie") ?? "", REFERRAL_COOKIE)[REFERRAL_COOKIE];
      const r = await attempt(() => reorder(ctx, idField.parse(f.id), { referralCode }));
      if (!r.ok) return refused(REORDER_NOTHING_ADDED, r.message);
      const { added, refused: left } = r.value;
      if (added.length === 0)
        return refused(REORDER_NOTHING_ADDED, left[0]?.message ?? REORDER_NOTHING_ADDED);
      return redirectWithFlash(app, "/cart", {
        title: left.length === 0 ? ADDED_TO_CART : REORDER_SOME_LEFT,
        ...(left.length > 0 ? { description: left[0]!.message, variant: "destructive" as const } : {}),
        link: { href: "/cart", label: VIEW_CART },
      });
    }
    default:
      return refusedPage({ ok: false, status: 400, message: UNKNOWN_INTENT, errors: {}, values: {} });
  }
}

// The error page shows these in the page's language.
const NO_SUCH_EBOOK = /*i18n*/ "No such e-book";
const NO_SUCH_COURSE = /*i18n*/ "No such course";
const NOT_YOUR_EBOOK = /*i18n*/ "You do not own this e-book";
const NOT_YOUR_COURSE = /*i18n*/ "You do not own this course";

/** Our transaction ids: letters, digits, - and _ (anything else is a page that does not exist). */
const TRANX = /^[A-Za-z0-9_-]{1,40}$/;

/** The caller's order by one of its payment attempts; anyone else's is a 404. */
export async function loadOrderByTranx(context: Context, tranx: string | undefined): Promise<OrderCard> {
  if (!tranx || !TRANX.test(tranx)) throw data(NO_SUCH_ORDER, { status: 404 });
  return loadFrom(() => getMyOrderByTranx(getApp(context).ctx, tranx));
}

/**
 * The order a failed payment belongs to (`?order=ID`), when it is the caller's; otherwise
 * nothing, and the page still explains the failure.
 */
export async function findFailedOrder(context: Context, request: Request): Promise<OrderCard | null> {
  const ctx = getApp(context).ctx;
  const id = idField.safeParse(new URL(request.url).searchParams.get("order") ?? undefined);
  if (!ctx.user || !id.success) return null;
  try {
    return await getMyOrder(ctx, id.data);
  } catch (err) {
    if (err instanceof DomainError && err.kind === "not_found") return null;
    throw err;
  }
}

/**
 * An e-book or course the caller owns, with the order that gave it to them; a product they do
 * not own (or another kind's id) is a 404.
 */
export async function loadOwnedProduct(
  context: Context,
  kind: "ebook" | "content",
  rawId: string | undefined,
) {
  const ctx = getApp(context).ctx;
  const id = idField.safeParse(rawId);
  const ebook = kind === "ebook";
  if (!id.success || !ctx.user) throw data(ebook ? NO_SUCH_EBOOK : NO_SUCH_COURSE, { status: 404 });
  const owned = await findEntitlement(ctx, ctx.user.id, id.data);
  if (!owned) throw data(ebook ? NOT_YOUR_EBOOK : NOT_YOUR_COURSE, { status: 404 });
  const product = await loadFrom(() => getProduct(ctx, kind, id.data));
  const order = await loadFrom(() => getMyOrder(ctx, owned.orderId));
  return {
    product: { id: product.id, title: product.title, image: product.image, authors: product.authors },
    order,
  };
}
