/**
 * A cart of e-books and courses alone is checked out without an address; a cart with anything
 * printed still needs one, field by field, and changes nothing when it is missing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import type { CheckoutResult } from "../../src/contracts/checkout";
import { orders } from "../../src/server/db/schema";
import { payAtSandbox, stockOf } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const add = (u: TestUser, bookId: number, type: string) =>
  h.request("POST", "/api/cart", { body: { bookId, type, source: "test" }, cookie: u.cookie });
const checkout = (u: TestUser, body: Record<string, unknown>) =>
  h.request<CheckoutResult>("POST", "/api/checkout", {
    body: { name: "Nusrat Jahan", phone: u.phone, paymentMethod: "gateway", ...body },
    cookie: u.cookie,
  });
const cartQty = async (u: TestUser) =>
  (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data?.qty;

describe("digital-only checkout", () => {
  it("places an e-book order with no district, area or address", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 12_000 });
    expect((await add(u, ebook.id, "ebook")).status).toBe(201);
    const res = await checkout(u, {});
    expect(res.status, res.text).toBe(201);
    const [o] = await h.db.select().from(orders).where(eq(orders.id, res.body.data!.orderId));
    expect(o).toMatchObject({ physical: false, delivery: 0, district: "", area: "", address: "" });
    await payAtSandbox(h, res.body.data!.tranx);
    const [paid] = await h.db.select().from(orders).where(eq(orders.id, o!.id));
    expect(paid!.status).toBe("confirmed");
    // The invoice and the buyer's order read without an address.
    const mine = await h.request("GET", `/api/orders/${o!.id}`, { cookie: u.cookie });
    expect(mine.status, mine.text).toBe(200);
  });

  it("still refuses a cart with a printed book without an address, field by field, changing nothing", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 12_000 });
    const book = await createProduct(h.db, { stock: 3 });
    await add(u, ebook.id, "ebook");
    await add(u, book.id, "book");
    const res = await checkout(u, { paymentMethod: "gateway" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      district: expect.any(String),
      area: "Area is required",
      address: "Address is required",
    });
    expect(await cartQty(u)).toBe(2);
    expect(await stockOf(h, book.id)).toBe(3);
    const [none] = await h.db.select().from(orders).where(eq(orders.userId, u.user.id));
    expect(none).toBeUndefined();
    // With the address it goes through.
    const ok = await checkout(u, { district: "Sylhet", area: "Zindabazar", address: "House 12, Road 3" });
    expect(ok.status, ok.text).toBe(201);
  });

  it("refuses a malformed address even on a digital cart", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 12_000 });
    await add(u, ebook.id, "ebook");
    const res = await checkout(u, { district: "Atlantis" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.district).toBeTruthy();
    expect(await cartQty(u)).toBe(1);
  });
});
