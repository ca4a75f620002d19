import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MyLibrary } from "../../src/contracts/library";
import { products } from "../../src/server/db/schema";
import { listOwnedItems } from "../../src/server/services/reading/entitlements";
import { checkout, payAtSandbox } from "./buying";
import { addBundleItems, addChapters, createEbookWithPdf, createProduct, linkEbook } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const library = (u?: TestUser) => h.request<MyLibrary>("GET", "/api/library", { cookie: u?.cookie });

/** Buys the items online and pays at the sandbox: the order is confirmed when this returns. */
async function buyAndPay(u: TestUser, items: { productId: number; type: string }[]) {
  const placed = await checkout(h, u, { items, paymentMethod: "gateway" });
  await payAtSandbox(h, placed.tranx);
  return placed;
}

async function newEbook(title: string, titleBn: string | null = null, pageCount = 30) {
  const ebook = await createProduct(h.db, { kind: "ebook", title, titleBn, price: 12_000 });
  await linkEbook(h.db, ebook.id, null, pageCount);
  return ebook;
}

describe("GET /api/library", () => {
  it("needs a signed-in user", async () => {
    const res = await library();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: "Please sign in to continue" });
  });

  it("is empty for a new user", async () => {
    const u = await h.createUser();
    const res = await library(u);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ ebooks: [], courses: [] });
  });

  it("lists an e-book only once its order is paid, with its names, pages and the day it was bought", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Physics First Paper Notes", "পদার্থবিজ্ঞান প্রথম পত্র", 48);
    const placed = await checkout(h, u, {
      items: [{ productId: ebook.id, type: "ebook" }],
      paymentMethod: "gateway",
    });
    expect((await library(u)).body.data?.ebooks).toEqual([]);

    h.clock.advance(60_000);
    await payAtSandbox(h, placed.tranx);
    const res = await library(u);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ebooks: [
        {
          id: ebook.id,
          title: "Physics First Paper Notes",
          titleBn: "পদার্থবিজ্ঞান প্রথম পত্র",
          image: null,
          pageCount: 48,
          boughtAt: h.clock.now().toISOString(),
          readUrl: `/ebook/${ebook.id}/read`,
          progress: null,
        },
      ],
      courses: [],
    });
  });

  it("never shows another user's e-books or courses", async () => {
    const owner = await h.createUser();
    const other = await h.createUser();
    const ebook = await newEbook("Owner's Chemistry E-book");
    const course = await createProduct(h.db, {
      kind: "content",
      title: "Owner's Biology Course",
      price: 30_000,
    });
    await buyAndPay(owner, [
      { productId: ebook.id, type: "ebook" },
      { productId: course.id, type: "content" },
    ]);
    const mine = (await library(owner)).body.data!;
    expect(mine.ebooks.map((e) => e.id)).toEqual([ebook.id]);
    expect(mine.courses.map((c) => c.id)).toEqual([course.id]);

    // The other user's own purchase shows; the owner's never does.
    const theirs = await newEbook("Other's Maths E-book");
    await buyAndPay(other, [{ productId: theirs.id, type: "ebook" }]);
    const res = await library(other);
    expect(res.body.data?.ebooks.map((e) => e.id)).toEqual([theirs.id]);
    expect(res.body.data?.courses).toEqual([]);
    expect(res.text).not.toContain("Owner's");
    expect((await library(owner)).body.data?.ebooks.map((e) => e.id)).toEqual([ebook.id]);
  });

  it("lists newest first, keeps an e-book taken down after it was bought, and counts a course's chapters", async () => {
    const u = await h.createUser();
    const older = await newEbook("Older E-book");
    const newer = await newEbook("Newer E-book");
    const course = await createProduct(h.db, { kind: "content", title: "ICT Course", price: 20_000 });
    const [first] = await addChapters(h.db, course.id, [
      { title: "Number systems", isFree: true },
      { title: "Logic gates", isFree: false },
      { title: "HTML", isFree: false },
    ]);
    await buyAndPay(u, [{ productId: older.id, type: "ebook" }]);
    h.clock.advance(60_000);
    await buyAndPay(u, [
      { productId: newer.id, type: "ebook" },
      { productId: course.id, type: "content" },
    ]);
    await h.db.update(products).set({ published: false }).where(eq(products.id, older.id));

    const lib = (await library(u)).body.data!;
    expect(lib.ebooks.map((e) => e.title)).toEqual(["Newer E-book", "Older E-book"]);
    expect(Date.parse(lib.ebooks[0]!.boughtAt) - Date.parse(lib.ebooks[1]!.boughtAt)).toBe(60_000);
    expect(lib.courses).toEqual([
      {
        id: course.id,
        title: "ICT Course",
        titleBn: null,
        image: null,
        chapters: 3,
        boughtAt: lib.ebooks[0]!.boughtAt,
        url: `/content/${course.id}`,
        doneCount: 0,
        resumeChapterId: first!.id,
        continueUrl: `/content/${course.id}?chapter=${first!.id}`,
        lastActivityAt: lib.ebooks[0]!.boughtAt,
      },
    ]);
  });

  it("includes an e-book bought inside a bundle, and leaves out printed books", async () => {
    const u = await h.createUser();
    const ebook = await newEbook("Bundled E-book");
    const book = await createProduct(h.db, { title: "Printed Book", stock: 5 });
    const bundle = await createProduct(h.db, { kind: "bundle", title: "Study Bundle", price: 40_000 });
    await addBundleItems(h.db, bundle.id, [
      { itemId: ebook.id, quantity: 1 },
      { itemId: book.id, quantity: 1 },
    ]);
    await buyAndPay(u, [
      { productId: bundle.id, type: "bundle" },
      { productId: book.id, type: "book" },
    ]);
    const lib = (await library(u)).body.data!;
    expect(lib.ebooks.map((e) => e.title)).toEqual(["Bundled E-book"]);
    expect(lib.courses).toEqual([]);
  });
});

