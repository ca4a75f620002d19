import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import { effectivePrice } from "../../src/contracts/money";
import { cartLines, carts, products, sessions, users } from "../../src/server/db/schema";
import { addBundleItems, createEntitlement, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

type Line = CartInfo["lines"][number];

const info = (u: TestUser, query = "") =>
  h.request<CartInfo>("GET", `/api/cart/info${query}`, { cookie: u.cookie });
const add = (u: TestUser | undefined, body: unknown, cookie = u?.cookie) =>
  h.request<CartInfo>("POST", "/api/cart", { body, cookie });
const setQuantity = (u: TestUser, body: unknown) =>
  h.request<CartInfo>("PUT", "/api/cart/quantity", { body, cookie: u.cookie });
const remove = (u: TestUser, body: unknown) =>
  h.request<CartInfo>("DELETE", "/api/cart", { body, cookie: u.cookie });

async function lineOf(u: TestUser, productId: number): Promise<Line> {
  const line = (await info(u)).body.data?.lines.find((l) => l.productId === productId);
  if (!line) throw new Error(`product ${productId} is not in the cart`);
  return line;
}

async function referralCodeOf(u: TestUser): Promise<string> {
  const [row] = await h.db.select({ code: users.referralCode }).from(users).where(eq(users.id, u.user.id));
  return row!.code!;
}

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("signed-out visitors", () => {
  it.each([
    ["GET", "/api/cart/info", undefined],
    ["POST", "/api/cart", { bookId: 1, quantity: 1, source: "book", type: "book" }],
    ["PUT", "/api/cart/quantity", { id: 1, quantity: 2 }],
    ["DELETE", "/api/cart", { id: 1 }],
  ])("get 401 from %s %s", async (method, path, body) => {
    const res = await h.request(method, path, { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: "Please sign in to use your cart" });
  });
});

describe("a session the cart's own statements look up (decision 44)", () => {
  const book = () => createProduct(h.db, { kind: "book", price: 300, stock: 5 });
  const body = (id: number) => ({ bookId: id, quantity: 1, source: "book", type: "book" });
  const cartsOf = async (userId: number) =>
    (await h.db.select().from(carts).where(eq(carts.userId, userId))).length;
  const ended = async (u: TestUser) => {
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, u.user.id));
  };

  it("adds and reads for a live session, as a session looked up first would", async () => {
    const u = await h.createUser();
    const { id } = await book();
    const added = await add(u, body(id));
    expect(added.status).toBe(201);
    expect(added.body.data?.lines.map((l) => [l.productId, l.quantity])).toEqual([[id, 1]]);
    expect((await info(u)).body.data?.lines.map((l) => l.productId)).toEqual([id]);
  });

  it.each([
    [
      "a token no session has",
      async (u: TestUser) => ({ cookie: `${u.cookie.split("=")[0]}=not-a-session` }),
    ],
    [
      "a session that has ended",
      async (u: TestUser) => {
        await ended(u);
        return { cookie: u.cookie };
      },
    ],
    [
      "a blocked account's session",
      async (u: TestUser) => {
        await h.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, u.user.id));
        return { cookie: u.cookie };
      },
    ],
  ])("refuses %s with 401, and makes no cart", async (_what, spoil) => {
    const u = await h.createUser();
    const { id } = await book();
    const { cookie } = await spoil(u);
    const added = await add(undefined, body(id), cookie);
    expect(added.status).toBe(401);
    expect(added.body).toEqual({ statusCode: 401, message: "Please sign in to use your cart" });
    expect(await cartsOf(u.user.id)).toBe(0);
    const read = await h.request("GET", "/api/cart/info", { cookie });
    expect(read.status).toBe(401);
    // A digital add, and an add with bad input, ask for the session first: 401 before 400.
    expect(
      (await add(undefined, { bookId: id, type: "ebook", quantity: 1, source: "x" }, cookie)).status,
    ).toBe(401);
    expect((await add(undefined, { bookId: "x" }, cookie)).status).toBe(401);
  });

  it("leaves an ended session's cart as it was", async () => {
    const u = await h.createUser();
    const { id } = await book();
    expect((await add(u, body(id))).status).toBe(201);
    await ended(u);
    expect((await add(u, body(id))).status).toBe(401);
    const [line] = await h.db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, u.user.id));
    expect(line?.quantity).toBe(1);
  });

  it("answers 400 for bad input from a live session", async () => {
    const u = await h.createUser();
    expect((await add(u, { bookId: "x" })).status).toBe(400);
    expect(await cartsOf(u.user.id)).toBe(0);
  });
});

