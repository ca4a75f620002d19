/**
 * One tap on "Add to cart" adds one copy however often it arrives: the tap's `addKey` makes a
 * repeat change nothing, also when the copies arrive at the same moment (run on PostgreSQL with
 * TEST_DATABASE_URL, where they truly race; passes on PGlite too).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const add = (u: TestUser, body: Record<string, unknown>) =>
  h.request<CartInfo>("POST", "/api/cart", {
    body: { source: "book", type: "book", ...body },
    cookie: u.cookie,
  });
const quantityOf = async (u: TestUser, productId: number) =>
  (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data?.lines.find(
    (l) => l.productId === productId,
  )?.quantity ?? 0;

describe("the same tap twice adds one copy", () => {
  it("ignores a repeat of the line's last key, one after the other", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 10 });
    const first = await add(u, { bookId: book.id, addKey: "tap-aaaaaaaa" });
    expect(first.status, first.text).toBe(201);
    const again = await add(u, { bookId: book.id, addKey: "tap-aaaaaaaa" });
    expect(again.status).toBe(201);
    expect(again.body.data?.qty).toBe(1);
    expect(await quantityOf(u, book.id)).toBe(1);
    // A new tap (another key, or none) adds again.
    await add(u, { bookId: book.id, addKey: "tap-bbbbbbbb" });
    expect(await quantityOf(u, book.id)).toBe(2);
    await add(u, { bookId: book.id });
    expect(await quantityOf(u, book.id)).toBe(3);
  });

  it("adds one copy when ten copies of one tap arrive at once, for a new line and for an existing one", async () => {
    for (const round of [1, 2, 3]) {
      const u = await h.createUser();
      const book = await createProduct(h.db, { stock: 50 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => add(u, { bookId: book.id, addKey: `double-tap-${round}` })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(await quantityOf(u, book.id)).toBe(1);
      const more = await Promise.all(
        Array.from({ length: 10 }, () => add(u, { bookId: book.id, addKey: `second-tap-${round}` })),
      );
      expect(more.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(await quantityOf(u, book.id)).toBe(2);
    }
  });

  it("answers the e-book's repeat with the cart, not a refusal", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 10_000 });
    const taps = await Promise.all([
      add(u, { bookId: ebook.id, type: "ebook", addKey: "ebook-tap-1" }),
      add(u, { bookId: ebook.id, type: "ebook", addKey: "ebook-tap-1" }),
    ]);
    expect(taps.map((t) => t.status)).toEqual([201, 201]);
    expect(await quantityOf(u, ebook.id)).toBe(1);
  });

  it("refuses a malformed key with 400 and adds nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    for (const addKey of ["short", "has spaces in it", 12345678, "x".repeat(65)]) {
      const res = await add(u, { bookId: book.id, addKey });
      expect(res.status).toBe(400);
      expect(res.body.errors?.addKey).toBeTruthy();
    }
    expect(await quantityOf(u, book.id)).toBe(0);
  });
});

describe("adds that race", () => {
  it("never put more in a line than the stock, however many different taps arrive at once", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 5 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(u, { bookId: book.id, addKey: `race-tap-${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe("Only 5 left in stock");
    expect(await quantityOf(u, book.id)).toBe(5);
  });

  it("an add at the moment of checkout lands in the order or stays in the cart, never lost", async () => {
    for (const round of [1, 2, 3, 4]) {
      const u = await h.createUser();
      const [first, second] = [
        await createProduct(h.db, { stock: 20 }),
        await createProduct(h.db, { stock: 20 }),
      ];
      expect((await add(u, { bookId: first.id })).status).toBe(201);
      const [placed, added] = await Promise.all([
        h.request<{ orderId: number }>("POST", "/api/checkout", {
          body: {
            name: "Race Buyer",
            phone: "01712345678",
            district: "Dhaka",
            area: "Mirpur",
            address: "House 1, Road 2",
            paymentMethod: "cod",
          },
          cookie: u.cookie,
        }),
        add(u, { bookId: second.id, addKey: `checkout-race-${round}` }),
      ]);
      expect(placed.status, placed.text).toBe(201);
      expect(added.status, added.text).toBe(201);
      const orders = await h.request<{ lines: { productId: number }[] }[]>("GET", "/api/orders", {
        cookie: u.cookie,
      });
      expect(orders.body.data).toHaveLength(1);
      const ordered = (orders.body.data?.[0]?.lines ?? []).map((l) => l.productId);
      const inCart = await quantityOf(u, second.id);
      // The second book is in exactly one of the two places.
      expect(Number(ordered.includes(second.id)) + inCart, JSON.stringify({ ordered, inCart })).toBe(1);
      expect(ordered).toContain(first.id);
    }
  });
});
