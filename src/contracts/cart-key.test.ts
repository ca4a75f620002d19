import { describe, expect, it } from "vitest";
import { CART_KEY_PATTERN, cartKeyOf } from "./cart-key";

const book = { productId: 12, kind: "book", quantity: 2, unitPrice: 45_000 };
const ebook = { productId: 30, kind: "ebook", quantity: 1, unitPrice: 12_000 };

describe("the cart key", () => {
  it("is 16 hex digits, the same for the same cart whatever the order of its lines", () => {
    const key = cartKeyOf([book, ebook], 5);
    expect(key).toMatch(CART_KEY_PATTERN);
    expect(cartKeyOf([ebook, book], 5)).toBe(key);
  });

  it("changes with a line removed or added, a quantity, a price, a kind or the coupon", () => {
    const key = cartKeyOf([book, ebook], 5);
    const others = [
      cartKeyOf([book], 5),
      cartKeyOf([book, ebook, { ...ebook, productId: 31 }], 5),
      cartKeyOf([{ ...book, quantity: 3 }, ebook], 5),
      cartKeyOf([{ ...book, unitPrice: 44_000 }, ebook], 5),
      cartKeyOf([{ ...book, kind: "stationary" }, ebook], 5),
      cartKeyOf([book, ebook], null),
      cartKeyOf([book, ebook], 6),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });

  it("does not mistake one field for its neighbour (product 1, quantity 23 against product 12, quantity 3)", () => {
    expect(cartKeyOf([{ productId: 1, kind: "book", quantity: 23, unitPrice: 100 }], null)).not.toBe(
      cartKeyOf([{ productId: 12, kind: "book", quantity: 3, unitPrice: 100 }], null),
    );
  });

  it("names an empty cart too", () => {
    expect(cartKeyOf([], null)).toMatch(CART_KEY_PATTERN);
    expect(cartKeyOf([], null)).not.toBe(cartKeyOf([book], null));
  });
});