describe("GET /api/cart/info", () => {
  it("answers an empty cart for a new shopper, priced for Dhaka", async () => {
    const u = await h.createUser();
    const res = await info(u);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      qty: 0,
      totalPrice: 0,
      discountedAmount: 0,
      netPrice: 0,
      deliveryCharges: 0,
      couponId: null,
      joiningId: null,
      isStationary: false,
      district: "Dhaka",
      zone: "dhaka",
      couponCode: null,
      lines: [],
    });
  });

  it("answers 400 with the field's message for a district that is not one of the 64", async () => {
    const u = await h.createUser();
    const res = await info(u, "?district=Kolkata");
    expect(res.status).toBe(400);
    expect(res.body.errors?.district).toBe("Choose one of the 64 districts of Bangladesh");
  });
});

describe("POST /api/cart", () => {
  it("adds a book with 201, and the summary shows it in poisha with delivery for Dhaka", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { title: "Physics First Paper", price: 25_050 });
    const res = await add(u, { bookId: book.id, quantity: 1, source: "book", type: "book" });
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    expect(res.body.message).toBe("Added to cart");
    const cart = res.body.data!;
    expect(cart).toMatchObject({
      qty: 1,
      totalPrice: 25_050,
      discountedAmount: 0,
      deliveryCharges: 6_000,
      netPrice: 31_050,
      couponId: null,
      isStationary: false,
      district: "Dhaka",
    });
    expect(typeof cart.joiningId).toBe("number");
    expect(cart.lines).toEqual([
      {
        id: expect.any(Number),
        type: "book",
        productId: book.id,
        title: "Physics First Paper",
        image: null,
        unitPrice: 25_050,
        quantity: 1,
        lineTotal: 25_050,
        source: "book",
        url: `/book/${book.id}`,
        maxQuantity: 10,
        availability: { state: "in_stock", left: null, days: null, releaseDate: null },
      },
    ]);
    const [row] = await h.db.select().from(carts).where(eq(carts.userId, u.user.id));
    expect(cart.joiningId).toBe(row!.id);
  });

  it("takes type 'book' and quantity 1 when they are left out", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    const ebook = await createProduct(h.db, { kind: "ebook" });
    expect((await add(u, { bookId: book.id, source: "home" })).status).toBe(201);
    expect((await lineOf(u, book.id)).quantity).toBe(1);
    // Without a type the id must be a printed book's.
    expect((await add(u, { bookId: ebook.id, source: "home" })).status).toBe(404);
  });

  it("adds the quantity of a second add to the same line", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000, stock: 10 });
    await add(u, { bookId: book.id, quantity: 2, source: "book", type: "book" });
    const res = await add(u, { bookId: book.id, quantity: 3, source: "search", type: "book" });
    expect(res.status).toBe(201);
    expect(res.body.data?.lines).toHaveLength(1);
    expect(res.body.data?.lines[0]).toMatchObject({ quantity: 5, lineTotal: 50_000, source: "book" });
    expect(res.body.data?.qty).toBe(5);
  });

  it("never lets a line go above the stock", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    expect((await add(u, { bookId: book.id, quantity: 2, source: "book" })).status).toBe(201);
    const res = await add(u, { bookId: book.id, quantity: 2, source: "book" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only 3 left in stock");
    expect((await lineOf(u, book.id)).quantity).toBe(2);
  });

  it("holds the stock limit when adds arrive at once (one cart row lock per shopper)", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 3 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => add(u, { bookId: book.id, quantity: 2, source: "book" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await lineOf(u, book.id)).quantity).toBe(2);
  });

  it("refuses an item that is out of stock", async () => {
    const u = await h.createUser();
    const pen = await createProduct(h.db, { kind: "stationary", stock: 0 });
    const res = await add(u, { bookId: pen.id, quantity: 1, source: "stationery", type: "stationary" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This item is out of stock");
  });

  it("limits a bundle by its scarcest printed item", async () => {
    const u = await h.createUser();
    const a = await createProduct(h.db, { stock: 9 });
    const b = await createProduct(h.db, { stock: 4 });
    const bundle = await createProduct(h.db, { kind: "bundle", stock: null, price: 90_000 });
    await addBundleItems(h.db, bundle.id, [
      { itemId: a.id, quantity: 1 },
      { itemId: b.id, quantity: 2 },
    ]);
    const res = await add(u, { bookId: bundle.id, quantity: 3, source: "bundle", type: "bundle" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only 2 left in stock");
    expect((await add(u, { bookId: bundle.id, quantity: 2, source: "bundle", type: "bundle" })).status).toBe(
      201,
    );
    expect((await lineOf(u, bundle.id)).maxQuantity).toBe(2);
  });

  it("prices a line by the one price rule: the sale price when it is set and lower", async () => {
    const u = await h.createUser();
    const onSale = await createProduct(h.db, { price: 30_000, salePrice: 24_000 });
    const plain = await createProduct(h.db, { price: 30_000 });
    await add(u, { bookId: onSale.id, source: "book" });
    await add(u, { bookId: plain.id, source: "book", quantity: 2 });
    expect((await lineOf(u, onSale.id)).unitPrice).toBe(effectivePrice(onSale));
    expect((await lineOf(u, onSale.id)).unitPrice).toBe(24_000);
    expect((await lineOf(u, plain.id)).unitPrice).toBe(30_000);
    // A sale price that is not below the price cannot be stored.
    await expect(createProduct(h.db, { price: 30_000, salePrice: 35_000 })).rejects.toThrow();
    await expect(createProduct(h.db, { price: 30_000, salePrice: 30_000 })).rejects.toThrow();
  });

  it("answers 404 for an unknown product, an unpublished one or the wrong type", async () => {
    const u = await h.createUser();
    const draft = await createProduct(h.db, { published: false });
    const book = await createProduct(h.db);
    expect((await add(u, { bookId: 999_999, source: "book" })).status).toBe(404);
    expect((await add(u, { bookId: draft.id, source: "book" })).status).toBe(404);
    const wrong = await add(u, { bookId: book.id, source: "book", type: "ebook" });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe("No such product");
  });

  it.each([
    [{ quantity: 1, source: "book", type: "book" }, "bookId", "Required"],
    [{ bookId: "abc", source: "book" }, "bookId", "bookId must be a number"],
    [{ bookId: 0, source: "book" }, "bookId", "bookId must be a positive number"],
    [{ bookId: 1.5, source: "book" }, "bookId", "bookId must be a whole number"],
    [{ bookId: 1, quantity: 0, source: "book" }, "quantity", "quantity must be at least 1"],
    [{ bookId: 1, quantity: 101, source: "book" }, "quantity", "quantity must be at most 100"],
    [{ bookId: 1, quantity: "2", source: "book" }, "quantity", "quantity must be a number"],
    [
      { bookId: 1, source: "Not a page!" },
      "source",
      "source must be a page name (lower-case letters, digits, -)",
    ],
    [
      { bookId: 1, source: "book", type: "magazine" },
      "type",
      "type must be one of: book, ebook, bundle, stationary, content",
    ],
  ])("answers 400 with field messages to %j", async (body, field, message) => {
    const u = await h.createUser();
    const res = await add(u, body);
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const u = await h.createUser();
    const res = await add(u, "{not json");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Malformed JSON in the request body");
  });
});

describe("digital items", () => {
  it("adds an e-book once, at quantity 1, with no delivery", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook", price: 15_000 });
    const res = await add(u, { bookId: ebook.id, quantity: 1, source: "ebook", type: "ebook" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ qty: 1, totalPrice: 15_000, deliveryCharges: 0, netPrice: 15_000 });
    expect(res.body.data?.lines[0]?.maxQuantity).toBe(1);
    const again = await add(u, { bookId: ebook.id, quantity: 1, source: "ebook", type: "ebook" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This e-book is already in your cart");
  });

  it("adds a course once", async () => {
    const u = await h.createUser();
    const course = await createProduct(h.db, { kind: "content" });
    expect((await add(u, { bookId: course.id, source: "content", type: "content" })).status).toBe(201);
    const again = await add(u, { bookId: course.id, source: "content", type: "content" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This course is already in your cart");
  });

  it("refuses an e-book or course the shopper already owns", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const course = await createProduct(h.db, { kind: "content" });
    await createEntitlement(h.db, { userId: u.user.id, productId: ebook.id });
    await createEntitlement(h.db, { userId: u.user.id, productId: course.id });
    const again = await add(u, { bookId: ebook.id, source: "ebook", type: "ebook" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("You already own this e-book");
    const course2 = await add(u, { bookId: course.id, source: "content", type: "content" });
    expect(course2.body.message).toBe("You already own this course");
    // Owning it is personal: another shopper may buy it.
    const other = await h.createUser();
    expect((await add(other, { bookId: ebook.id, source: "ebook", type: "ebook" })).status).toBe(201);
  });

  it("refuses an e-book at a quantity other than 1", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const res = await add(u, { bookId: ebook.id, quantity: 2, source: "ebook", type: "ebook" });
    expect(res.status).toBe(400);
    expect(res.body.errors?.quantity).toBe("An e-book is bought once: quantity must be 1");
  });

  it("refuses to change the quantity of an e-book line", async () => {
    const u = await h.createUser();
    const ebook = await createProduct(h.db, { kind: "ebook" });
    await add(u, { bookId: ebook.id, source: "ebook", type: "ebook" });
    const line = await lineOf(u, ebook.id);
    const res = await setQuantity(u, { id: line.id, quantity: 2 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("An e-book is always quantity 1");
    expect((await lineOf(u, ebook.id)).quantity).toBe(1);
  });
});

describe("PUT /api/cart/quantity", () => {
  let u: TestUser;
  let other: TestUser;
  let book: { id: number };
  beforeEach(async () => {
    u = await h.createUser();
    other = await h.createUser();
    book = await createProduct(h.db, { price: 20_000, stock: 6 });
    await add(u, { bookId: book.id, source: "book" });
  });

  it("sets the quantity and answers the repriced cart", async () => {
    const line = await lineOf(u, book.id);
    const res = await setQuantity(u, { id: line.id, quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ qty: 4, totalPrice: 80_000, netPrice: 86_000 });
  });

  it("refuses a quantity above the stock with 409", async () => {
    const line = await lineOf(u, book.id);
    const res = await setQuantity(u, { id: line.id, quantity: 7 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only 6 left in stock");
  });

  it("answers 404 for another shopper's line and for an unknown one", async () => {
    const line = await lineOf(u, book.id);
    const res = await setQuantity(other, { id: line.id, quantity: 2 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("No such item in your cart");
    expect((await setQuantity(u, { id: 999_999, quantity: 2 })).status).toBe(404);
    expect((await lineOf(u, book.id)).quantity).toBe(1);
  });

  it.each([
    [{ quantity: 2 }, "id"],
    [{ id: 1 }, "quantity"],
    [{ id: 1, quantity: 0 }, "quantity"],
    [{ id: -1, quantity: 1 }, "id"],
  ])("answers 400 to %j", async (body, field) => {
    const res = await setQuantity(u, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
  });
});

describe("DELETE /api/cart", () => {
  it("removes the caller's line", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    const pen = await createProduct(h.db, { kind: "stationary", price: 5_000 });
    await add(u, { bookId: book.id, source: "book" });
    await add(u, { bookId: pen.id, source: "stationery", type: "stationary" });
    const res = await remove(u, { id: (await lineOf(u, book.id)).id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Removed from cart");
    expect(res.body.data?.lines.map((l) => l.productId)).toEqual([pen.id]);
    expect(res.body.data).toMatchObject({ qty: 1, isStationary: true, deliveryCharges: 4_000 });
  });

  it("answers 404 for another shopper's line and leaves it", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const book = await createProduct(h.db);
    await add(u, { bookId: book.id, source: "book" });
    const line = await lineOf(u, book.id);
    expect((await remove(other, { id: line.id })).status).toBe(404);
    expect((await remove(u, { id: 999_999 })).status).toBe(404);
    expect((await info(u)).body.data?.lines).toHaveLength(1);
  });

  it("answers 400 without an id", async () => {
    const u = await h.createUser();
    const res = await remove(u, {});
    expect(res.status).toBe(400);
    expect(res.body.errors?.id).toBe("Required");
  });
});

describe("delivery by district", () => {
  it("charges ৳60 for books in Dhaka and ৳100 outside, and remembers the district chosen", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000 });
    await add(u, { bookId: book.id, source: "book" });
    expect((await info(u)).body.data).toMatchObject({
      deliveryCharges: 6_000,
      netPrice: 46_000,
      zone: "dhaka",
    });
    const sylhet = await info(u, "?district=Sylhet");
    expect(sylhet.body.data).toMatchObject({
      district: "Sylhet",
      zone: "outside",
      deliveryCharges: 10_000,
      netPrice: 50_000,
    });
    // The last district chosen prices the cart on every later read.
    expect((await info(u)).body.data).toMatchObject({ district: "Sylhet", deliveryCharges: 10_000 });
    expect((await info(u, "?district=dhaka")).body.data).toMatchObject({
      district: "Dhaka",
      deliveryCharges: 6_000,
    });
  });

  it("reads an old spelling as the official district", async () => {
    const u = await h.createUser();
    const res = await info(u, "?district=Chittagong");
    expect(res.status).toBe(200);
    expect(res.body.data?.district).toBe("Chattogram");
  });

  it("charges ৳40 in Dhaka / ৳60 elsewhere for stationery alone and marks the cart as stationery", async () => {
    const u = await h.createUser();
    const pen = await createProduct(h.db, { kind: "stationary", price: 5_000 });
    await add(u, { bookId: pen.id, quantity: 2, source: "stationery", type: "stationary" });
    expect((await info(u)).body.data).toMatchObject({
      isStationary: true,
      deliveryCharges: 4_000,
      netPrice: 14_000,
    });
    expect((await info(u, "?district=Khulna")).body.data).toMatchObject({
      deliveryCharges: 6_000,
      netPrice: 16_000,
    });
  });

  it("charges one parcel at the book rate when books and stationery come together", async () => {
    const u = await h.createUser();
    const pen = await createProduct(h.db, { kind: "stationary", price: 5_000 });
    const book = await createProduct(h.db, { price: 10_000 });
    await add(u, { bookId: pen.id, source: "stationery", type: "stationary" });
    await add(u, { bookId: book.id, source: "book" });
    expect((await info(u, "?district=Rangpur")).body.data).toMatchObject({
      isStationary: false,
      deliveryCharges: 10_000,
      netPrice: 25_000,
    });
  });

  it("charges no delivery for digital items alone", async () => {
    const u = await h.createUser();
    const course = await createProduct(h.db, { kind: "content", price: 50_000 });
    await add(u, { bookId: course.id, source: "content", type: "content" });
    expect((await info(u, "?district=Sylhet")).body.data).toMatchObject({
      deliveryCharges: 0,
      netPrice: 50_000,
    });
  });
});

describe("the source of an add", () => {
  it("is the page name the client sends", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    await add(u, { bookId: book.id, source: "search" });
    expect((await lineOf(u, book.id)).source).toBe("search");
  });

  it("is the referral code of the visitor's ref cookie when it is another account's", async () => {
    const u = await h.createUser();
    const friend = await h.createUser();
    const code = await referralCodeOf(friend);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const book = await createProduct(h.db);
    const res = await add(u, { bookId: book.id, source: "book" }, `${u.cookie}; ref=${code.toLowerCase()}`);
    expect(res.status).toBe(201);
    expect((await lineOf(u, book.id)).source).toBe(code);
  });

  it("ignores the shopper's own code and codes nobody has", async () => {
    const u = await h.createUser();
    const own = await referralCodeOf(u);
    const a = await createProduct(h.db);
    const b = await createProduct(h.db);
    await add(u, { bookId: a.id, source: "book" }, `${u.cookie}; ref=${own}`);
    await add(u, { bookId: b.id, source: "book" }, `${u.cookie}; ref=NOBODY99`);
    expect((await lineOf(u, a.id)).source).toBe("book");
    expect((await lineOf(u, b.id)).source).toBe("book");
  });

  it("cannot be claimed as a referral code through the body", async () => {
    const u = await h.createUser();
    const friend = await h.createUser();
    const book = await createProduct(h.db);
    const res = await add(u, { bookId: book.id, source: await referralCodeOf(friend) });
    expect(res.status).toBe(400);
    expect(res.body.errors?.source).toBeTruthy();
  });
});

describe("lines that change under the shopper", () => {
  it("leaves an unpublished product out of the summary", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { price: 10_000 });
    const other = await createProduct(h.db, { price: 20_000 });
    await add(u, { bookId: book.id, source: "book" });
    await add(u, { bookId: other.id, source: "book" });
    await h.db.update(products).set({ published: false }).where(eq(products.id, other.id));
    expect((await info(u)).body.data).toMatchObject({ qty: 1, totalPrice: 10_000 });
    const rows = await h.db.select().from(cartLines).where(eq(cartLines.productId, other.id));
    expect(rows).toHaveLength(1);
  });

  it("shows how many are left when the stock fell below the line", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { stock: 8 });
    await add(u, { bookId: book.id, quantity: 5, source: "book" });
    await h.db.update(products).set({ stock: 2 }).where(eq(products.id, book.id));
    expect(await lineOf(u, book.id)).toMatchObject({ quantity: 5, maxQuantity: 2 });
    // Lowering towards the stock is still refused above it, accepted within it.
    const line = await lineOf(u, book.id);
    expect((await setQuantity(u, { id: line.id, quantity: 3 })).status).toBe(409);
    expect((await setQuantity(u, { id: line.id, quantity: 2 })).status).toBe(200);
  });
});

describe("referral codes", () => {
  it("are given to every new account, each its own", async () => {
    const a = await h.createUser();
    const b = await h.createUser();
    const [ca, cb] = [await referralCodeOf(a), await referralCodeOf(b)];
    expect(ca).toHaveLength(8);
    expect(ca).not.toBe(cb);
  });
});
