/**
 * The wishlist: saved once per product, at most 200 per customer (also when saves race at the
 * limit), moved to the cart under the cart's own stock rules, and, for a customer who opted in,
 * one SMS when a saved book is back in stock and one when it is cheaper.
 */
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Wishlist, WishlistMove } from "../../src/contracts/wishlist";
import { WISHLIST_LIMIT } from "../../src/contracts/wishlist";
import { WISHLIST_FULL, WISHLIST_SMS_NO_PHONE } from "../../src/contracts/wishlist-messages";
import { cartLines, carts, outbox, products, users, wishlistItems } from "../../src/server/db/schema";
import { sendWishlistAlerts } from "../../src/server/services/catalog/wishlist-alerts";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books"] });
});
afterAll(async () => {
  await h?.close();
});

type State = { productId: number; saved: boolean; count: number };
const save = (u: TestUser | null, productId: unknown) =>
  h.request<State>("POST", "/api/wishlist", { body: { productId }, cookie: u?.cookie });
const list = (u: TestUser) => h.request<Wishlist>("GET", "/api/wishlist", { cookie: u.cookie });
const move = (u: TestUser, body: unknown = {}) =>
  h.request<WishlistMove>("POST", "/api/wishlist/cart", { body, cookie: u.cookie });
const optIn = (u: TestUser, sms: unknown = true) =>
  h.request<{ sms: boolean }>("PUT", "/api/wishlist/settings", { body: { sms }, cookie: u.cookie });
const savedCount = async (u: TestUser) =>
  (await h.db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, u.user.id)))[0]!.n;
const cartOf = async (u: TestUser) =>
  h.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, u.user.id));
const wishlistSms = (phone: string) =>
  h.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), like(outbox.key, "wishlist-%")));
async function waitFor<T>(read: () => Promise<T[]>, n: number): Promise<T[]> {
  for (let i = 0; i < 50; i++) {
    const rows = await read();
    if (rows.length >= n) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

/** Many plain books at once (the limit's tests need a few hundred). */
async function manyBooks(n: number, tag: string): Promise<number[]> {
  const rows = await h.db
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        kind: "book" as const,
        slug: `wishlist-${tag}-${i}`,
        title: `Wishlist ${tag} ${i}`,
        price: 10_000,
        stock: 5,
      })),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

