// The review form posted as a browser without JavaScript posts it (decision 53): to its product
// page's own action, through the reviews' service. Saved, the page again at its reviews with the
// message; refused, the page's data holds the reason and the stars and text as sent, and nothing
// is saved; signed out, to sign in and back.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../src/server/db/schema";
import { reviewAction } from "../../src/web/routes/shop/reviews.server";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";
import { flashOf, type PageAction, pageForms } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;
const actions: Record<string, PageAction> = {};

/** A product's page with the review form's action, as the product routes have it. */
async function productPage(kind: "book" | "ebook" | "stationary" = "book", published = true) {
  const p = await createProduct(h.db, { kind, price: 200, published });
  const path = `/${kind === "stationary" ? "stationery" : kind}/${p.id}`;
  actions[path] = reviewAction;
  return { id: p.id, kind, path };
}

const reviewsOf = (productId: number, userId: number) =>
  h.db
    .select({ rating: reviews.rating, text: reviews.text })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, actions);
});
afterAll(async () => {
  await h?.close();
});

describe("the review form", () => {
  it("saves a review and goes back to the page's reviews saying so; a second one updates it", async () => {
    const u = await h.createUser({ name: "Rahim Uddin" });
    const book = await productPage("book");
    const fields = { intent: "review", productType: "book", productId: String(book.id), rating: "4" };
    const res = await forms.post(book.path, { ...fields, text: "Clear chapters" }, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${book.path}#reviews`);
    expect(flashOf(res.setCookie)).toEqual({ title: "Thank you for your review" });
    expect(await reviewsOf(book.id, u.user.id)).toEqual([{ rating: 4, text: "Clear chapters" }]);

    const again = await forms.post(book.path, { ...fields, rating: "5", text: "" }, { cookie: u.cookie });
    expect(flashOf(again.setCookie)).toEqual({ title: "Your review is updated" });
    expect(await reviewsOf(book.id, u.user.id)).toEqual([{ rating: 5, text: "" }]);
  });

  it("keeps the page's query on the way back, on every kind of product page", async () => {
    const u = await h.createUser();
    const item = await productPage("stationary");
    const res = await forms.post(
      `${item.path}?ref=x`,
      { intent: "review", productType: "stationary", productId: String(item.id), rating: "3" },
      { cookie: u.cookie },
    );
    expect(res.location).toBe(`${item.path}?ref=x#reviews`);
    expect(await reviewsOf(item.id, u.user.id)).toHaveLength(1);
  });

  it("without a rating: the page again with the reason, the text kept, nothing saved", async () => {
    const u = await h.createUser();
    const book = await productPage();
    const res = await forms.post(
      book.path,
      { intent: "review", productType: "book", productId: String(book.id), text: "কোন তারা নেই" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({
      ok: false,
      status: 400,
      form: "review",
      message: "Choose a rating from 1 to 5",
      errors: { rating: "Choose a rating from 1 to 5" },
      values: { rating: "", text: "কোন তারা নেই" },
    });
    expect(await reviewsOf(book.id, u.user.id)).toEqual([]);
  });

  it("refuses a rating out of range, a text over 2,000 characters and a product not on sale", async () => {
    const u = await h.createUser();
    const book = await productPage();
    const draft = await productPage("book", false);
    const base = { intent: "review", productType: "book", productId: String(book.id) };
    for (const rating of ["0", "6", "4.5", "four", "99999999999999999999"]) {
      const res = await forms.post(book.path, { ...base, rating }, { cookie: u.cookie });
      expect(res.status, rating).toBe(400);
    }
    const long = await forms.post(
      book.path,
      { ...base, rating: "5", text: "x".repeat(2001) },
      { cookie: u.cookie },
    );
    expect(long.status).toBe(400);
    expect(JSON.parse(long.text)).toMatchObject({
      message: "Keep the review under 2,000 characters",
      values: { text: "x".repeat(2001) },
    });
    const hidden = await forms.post(
      draft.path,
      { ...base, productId: String(draft.id), rating: "5" },
      { cookie: u.cookie },
    );
    expect(hidden.status).toBe(404);
    // The product's kind must be the page's: an e-book's id posted as a book is no such product.
    const ebook = await productPage("ebook");
    const wrongKind = await forms.post(
      ebook.path,
      { ...base, productId: String(ebook.id), rating: "5" },
      { cookie: u.cookie },
    );
    expect(wrongKind.status).toBe(404);
    expect(await reviewsOf(book.id, u.user.id)).toEqual([]);
    expect(await reviewsOf(ebook.id, u.user.id)).toEqual([]);
  });

  it("after twenty reviews in the hour, refuses the next with the limit's message and keeps the text", async () => {
    const u = await h.createUser();
    const books = await Promise.all(Array.from({ length: 21 }, () => productPage()));
    for (const b of books.slice(0, 20)) {
      const res = await forms.post(
        b.path,
        { intent: "review", productType: "book", productId: String(b.id), rating: "5" },
        { cookie: u.cookie },
      );
      expect(res.status).toBe(302);
    }
    const last = books[20]!;
    const res = await forms.post(
      last.path,
      { intent: "review", productType: "book", productId: String(last.id), rating: "2", text: "Kept" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(429);
    expect(JSON.parse(res.text)).toMatchObject({
      form: "review",
      message: "Too many reviews. Please try again in an hour.",
      values: { rating: "2", text: "Kept" },
    });
    expect(await reviewsOf(last.id, u.user.id)).toEqual([]);
  });

  it("signed out: to sign in and back to the page, nothing saved", async () => {
    const book = await productPage();
    const res = await forms.post(`${book.path}?x=1`, {
      intent: "review",
      productType: "book",
      productId: String(book.id),
      rating: "5",
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/auth/login?redirect=${encodeURIComponent(`${book.path}?x=1`)}`);
    expect(flashOf(res.setCookie)).toEqual({ title: "Sign in to write a review" });
    expect(await h.db.select().from(reviews).where(eq(reviews.productId, book.id))).toEqual([]);
  });

  it("refuses a form that does not say it is a review, another site's form and a NUL character", async () => {
    const u = await h.createUser();
    const book = await productPage();
    const fields = { intent: "review", productType: "book", productId: String(book.id), rating: "5" };
    expect((await forms.post(book.path, { ...fields, intent: "other" }, { cookie: u.cookie })).status).toBe(
      400,
    );
    expect(
      (await forms.post(book.path, fields, { cookie: u.cookie, origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await forms.post(book.path, { ...fields, text: "a\0b" }, { cookie: u.cookie })).status).toBe(400);
    expect(await reviewsOf(book.id, u.user.id)).toEqual([]);
  });
});
