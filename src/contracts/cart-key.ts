/**
 * The cart as a checkout page showed it, in 16 hex digits: each line's product, kind, quantity and
 * unit price, and the coupon applied. The page sends it with the order (a hidden field without
 * JavaScript, `cartKey` in `POST /api/checkout` with it), and the checkout compares it with the
 * cart it is about to place: a cart changed since (a line removed in another tab, a price moved)
 * is refused with nothing charged, and a cart already placed by the same page (a double tap, the
 * same cart sent from two tabs) answers with that order instead of "Your cart is empty". An
 * order's lines give the same key as the cart they came from, so no key needs to be stored.
 *
 * No zod and no crypto here: the page computes it in the browser from the cart it shows. It names
 * a state of the buyer's own cart and is no secret. Two different carts of one buyer sharing a key
 * by chance (two 32-bit hashes, one over the text and one over it backwards) would let a stale
 * page through, as a page without the key is.
 */
export type CartKeyLine = { productId: number; kind: string; quantity: number; unitPrice: number };

/** The key of `lines` with the applied coupon `couponId` (null for none); any line order. */
export function cartKeyOf(lines: readonly CartKeyLine[], couponId: number | null): string {
  const text = [...lines]
    .map((l) => `${l.kind}:${l.productId}:${l.quantity}:${l.unitPrice}`)
    .sort()
    .concat(`coupon:${couponId ?? ""}`)
    .join("|");
  return fnv1a32(text, false) + fnv1a32(text, true);
}

export const CART_KEY_PATTERN = /^[0-9a-f]{16}$/;

/** FNV-1a over the text's UTF-16 code units (or backwards), as 8 hex digits. */
function fnv1a32(text: string, backwards: boolean): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(backwards ? text.length - 1 - i : i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}