describe("saving for later", () => {
  it("saves a product once, lists it with its price then and now, and removes it", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { title: "Physics 1st Paper", price: 40_000, salePrice: 36_000 });
    const first = await save(u, book.id);
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toEqual({ productId: book.id, saved: true, count: 1 });
    const again = await save(u, book.id);
    expect(again.status).toBe(200);
    expect(again.body.data?.count).toBe(1);
    expect(await savedCount(u)).toBe(1);

    await h.db.update(products).set({ salePrice: 30_000 }).where(eq(products.id, book.id));
    const shown = await list(u);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data).toMatchObject({ limit: WISHLIST_LIMIT, sms: false });
    expect(shown.body.data?.items).toHaveLength(1);
    expect(shown.body.data?.items[0]).toMatchObject({
      productId: book.id,
      savedPrice: 36_000,
      price: 30_000,
      card: { id: book.id, title: "Physics 1st Paper", inStock: true },
    });

    const removed = await h.request<State>("DELETE", `/api/wishlist/${book.id}`, { cookie: u.cookie });
    expect(removed.body.data).toEqual({ productId: book.id, saved: false, count: 0 });
    expect((await list(u)).body.data?.items).toEqual([]);
  });

  it("refuses bad input and the signed out, saving nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    const hidden = await createProduct(h.db, { published: false });
    expect((await save(null, book.id)).status).toBe(401);
    for (const bad of ["abc", -1, 0, null, 1.5, { x: 1 }]) expect((await save(u, bad)).status).toBe(400);
    expect((await save(u, 99_999_999)).status).toBe(404);
    expect((await save(u, hidden.id)).status).toBe(404);
    expect((await move(u, { productId: book.id })).status).toBe(404);
    expect((await optIn(u, "yes")).status).toBe(400);
    expect(await savedCount(u)).toBe(0);
  });

  it(`keeps at most ${WISHLIST_LIMIT} items, refusing the next with 400`, async () => {
    const u = await h.createUser();
    const ids = await manyBooks(WISHLIST_LIMIT + 1, "cap");
    await h.db
      .insert(wishlistItems)
      .values(
        ids
          .slice(0, WISHLIST_LIMIT)
          .map((productId) => ({ userId: u.user.id, productId, savedPrice: 10_000 })),
      );
    const over = await save(u, ids[WISHLIST_LIMIT]);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(WISHLIST_FULL);
    // One already saved is still "saved", not refused.
    expect((await save(u, ids[0])).status).toBe(200);
    expect(await savedCount(u)).toBe(WISHLIST_LIMIT);
  });

  it("keeps the limit when saves arrive together", async () => {
    const u = await h.createUser();
    const ids = await manyBooks(WISHLIST_LIMIT + 5, "race");
    await h.db
      .insert(wishlistItems)
      .values(
        ids
          .slice(0, WISHLIST_LIMIT - 5)
          .map((productId) => ({ userId: u.user.id, productId, savedPrice: 10_000 })),
      );
    const answers = await Promise.all(ids.slice(WISHLIST_LIMIT - 5).map((id) => save(u, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(await savedCount(u)).toBe(WISHLIST_LIMIT);
  });
});

describe("moving to the cart", () => {
  it("moves what the cart takes, keeps what it refuses with the reason, and adds one copy when repeated", async () => {
    const u = await h.createUser();
    const plenty = await createProduct(h.db, { stock: 5 });
    const last = await createProduct(h.db, { stock: 1 });
    const gone = await createProduct(h.db, { stock: 0 });
    for (const p of [plenty, last, gone]) expect((await save(u, p.id)).status).toBe(201);
    // The last copy is in the cart already: one more is more than the stock.
    expect(
      (await h.request("POST", "/api/cart", { body: { bookId: last.id, quantity: 1 }, cookie: u.cookie }))
        .status,
    ).toBe(201);

    const one = await Promise.all([move(u, { productId: plenty.id }), move(u, { productId: plenty.id })]);
    expect(one.map((r) => r.status)).toContain(200);
    expect((await cartOf(u)).find((l) => l.productId === plenty.id)?.quantity).toBe(1);

    const rest = await move(u);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.data?.moved).toEqual([]);
    expect(rest.body.data?.refused.map((r) => r.productId).sort()).toEqual([last.id, gone.id].sort());
    for (const r of rest.body.data?.refused ?? []) expect(r.message).not.toBe("");
    expect((await cartOf(u)).find((l) => l.productId === last.id)?.quantity).toBe(1);
    expect((await list(u)).body.data?.items.map((i) => i.productId).sort((a, b) => a - b)).toEqual(
      [last.id, gone.id].sort((a, b) => a - b),
    );

    // Stock arrives: "move all" now takes it.
    await h.db.update(products).set({ stock: 3 }).where(eq(products.id, gone.id));
    const all = await move(u);
    expect(all.body.data?.moved).toEqual([gone.id]);
    expect((await cartOf(u)).find((l) => l.productId === gone.id)?.quantity).toBe(1);
  });

  it("lists a pre-order by the availability rule on the request's day, and moves it to the cart", async () => {
    const u = await h.createUser();
    // Released ten days after the clock's day, with copies already in for the release.
    const pre = await createProduct(h.db, { stock: 3 });
    await h.db.update(products).set({ releaseDate: "2031-03-11" }).where(eq(products.id, pre.id));
    expect((await save(u, pre.id)).status).toBe(201);
    const card = async () => (await list(u)).body.data?.items.find((i) => i.productId === pre.id)?.card;
    expect((await card())?.availability).toEqual({
      state: "preorder",
      left: null,
      days: null,
      releaseDate: "2031-03-11",
    });
    // On the release day the same copies are in stock, and few.
    h.clock.advance(10 * 86_400_000);
    try {
      expect((await card())?.availability).toMatchObject({ state: "in_stock", left: 3 });
    } finally {
      h.clock.advance(-10 * 86_400_000);
    }
    const moved = await move(u, { productId: pre.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data?.moved).toEqual([pre.id]);
    expect((await cartOf(u)).find((l) => l.productId === pre.id)?.quantity).toBe(1);
  });
});

describe("the wishlist's SMS", () => {
  it("is off by default and needs a phone to be turned on", async () => {
    const u = await h.createUser();
    expect((await list(u)).body.data?.sms).toBe(false);
    const on = await optIn(u);
    expect(on.status).toBe(200);
    expect((await list(u)).body.data?.sms).toBe(true);
    expect((await optIn(u, false)).body.data).toEqual({ sms: false });
    const noPhone = await h.createUser();
    await h.db.update(users).set({ phone: null }).where(eq(users.id, noPhone.user.id));
    const refused = await optIn(noPhone);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(WISHLIST_SMS_NO_PHONE);
  });

  it("texts once when a saved book is back in stock, and not those who did not opt in", async () => {
    const u = await h.createUser();
    const quiet = await h.createUser();
    expect((await optIn(u)).status).toBe(200);
    const book = await createProduct(h.db, { stock: 0, title: "Biology 2nd Paper", price: 30_000 });
    await save(u, book.id);
    await save(quiet, book.id);
    const received = await h.request("POST", `/api/admin/books/${book.id}/stock`, {
      body: { change: 4, reason: "received" },
      cookie: staff.cookie,
    });
    expect(received.status, received.text).toBe(200);
    const sms = await waitFor(() => wishlistSms(u.phone), 1);
    expect(sms).toHaveLength(1);
    expect(JSON.stringify(sms[0]!.payload)).toContain(
      "Back in stock from your wishlist: Biology 2nd Paper, Tk 300",
    );
    // Again, by the sweep or more stock: nothing more.
    await sendWishlistAlerts(h.ctx());
    await h.db.update(products).set({ stock: 9 }).where(eq(products.id, book.id));
    await sendWishlistAlerts(h.ctx());
    expect(await wishlistSms(u.phone)).toHaveLength(1);
    expect(await wishlistSms(quiet.phone)).toEqual([]);

    // Sold out and back again is news again, once.
    await h.db.update(products).set({ stock: 0 }).where(eq(products.id, book.id));
    await sendWishlistAlerts(h.ctx());
    await h.db.update(products).set({ stock: 2 }).where(eq(products.id, book.id));
    const twice = await Promise.all([sendWishlistAlerts(h.ctx()), sendWishlistAlerts(h.ctx())]);
    expect(twice.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await wishlistSms(u.phone)).toHaveLength(2);
  });

  it("texts once when a saved book is cheaper by the threshold, in the customer's language", async () => {
    const u = await h.createUser();
    await h.db.update(users).set({ locale: "bn" }).where(eq(users.id, u.user.id));
    expect((await optIn(u)).status).toBe(200);
    const book = await createProduct(h.db, { title: "Chemistry", titleBn: "রসায়ন", price: 40_000 });
    await save(u, book.id);
    // ৳8 off ৳400 is 2%: not news.
    let version = 1;
    const edit = async (salePrice: number) => {
      const res = await h.request<{ version: number }>("PATCH", `/api/admin/books/${book.id}`, {
        body: { salePrice, version },
        cookie: staff.cookie,
      });
      expect(res.status, res.text).toBe(200);
      version = res.body.data!.version;
    };
    await edit(39_200);
    await sendWishlistAlerts(h.ctx());
    expect(await wishlistSms(u.phone)).toEqual([]);
    await edit(34_000);
    const sms = await waitFor(() => wishlistSms(u.phone), 1);
    expect(sms).toHaveLength(1);
    expect(JSON.stringify(sms[0]!.payload)).toContain("রসায়ন, এখন ৳৩৪০ (আগে ৳৪০০)");
    // The same drop is never texted again, however often the sweep runs.
    await Promise.all([sendWishlistAlerts(h.ctx()), sendWishlistAlerts(h.ctx())]);
    expect(await wishlistSms(u.phone)).toHaveLength(1);
    // A further drop of 5% below the price texted is news again.
    await edit(32_000);
    expect(await waitFor(() => wishlistSms(u.phone), 2)).toHaveLength(2);
  });
});