describe("what the shop's cards know a user owns (listOwnedItems, read by every page)", () => {
  const owned = (u: TestUser) => listOwnedItems({ db: h.db }, u.user.id);

  it("lists a buyer's e-books and courses once paid, started once an e-book is opened, and nothing of theirs to others", async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const opened = await createEbookWithPdf(h.db, h.storage, { title: "Opened E-book", pages: 5 });
    const unopened = await newEbook("Unopened E-book");
    const course = await createProduct(h.db, { kind: "content", title: "Owned Course", price: 20_000 });
    const book = await createProduct(h.db, { title: "Owned Printed Book", stock: 5 });
    expect(await owned(u)).toEqual([]);

    const placed = await checkout(h, u, {
      items: [
        { productId: opened.id, type: "ebook" },
        { productId: unopened.id, type: "ebook" },
        { productId: course.id, type: "content" },
        { productId: book.id, type: "book" },
      ],
      paymentMethod: "gateway",
    });
    expect(await owned(u), "nothing before the payment").toEqual([]);
    await payAtSandbox(h, placed.tranx);
    const saved = await h.request("PUT", `/api/ebooks/${opened.id}/progress`, {
      body: { page: 3 },
      cookie: u.cookie,
    });
    expect(saved.status, saved.text).toBe(200);

    expect(await owned(u)).toEqual(
      [
        { id: opened.id, started: true, to: `/ebook/${opened.id}/read` },
        { id: unopened.id, started: false, to: `/ebook/${unopened.id}/read` },
        { id: course.id, started: false, to: `/content/${course.id}` },
      ].sort((a, b) => a.id - b.id),
    );
    expect(await owned(other)).toEqual([]);

    // A course is started once one of its chapters is marked done.
    const [chapter] = await addChapters(h.db, course.id, [{ title: "First lesson", isFree: false }]);
    const done = await h.request("PUT", `/api/courses/${course.id}/chapters/${chapter!.id}/done`, {
      body: { done: true },
      cookie: u.cookie,
    });
    expect(done.status, done.text).toBe(200);
    expect((await owned(u)).find((o) => o.id === course.id)).toEqual({
      id: course.id,
      started: true,
      to: `/content/${course.id}`,
    });
  });

  it("drops an e-book at once when its order is refunded", async () => {
    const u = await h.createUser();
    const admin = await h.createUser({ role: "staff", permissions: ["orders"] });
    const ebook = await newEbook("Refunded E-book");
    const placed = await buyAndPay(u, [{ productId: ebook.id, type: "ebook" }]);
    expect(await owned(u)).toEqual([{ id: ebook.id, started: false, to: `/ebook/${ebook.id}/read` }]);
    const refund = await h.request("PATCH", `/api/admin/orders/${placed.orderId}/status`, {
      body: { status: "refunded" },
      cookie: admin.cookie,
    });
    expect(refund.status, refund.text).toBe(200);
    expect(await owned(u)).toEqual([]);
  });
});
