/**
 * A customer's purchase through the API, for tests that need orders to work on: add to the cart,
 * check out, and (for the sandbox gateway) pay on its hosted page.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { CheckoutResult } from "../../src/contracts/checkout";
import { orders, products } from "../../src/server/db/schema";
import type { Harness, TestUser } from "./harness";

export const ADDRESS = {
  name: "Nusrat Jahan",
  district: "Sylhet",
  area: "Zindabazar",
  address: "House 12, Road 3",
};

export type Purchase = {
  items: { productId: number; quantity?: number; type?: string }[];
  paymentMethod?: "cod" | "gateway";
  /** The visitor's `ref` cookie while adding to the cart (a referral code). */
  ref?: string;
};

/** Adds the items and checks out (to the buyer's own phone); answers the checkout's data. */
export async function checkout(h: Harness, u: TestUser, p: Purchase): Promise<CheckoutResult> {
  const cookie = p.ref ? `${u.cookie}; ref=${p.ref}` : u.cookie;
  for (const item of p.items) {
    const res = await h.request("POST", "/api/cart", {
      body: {
        bookId: item.productId,
        quantity: item.quantity ?? 1,
        source: "test",
        type: item.type ?? "book",
      },
      cookie,
    });
    expect(res.status, res.text).toBe(201);
  }
  const res = await h.request<CheckoutResult>("POST", "/api/checkout", {
    body: { ...ADDRESS, phone: u.phone, paymentMethod: p.paymentMethod ?? "cod" },
    cookie,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data!;
}

/** Presses a button on the sandbox gateway's page and follows the return to the shop. */
export async function payAtSandbox(h: Harness, tranx: string, outcome: "pay" | "fail" | "cancel" = "pay") {
  const pressed = await h.request("POST", `/sandbox-gateway/${tranx}`, {
    body: new URLSearchParams({ outcome }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(pressed.status).toBe(303);
  const back = new URL(pressed.headers.get("location") ?? "");
  await h.request("GET", `${back.pathname}${back.search}`);
}

export async function orderRow(h: Harness, id: number) {
  const [o] = await h.db.select().from(orders).where(eq(orders.id, id));
  return o!;
}

export async function stockOf(h: Harness, productId: number): Promise<number | null> {
  const [p] = await h.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return p!.stock;
}
