import type { RouterContextProvider } from "react-router";
import { ebookReadPath } from "../../../contracts/library";
import { findOwnedProductIds } from "../../../server/services/entitlements";
import { getApp } from "../../lib/app-context.server";

/** Whether the signed-in caller owns this e-book (signed out: no). */
export async function ownsProduct(
  context: Readonly<RouterContextProvider>,
  productId: number,
): Promise<boolean> {
  const { ctx } = getApp(context);
  if (!ctx.user) return false;
  return (await findOwnedProductIds(ctx, ctx.user.id, [productId])).has(productId);
}

/** The reader's address for this e-book (kept here so the page's chunk imports nothing new). */
export const readPathOf = (productId: number) => ebookReadPath(productId);
