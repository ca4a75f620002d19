/**
 * The pricing playground: what a customer would be charged for these lines, coupon and district,
 * priced by the cart's own `priceLines` (so by `priceCart`), with the coupon's refusal in the
 * words the customer would read. Nothing is saved; no rate limit is spent.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { isDigitalKind } from "../../../contracts/cart";
import { type PlaygroundPrice, playgroundQuery } from "../../../contracts/playground";
import { adminProductPath } from "../../../contracts/sales";
import { products, users } from "../../db/schema";
import { hasPermission, requirePermission } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { maxQuantityOf, priceLines, stockMessage } from "./cart";
import { COUPON_NOT_FOUND, findCouponByCode } from "./coupons";
import { availableSql } from "./statements";

export const PLAYGROUND_REFUSAL = "You do not have permission to use the pricing playground";

function invalid(field: string, message: string): DomainError {
  return new DomainError("invalid", message, { [field]: message });
}

/**
 * Prices the query's lines as the cart would for the customer (or any customer), coupon and
 * district. The customer is named (name and phone) only to staff holding `users`.
 */
export async function pricePlayground(ctx: Ctx, input: unknown): Promise<PlaygroundPrice> {
  requirePermission(ctx, "orders", PLAYGROUND_REFUSAL);
  const v = playgroundQuery.parse(input);
  const ids = v.items.map((i) => i.productId);
  const [rows, coupon, customer] = await Promise.all([
    ids.length
      ? ctx.db
          .select({
            productId: products.id,
            kind: products.kind,
            title: products.title,
            price: products.price,
            salePrice: products.salePrice,
            available: availableSql,
          })
          .from(products)
          // A cart holds published products only.
          .where(and(inArray(products.id, ids), eq(products.published, true)))
      : [],
    v.coupon ? findCouponByCode(ctx, v.coupon) : null,
    v.user === null
      ? null
      : ctx.db
          // The account's name and phone are for staff who may read accounts; others price by id.
          .select(
            hasPermission(ctx.user, "users")
              ? { id: users.id, name: users.name, phone: users.phone }
              : { id: users.id, name: sql<string | null>`null`, phone: sql<string | null>`null` },
          )
          .from(users)
          .where(eq(users.id, v.user))
          .then((r) => r[0] ?? invalid("user", "No such account")),
  ]);
  if (customer instanceof DomainError) throw customer;
  const byId = new Map(rows.map((r) => [r.productId, r]));
  const lines = v.items.map((item) => {
    const row = byId.get(item.productId);
    if (!row)
      throw invalid(
        "items",
        `Product ${item.productId} is not in the shop (no such product, or unpublished)`,
      );
    if (isDigitalKind(row.kind) && item.quantity !== 1) {
      throw invalid("items", `${row.title} is bought once: its quantity must be 1`);
    }
    return { ...row, quantity: item.quantity };
  });
  const priced = await priceLines(ctx, lines, {
    coupon: coupon ?? null,
    userId: customer?.id ?? null,
    district: v.district,
  });
  return {
    lines: lines.map((l, i) => {
      const p = priced.lines[i]!;
      const max = maxQuantityOf(l.available);
      return {
        productId: l.productId,
        kind: l.kind,
        title: l.title,
        url: adminProductPath({ kind: l.kind, id: l.productId, title: l.title }),
        unitPrice: p.unitPrice,
        quantity: l.quantity,
        lineTotal: p.lineTotal,
        discount: p.discount,
        maxQuantity: max,
        note: l.quantity > max ? stockMessage(l.available ?? 0) : null,
      };
    }),
    qty: priced.qty,
    subtotal: priced.totalPrice,
    discount: priced.discountedAmount,
    delivery: priced.deliveryCharges,
    total: priced.netPrice,
    district: priced.district,
    zone: priced.zone,
    coupon: v.coupon
      ? coupon
        ? {
            code: coupon.code,
            applied: priced.coupon?.status === "applied",
            message: priced.coupon?.status === "refused" ? priced.coupon.reason : null,
          }
        : { code: v.coupon, applied: false, message: COUPON_NOT_FOUND }
      : null,
    user: customer,
  };
}
