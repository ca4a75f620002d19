// The cart's forms posted as a browser without JavaScript posts them (decision 53): Add to cart
// (signed in, and signed out: kept, then made by the first page signed in), quantity, removal,
// coupon and district, each through the cart's own service, answering with a redirect and its
// message; refused input changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import { cartLines, carts } from "../../src/server/db/schema";
import { addAction, cartAction } from "../../src/web/routes/shop/cart.server";
import { createCoupon, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

const cartOf = async (u: TestUser) =>
  (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data!;
const linesOf = async (userId: number) =>
  h.db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity, id: cartLines.id })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, userId));

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, {
    "/cart": (context, request) => cartAction(context, request),
    "/cart/add": (context, request) => addAction(context, request),
  });
});
afterAll(async () => {
  await h?.close();
});

describe("Add to cart as a form", () => {
  it("adds once per tap's key and goes back to the page saying so", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { kind: "book", price: 250, stock: 5 });
    const fields = {
      bookId: String(book.id),
      type: "book",
      source: "book",
      addKey: "tap-key-000001",
      back: `/book/${book.id}`,
    };
    const first = await forms.post("/cart/add", fields, { cookie: u.cookie });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/book/${book.id}`);
    expect(flashOf(first.setCookie)).toEqual({
      title: "Added to cart",
      link: { href: "/cart", label: "View cart" },
    });
    // The same tap arriving again (a double tap, a retry) adds nothing more.
    expect((await forms.post("/cart/add", fields, { cookie: u.cookie })).status).toBe(302);
    expect(await linesOf(u.user.id)).toEqual([expect.objectContaining({ productId: book.id, quantity: 1 })]);
    // The page it goes back to shows the message once.
    const cookie = withCookies(u.cookie, first.setCookie);
    const page = await forms.get(`/book/${book.id}`, cookie);
    expect(page.body.flash).toMatchObject({ title: "Added to cart" });
    expect(page.setCookie.join()).toMatch(/pathagar_flash=;/);
    expect((await forms.get("/", withCookies(cookie, page.setCookie))).body.flash).toBeNull();
  });

  it("refuses a bad add with the reason and changes nothing; never another site's page to go back to", async () => {
    const u = await h.createUser();
    const out = await createProduct(h.db, { kind: "book", price: 250, stock: 0 });
    const res = await forms.post(
      "/cart/add",
      { bookId: String(out.id), type: "book", source: "book", back: "//evil.example/" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/");
    expect(flashOf(res.setCookie)).toMatchObject({ title: "Could not add to cart", variant: "destructive" });
    const bad = await forms.post(
      "/cart/add",
      { bookId: "abc", type: "book", source: "book" },
      { cookie: u.cookie },
    );
    expect(flashOf(bad.setCookie)).toMatchObject({ variant: "destructive" });
    expect(await linesOf(u.user.id)).toEqual([]);
  });

  it("signed out: to sign in and back, and the first page signed in makes the add once", async () => {
    const book = await createProduct(h.db, { kind: "book", price: 180, stock: 3 });
    const res = await forms.post("/cart/add", {
      bookId: String(book.id),
      type: "book",
      source: "book",
      addKey: "signed-out-tap-1",
      back: `/book/${book.id}?x=1`,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/auth/login?redirect=${encodeURIComponent(`/book/${book.id}?x=1`)}`);
    expect(flashOf(res.setCookie)).toEqual({ title: "Sign in to add it to your cart" });
    const kept = res.setCookie.find((c) => c.startsWith("pathagar_pending_add="));
    expect(kept).toMatch(/HttpOnly/i);

    const u = await h.createUser();
    const cookie = withCookies(u.cookie, res.setCookie);
    const page = await forms.get(`/book/${book.id}?x=1`, cookie);
    expect(page.body.user).toBe(u.user.id);
    expect(page.body.flash).toMatchObject({ title: "Added to cart" });
    expect(page.setCookie.join()).toMatch(/pathagar_pending_add=;/);
    // The cookie sent again (another tab's page load) adds nothing more: the tap's key.
    await forms.get("/", cookie);
    expect(await linesOf(u.user.id)).toEqual([expect.objectContaining({ productId: book.id, quantity: 1 })]);
  });

  it("signed out, a bad add is refused at once and nothing is kept", async () => {
    const res = await forms.post("/cart/add", { bookId: "1", type: "nonsense", source: "book" });
    expect(res.location).toBe("/");
    expect(flashOf(res.setCookie)).toMatchObject({ variant: "destructive" });
    expect(res.setCookie.some((c) => c.startsWith("pathagar_pending_add="))).toBe(false);
  });

  it("a form posted from another site is refused and adds nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { kind: "book", price: 100, stock: 5 });
    const res = await forms.post(
      "/cart/add",
      { bookId: String(book.id), type: "book", source: "book" },
      { cookie: u.cookie, origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await linesOf(u.user.id)).toEqual([]);
  });

  it("a form with a NUL character is refused with 400 and adds nothing", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { kind: "book", price: 100, stock: 5 });
    const res = await forms.post(
      "/cart/add",
      { bookId: String(book.id), type: "book", source: "bo\0ok" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(400);
    expect(await linesOf(u.user.id)).toEqual([]);
  });
});

