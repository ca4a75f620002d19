// The wishlist's forms as a browser without JavaScript posts them (decision 53): the heart of a
// card or product page to /wishlist/save, the page's own to /wishlist. A signed-out visitor's save
// is kept and made by the first page they open signed in, once (decision 69).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WISHLIST_LIMIT } from "../../src/contracts/wishlist";
import { WISHLIST_FULL } from "../../src/contracts/wishlist-messages";
import { cartLines, carts, products, users, wishlistItems } from "../../src/server/db/schema";
import { wishlistAction } from "../../src/web/routes/shop/wishlist.server";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/wishlist/save": wishlistAction, "/wishlist": wishlistAction });
});
afterAll(async () => {
  await h?.close();
});

const savedOf = (u: TestUser, productId: number) =>
  h.db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, u.user.id), eq(wishlistItems.productId, productId)));

describe("the wishlist's forms", () => {
  it("saves from a card and goes back to the page saying so; the heart again takes it out", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    const fields = { intent: "save", productId: String(book.id), back: "/academic?page=2" };
    const res = await forms.post("/wishlist/save", fields, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/academic?page=2");
    expect(flashOf(res.setCookie)).toEqual({
      title: "Saved to your wishlist",
      link: { href: "/wishlist", label: "View wishlist" },
    });
    expect(await savedOf(u, book.id)).toHaveLength(1);
    const again = await forms.post("/wishlist/save", fields, { cookie: u.cookie });
    expect(flashOf(again.setCookie)).toMatchObject({ title: "Already in your wishlist" });
    expect(await savedOf(u, book.id)).toHaveLength(1);
    const off = await forms.post("/wishlist/save", { ...fields, intent: "unsave" }, { cookie: u.cookie });
    expect(flashOf(off.setCookie)).toEqual({ title: "Removed from your wishlist" });
    expect(await savedOf(u, book.id)).toEqual([]);
  });

  it("answers the page's scripts with data instead of a redirect", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db);
    const res = await forms.post(
      "/wishlist/save",
      { intent: "save", productId: String(book.id), js: "1" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ saved: true, message: "Saved to your wishlist" });
  });

  it("refuses past the limit saying why, saving nothing", async () => {
    const u = await h.createUser();
    const rows = await h.db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_LIMIT + 1 }, (_, i) => ({
          kind: "book" as const,
          slug: `wishlist-form-${i}`,
          title: `Wishlist form ${i}`,
          price: 10_000,
          stock: 5,
        })),
      )
      .returning({ id: products.id });
    await h.db
      .insert(wishlistItems)
      .values(
        rows
          .slice(0, WISHLIST_LIMIT)
          .map((r) => ({ userId: u.user.id, productId: r.id, savedPrice: 10_000 })),
      );
    const last = rows[WISHLIST_LIMIT]!.id;
    const res = await forms.post(
      "/wishlist/save",
      { intent: "save", productId: String(last) },
      { cookie: u.cookie },
    );
    expect(flashOf(res.setCookie)).toEqual({
      title: "Could not change your wishlist",
      description: WISHLIST_FULL,
      variant: "destructive",
    });
    expect(await savedOf(u, last)).toEqual([]);
    const js = await forms.post(
      "/wishlist/save",
      { intent: "save", productId: String(last), js: "1" },
      { cookie: u.cookie },
    );
    expect(js.status).toBe(400);
    expect(JSON.parse(js.text)).toEqual({ saved: false, message: WISHLIST_FULL, refused: true });
  });

  it("moves to the cart from the page, one item or all, and sets the SMS", async () => {
    const u = await h.createUser();
    const one = await createProduct(h.db, { stock: 3 });
    const two = await createProduct(h.db, { stock: 3 });
    for (const b of [one, two]) {
      await forms.post("/wishlist/save", { intent: "save", productId: String(b.id) }, { cookie: u.cookie });
    }
    const moved = await forms.post(
      "/wishlist",
      { intent: "move", productId: String(one.id) },
      { cookie: u.cookie },
    );
    expect(moved.location).toBe("/wishlist");
    expect(flashOf(moved.setCookie)).toEqual({
      title: "Moved to your cart",
      link: { href: "/cart", label: "View cart" },
    });
    const all = await forms.post("/wishlist", { intent: "move-all" }, { cookie: u.cookie });
    expect(flashOf(all.setCookie)).toMatchObject({ title: "Moved to your cart" });
    const lines = await h.db
      .select({ productId: cartLines.productId })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(eq(carts.userId, u.user.id));
    expect(lines.map((l) => l.productId).sort((a, b) => a - b)).toEqual(
      [one.id, two.id].sort((a, b) => a - b),
    );
    expect(await savedOf(u, one.id)).toEqual([]);

    const on = await forms.post("/wishlist", { intent: "sms", sms: "on" }, { cookie: u.cookie });
    expect(flashOf(on.setCookie)).toEqual({ title: "We will text you when a saved item is back or cheaper" });
    const [row] = await h.db.select({ sms: users.wishlistSms }).from(users).where(eq(users.id, u.user.id));
    expect(row?.sms).toBe(true);
    await forms.post("/wishlist", { intent: "sms" }, { cookie: u.cookie });
    const [after] = await h.db.select({ sms: users.wishlistSms }).from(users).where(eq(users.id, u.user.id));
    expect(after?.sms).toBe(false);
  });

  it("signed out: to sign in and back, and the first page signed in saves it once", async () => {
    const book = await createProduct(h.db, { stock: 0 });
    const back = `/book/${book.id}`;
    const res = await forms.post("/wishlist/save", { intent: "save", productId: String(book.id), back });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/auth/login?redirect=${encodeURIComponent(back)}`);
    expect(flashOf(res.setCookie)).toEqual({ title: "Sign in to save it to your wishlist" });
    expect(res.setCookie.find((c) => c.startsWith("pathagar_pending_save="))).toMatch(/HttpOnly/i);

    const u = await h.createUser();
    const cookie = withCookies(u.cookie, res.setCookie);
    const page = await forms.get(back, cookie);
    expect(page.body.user).toBe(u.user.id);
    expect(page.body.flash).toEqual({
      title: "Saved to your wishlist",
      link: { href: "/wishlist", label: "View wishlist" },
    });
    expect(page.setCookie.join()).toMatch(/pathagar_pending_save=;/);
    expect(await savedOf(u, book.id)).toHaveLength(1);
    // The cookie sent again (another tab's page) saves nothing more.
    const second = await forms.get("/", cookie);
    expect(second.body.flash).toMatchObject({ title: "Already in your wishlist" });
    expect(await savedOf(u, book.id)).toHaveLength(1);
  });
});
