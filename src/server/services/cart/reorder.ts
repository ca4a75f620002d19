/**
 * "Buy again" (issue 31): the lines of one of the buyer's orders put back in the cart through the
 * cart's own add, so its rules hold (stock, at most so many of one item, an e-book or course the
 * buyer owns or has in the cart already). A line whose product is no longer sold, or that the cart
 * refuses, is left out with the reason. Each add carries a key of its order line, so the same tap
 * again (a double tap, a retry after a lost answer) adds nothing more.
 */
import { and, asc, eq } from "drizzle-orm";
import { isDigitalKind, type ProductKind } from "../../../contracts/catalog";
import type { ReorderResult } from "../../../contracts/checkout";
import { orderLines, orders, products } from "../../db/schema";
import { requireSignedIn } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { ORDER_NOT_FOUND } from "../orders/lifecycle";
import { addToCart, NO_SUCH_PRODUCT, SIGN_IN_FOR_CART } from "./cart";

/** A product the shop has taken off sale since the order. */
export const NO_LONGER_SOLD = "No longer sold";

export async function reorder(
  ctx: Ctx,
  orderId: number,
  opts: { referralCode?: string } = {},
): Promise<ReorderResult> {
  const me = requireSignedIn(ctx, SIGN_IN_FOR_CART);
  const [own] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, me.id)))
    .limit(1);
  if (!own) throw new DomainError("not_found", ORDER_NOT_FOUND);
  const lines = await ctx.db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      kind: orderLines.kind,
      title: orderLines.title,
      quantity: orderLines.quantity,
      published: products.published,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const result: ReorderResult = { added: [], refused: [] };
  for (const l of lines) {
    if (!l.published) {
      result.refused.push({ productId: l.productId, title: l.title, message: NO_LONGER_SOLD });
      continue;
    }
    const kind = l.kind as ProductKind;
    const quantity = isDigitalKind(kind) ? 1 : l.quantity;
    try {
      await addToCart(
        ctx,
        {
          bookId: l.productId,
          type: kind,
          quantity,
          source: "reorder",
          addKey: `reorder-${orderId}-${l.id}`,
        },
        opts,
      );
      result.added.push({ productId: l.productId, title: l.title, quantity });
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind === "unauthorized" || err.kind === "unavailable")
        throw err;
      const message = err.message === NO_SUCH_PRODUCT ? NO_LONGER_SOLD : err.message;
      result.refused.push({ productId: l.productId, title: l.title, message });
    }
  }
  return result;
}