describe("the cart page's forms", () => {
  async function withBook(stock = 5) {
    const u = await h.createUser();
    const book = await createProduct(h.db, { kind: "book", price: 300, stock });
    await h.request("POST", "/api/cart", {
      cookie: u.cookie,
      body: { bookId: book.id, quantity: 1, source: "book", type: "book" },
    });
    const [line] = await linesOf(u.user.id);
    return { u, book, line: line! };
  }

  it("changes a quantity, and refuses one above the stock with the reason", async () => {
    const { u, line } = await withBook(2);
    const res = await forms.post(
      "/cart",
      { intent: "quantity", id: String(line.id), quantity: "2" },
      { cookie: u.cookie },
    );
    expect(res.location).toBe("/cart");
    expect(flashOf(res.setCookie)).toEqual({ title: "Quantity updated" });
    expect((await linesOf(u.user.id))[0]?.quantity).toBe(2);
    const over = await forms.post(
      "/cart",
      { intent: "quantity", id: String(line.id), quantity: "3" },
      { cookie: u.cookie },
    );
    expect(flashOf(over.setCookie)).toMatchObject({ variant: "destructive" });
    expect((await linesOf(u.user.id))[0]?.quantity).toBe(2);
  });

  it("removes a line, and another customer's line is not theirs to remove", async () => {
    const { u, line } = await withBook();
    const other = await h.createUser();
    const refused = await forms.post(
      "/cart",
      { intent: "remove", id: String(line.id) },
      { cookie: other.cookie },
    );
    expect(flashOf(refused.setCookie)).toMatchObject({ variant: "destructive" });
    expect(await linesOf(u.user.id)).toHaveLength(1);
    const res = await forms.post("/cart", { intent: "remove", id: String(line.id) }, { cookie: u.cookie });
    expect(flashOf(res.setCookie)).toEqual({ title: "Removed from cart" });
    expect(await linesOf(u.user.id)).toEqual([]);
  });

  it("applies a coupon, refuses an unknown one under the field with the code kept, and removes it", async () => {
    const { u } = await withBook();
    const coupon = await createCoupon(h.db, { code: "FORMS10", value: 10 });
    const refused = await forms.post("/cart", { intent: "coupon", coupon: "NOPE" }, { cookie: u.cookie });
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.text)).toMatchObject({
      ok: false,
      values: { coupon: "NOPE" },
      errors: { coupon: expect.any(String) },
    });
    expect((await cartOf(u)).couponCode).toBeFalsy();
    const res = await forms.post("/cart", { intent: "coupon", coupon: coupon.code }, { cookie: u.cookie });
    expect(flashOf(res.setCookie)).toEqual({ title: "Coupon applied successfully" });
    expect((await cartOf(u)).couponCode).toBe("FORMS10");
    const removed = await forms.post("/cart", { intent: "coupon-remove" }, { cookie: u.cookie });
    expect(flashOf(removed.setCookie)).toEqual({ title: "Coupon removed" });
    expect((await cartOf(u)).couponCode).toBeFalsy();
  });

  it("prices the cart for the district chosen, and refuses one that is not a district", async () => {
    const { u } = await withBook();
    const res = await forms.post("/cart", { intent: "district", district: "Khulna" }, { cookie: u.cookie });
    expect(res.location).toBe("/cart");
    expect((await cartOf(u)).district).toBe("Khulna");
    const bad = await forms.post("/cart", { intent: "district", district: "Atlantis" }, { cookie: u.cookie });
    expect(flashOf(bad.setCookie)).toMatchObject({ variant: "destructive" });
    expect((await cartOf(u)).district).toBe("Khulna");
  });

  it("refuses a form that does not say what to do with 400", async () => {
    const { u } = await withBook();
    const res = await forms.post("/cart", { intent: "explode" }, { cookie: u.cookie });
    expect(res.status).toBe(400);
  });
});
