import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "../../src/contracts/catalog";
import type { Review } from "../../src/contracts/reviews";
import { setReviewHidden } from "../../src/server/services/catalog/reviews";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let book: { id: number };
let draft: { id: number };
let rahim: TestUser;
let karim: TestUser;

type Detail = { rating: { average: number | null; count: number } };
const post = (body: unknown, cookie?: string) => h.request<Review>("POST", "/api/reviews", { body, cookie });
const list = (cookie?: string) =>
  h.request<Page<Review>>("GET", `/api/reviews?product=${book.id}`, { cookie });

beforeAll(async () => {
  h = await createHarness();
  book = await createProduct(h.db, { title: "Biology First Paper" });
  draft = await createProduct(h.db, { title: "Unpublished Draft", published: false });
  rahim = await h.createUser({ name: "Rahim Uddin Ahmed" });
  karim = await h.createUser({ name: "Karim" });
});
afterAll(async () => {
  await h?.close();
});

describe("reviews", () => {
  it("refuses a review from a signed-out visitor with 401", async () => {
    const res = await post({ productType: "book", productId: book.id, rating: 5, text: "Great" });
    expect(res.status).toBe(401);
  });

  it("creates a review with 201 and shows it with the average and count", async () => {
    const res = await post(
      { productType: "book", productId: book.id, rating: 4, text: "Clear chapters" },
      rahim.cookie,
    );
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      rating: 4,
      author: "Rahim A.",
      verifiedPurchase: false,
      mine: true,
    });
    const detail = await h.request<Detail>("GET", `/api/books/${book.id}`);
    expect(detail.body.data?.rating).toEqual({ average: 4, count: 1 });
  });

  it("treats a second review by the same user as an edit of the first", async () => {
    const res = await post(
      { productType: "book", productId: book.id, rating: 2, text: "Changed my mind" },
      rahim.cookie,
    );
    expect(res.status).toBe(200);
    const page = await list(rahim.cookie);
    expect(page.body.data?.total).toBe(1);
    expect(page.body.data?.items[0]).toMatchObject({ rating: 2, text: "Changed my mind", mine: true });
  });

  it("averages the reviews of several users", async () => {
    await post({ productType: "book", productId: book.id, rating: 5 }, karim.cookie);
    const detail = await h.request<Detail>("GET", `/api/books/${book.id}`);
    expect(detail.body.data?.rating).toEqual({ average: 3.5, count: 2 });
    expect((await list(rahim.cookie)).body.data?.items.filter((r) => r.mine)).toHaveLength(1);
  });

  it("leaves hidden reviews out of the list and the average", async () => {
    const page = await list();
    const karimsReview = page.body.data?.items.find((r) => r.author === "Karim");
    await setReviewHidden(h.ctx(), karimsReview!.id, true);
    expect((await list()).body.data?.items.map((r) => r.author)).toEqual(["Rahim A."]);
    const detail = await h.request<Detail>("GET", `/api/books/${book.id}`);
    expect(detail.body.data?.rating).toEqual({ average: 2, count: 1 });
  });

  it.each([
    [{ productType: "book", productId: 0, rating: 5 }, "productId"],
    [{ productType: "book", rating: 5 }, "productId"],
    [{ productType: "magazine", productId: 1, rating: 5 }, "productType"],
    [{ productType: "book", productId: 1, rating: 6 }, "rating"],
    [{ productType: "book", productId: 1, rating: 0 }, "rating"],
    [{ productType: "book", productId: 1, rating: 3, text: "x".repeat(2001) }, "text"],
  ])("answers 400 to %j", async (body, field) => {
    const res = await post(body, rahim.cookie);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
  });

  it("answers 404 for an unknown product, an unpublished one or the wrong kind", async () => {
    expect((await post({ productType: "book", productId: 999999, rating: 5 }, rahim.cookie)).status).toBe(
      404,
    );
    expect((await post({ productType: "book", productId: draft.id, rating: 5 }, rahim.cookie)).status).toBe(
      404,
    );
    expect((await post({ productType: "ebook", productId: book.id, rating: 5 }, rahim.cookie)).status).toBe(
      404,
    );
    expect((await h.request("GET", `/api/reviews?product=${draft.id}`)).status).toBe(404);
    expect((await h.request("GET", "/api/reviews")).status).toBe(400);
  });
});

describe("PATCH /api/admin/reviews/{id}", () => {
  let reviewId: number;
  beforeAll(async () => {
    const res = await post(
      { productType: "book", productId: book.id, rating: 1, text: "Spam spam spam" },
      karim.cookie,
    );
    reviewId = res.body.data!.id;
  });

  it("refuses customers (403), signed-out visitors (401) and staff without books (403)", async () => {
    const staff = await h.createUser({ role: "staff", permissions: ["orders"] });
    expect(
      (await h.request("PATCH", `/api/admin/reviews/${reviewId}`, { body: { hidden: true } })).status,
    ).toBe(401);
    expect(
      (
        await h.request("PATCH", `/api/admin/reviews/${reviewId}`, {
          body: { hidden: true },
          cookie: rahim.cookie,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request("PATCH", `/api/admin/reviews/${reviewId}`, {
          body: { hidden: true },
          cookie: staff.cookie,
        })
      ).status,
    ).toBe(403);
  });

  it("lets staff with books hide a review, which leaves the shop page, and writes the audit log", async () => {
    const staff = await h.createUser({ role: "staff", permissions: ["books"] });
    const res = await h.request("PATCH", `/api/admin/reviews/${reviewId}`, {
      body: { hidden: true },
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect((await list()).body.data?.items.map((r) => r.id)).not.toContain(reviewId);
    const audit = await h.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'review' and entity_id = ${String(reviewId)}`,
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      "review.hide",
    ]);
  });

  it("answers 400 to a missing flag and 404 to an unknown review", async () => {
    const admin = await h.createUser({ role: "admin" });
    expect(
      (await h.request("PATCH", `/api/admin/reviews/${reviewId}`, { body: {}, cookie: admin.cookie })).status,
    ).toBe(400);
    expect(
      (
        await h.request("PATCH", "/api/admin/reviews/999999", {
          body: { hidden: true },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
  });
});
