import { data, type RouterContextProvider } from "react-router";
import type { OrderView } from "../../../contracts/checkout";
import { idField } from "../../../contracts/paging";
import { getProduct } from "../../../server/services/catalog";
import { findEntitlement } from "../../../server/services/entitlements";
import { DomainError } from "../../../server/services/errors";
import { getMyOrder, getMyOrderByTranx, listMyOrders } from "../../../server/services/orders";
import { getApp, loadFrom } from "../../lib/app-context.server";

type Context = Readonly<RouterContextProvider>;

/** An order as the pages show it; they write its times out in Dhaka time and the page's language. */
export type OrderCard = OrderView;

/** The signed-in buyer's orders, newest first. */
export async function loadMyOrders(context: Context): Promise<OrderCard[]> {
  const orders = await loadFrom(() => listMyOrders(getApp(context).ctx));
  return orders;
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
  if (!tranx || !TRANX.test(tranx)) throw data("No such order", { status: 404 });
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
