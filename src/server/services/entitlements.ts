import { and, eq, inArray } from "drizzle-orm";
import { entitlements } from "../db/schema";
import type { Ctx } from "./context";

/** The e-books and courses among `productIds` the user owns (granted when an order is confirmed). */
export async function findOwnedProductIds(
  ctx: Pick<Ctx, "db">,
  userId: number,
  productIds: number[],
): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: entitlements.productId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.productId, productIds)));
  return new Set(rows.map((r) => r.id));
}

/** Whether the user owns this e-book or course. */
export async function ownsProduct(ctx: Pick<Ctx, "db">, userId: number, productId: number): Promise<boolean> {
  return (await findOwnedProductIds(ctx, userId, [productId])).has(productId);
}

/** The user's entitlement to one e-book or course, with the order that granted it; null when not owned. */
export async function findEntitlement(
  ctx: Pick<Ctx, "db">,
  userId: number,
  productId: number,
): Promise<{ orderId: number; grantedAt: Date } | null> {
  const [row] = await ctx.db
    .select({ orderId: entitlements.orderId, grantedAt: entitlements.grantedAt })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.productId, productId)))
    .limit(1);
  return row ?? null;
}
