import { and, asc, eq, gt, lte } from "drizzle-orm";
import { products, users, wishlistItems } from "../db/schema";
import { publicUserColumns, toPublicUser } from "../services/accounts/users";
import { saveToWishlist } from "../services/cart/wishlist";
import { type AppDeps, contextFor } from "../services/context";
import { DEMO_CUSTOMER } from "./accounts";

/**
 * The demo customer's wishlist (decision 69), saved through the wishlist's service: three books
 * in stock and one out of stock, so `/wishlist` shows prices, availability and "Move to cart".
 * One was saved before its price came down: its price then is written as it was, so the page
 * shows the drop. Only for a demo customer with an empty wishlist.
 */
export async function seedDemoWishlist(deps: AppDeps): Promise<number> {
  const [row] = await deps.db
    .select(publicUserColumns)
    .from(users)
    .where(eq(users.phone, DEMO_CUSTOMER.phone))
    .limit(1);
  if (!row) return 0;
  const [had] = await deps.db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, row.id))
    .limit(1);
  if (had) return 0;
  const books = (stocked: boolean, n: number) =>
    deps.db
      .select({ id: products.id, price: products.price })
      .from(products)
      .where(
        and(
          eq(products.kind, "book"),
          eq(products.published, true),
          stocked ? gt(products.stock, 0) : lte(products.stock, 0),
        ),
      )
      .orderBy(asc(products.id))
      .limit(n);
  const picked = [...(await books(true, 3)), ...(await books(false, 1))];
  const ctx = contextFor(deps, { user: toPublicUser(row), ip: "demo-wishlist" });
  for (const p of picked) await saveToWishlist(ctx, { productId: p.id });
  const first = picked[0];
  if (first) {
    // Saved when it cost ৳60 more.
    await deps.db
      .update(wishlistItems)
      .set({ savedPrice: first.price + 6_000 })
      .where(and(eq(wishlistItems.userId, row.id), eq(wishlistItems.productId, first.id)));
  }
  return picked.length;
}
