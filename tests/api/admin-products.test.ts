/**
 * The catalogue's admin API (decision 23) for books: list, add, edit with versions, bulk changes,
 * the stock ledger and delete — good input, bad input (400, nothing changed), stale edits (409
 * with the current record) and colleagues acting at once (on PostgreSQL when TEST_DATABASE_URL
 * is set, as CI runs it).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminPage } from "../../src/contracts/admin";
import { STALE_EDIT } from "../../src/contracts/admin";
import type {
  AdminProduct,
  AdminProductRow,
  BulkResult,
  StockLedger,
} from "../../src/contracts/answers/staff-catalog";
import { auditLog, products, relatedProducts, stockMovements } from "../../src/server/db/schema";
import { refreshRelatedProducts } from "../../src/server/services/catalog/related";
import { checkout } from "./buying";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let staff: TestUser;
let other: TestUser;
let authorId: number;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["books"], name: "Books Staff" });
  other = await h.createUser({ role: "staff", permissions: ["bundles"], name: "Bundles Staff" });
  authorId = (await createAuthor(h.db, "Ishtiaq Hossain", "ইশতিয়াক হোসেন")).id;
});
afterAll(async () => {
  await h?.close();
});

const productCount = async () => (await h.db.select({ n: count() }).from(products))[0]!.n;
const add = (body: unknown, cookie = staff.cookie) =>
  h.request<AdminProduct>("POST", "/api/admin/books", { body, cookie });
const edit = (id: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminProduct>("PATCH", `/api/admin/books/${id}`, { body, cookie });
const book = (over: Record<string, unknown> = {}) => ({
  kind: "book",
  title: "Higher Math First Paper",
  price: 45_000,
  stock: 7,
  published: true,
  authorIds: [authorId],
  publisher: "Hasan Book House",
  ...over,
});

describe("adding a book", () => {
  it("saves every field, makes a unique address, opens the stock ledger and audits it", async () => {
    const first = await add(book({ isbn: "978-0-306-40615-7" }));
    expect(first.status, first.text).toBe(201);
    const p = first.body.data!;
    expect(p).toMatchObject({
      kind: "book",
      slug: "higher-math-first-paper",
      price: 45_000,
      stock: 7,
      isbn: "9780306406157",
      authorIds: [authorId],
      version: 1,
      url: `/book/${p.id}`,
    });
    const second = await add(book());
    expect(second.body.data!.slug).toBe("higher-math-first-paper-2");

    const [row] = await h.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.searchNames).toContain("ইশতিয়াক হোসেন");
    const moves = await h.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(moves).toMatchObject([{ change: 7, stockAfter: 7, reason: "received", actorId: staff.user.id }]);
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(p.id))));
    expect(audit).toMatchObject({ action: "product.create", actorId: staff.user.id });
  });

  it("refuses bad input with a message per field and adds nothing", async () => {
    const before = await productCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ price: -1 }, "price"],
      [{ price: 1.5 }, "price"],
      [{ salePrice: 45_000 }, "salePrice"],
      [{ isbn: "978-0-306-40615-8" }, "isbn"],
      [{ items: [{ productId: 1, quantity: 1 }] }, "items"],
      [{ authorIds: [999_999] }, "authorIds"],
      [{ slug: "Not A Slug" }, "slug"],
      [{ kind: "bundle" }, "kind"],
    ];
    for (const [change, field] of cases) {
      const res = await add(book(change));
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.body.errors, field).toHaveProperty(field);
    }
    expect(await productCount()).toBe(before);
  });

  it("refuses a second book with the same ISBN (409 on the field)", async () => {
    const res = await add(book({ isbn: "9780306406157" }));
    expect(res.status).toBe(409);
    expect(res.body.errors).toHaveProperty("isbn");
  });

  it("is refused to staff of another area and to the signed out", async () => {
    expect((await add(book(), other.cookie)).status).toBe(403);
    expect((await h.request("POST", "/api/admin/books", { body: book() })).status).toBe(401);
  });
});

describe("editing a book", () => {
  it("saves the fields sent, raises the version, audits before and after, and the shop shows it at once", async () => {
    const p = await createProduct(h.db, { title: "Organic Chemistry", price: 30_000 });
    const shop = await h.request<{ title: string }>("GET", `/api/books/${p.id}`);
    expect(shop.body.data!.title).toBe("Organic Chemistry");
    const res = await edit(p.id, { title: "Organic Chemistry (2nd)", salePrice: 25_000, version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      title: "Organic Chemistry (2nd)",
      salePrice: 25_000,
      price: 30_000,
      version: 2,
    });
    const after = await h.request<{ title: string; salePrice: number }>("GET", `/api/books/${p.id}`);
    expect(after.body.data).toMatchObject({ title: "Organic Chemistry (2nd)", salePrice: 25_000 });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(p.id))));
    expect(audit!.before).toMatchObject({ title: "Organic Chemistry", version: 1 });
    expect(audit!.after).toMatchObject({ title: "Organic Chemistry (2nd)", version: 2 });
  });

  it("shows the related products of its new authors at once, not those the jobs kept", async () => {
    const otherAuthor = (await createAuthor(h.db, "Related Author")).id;
    const p = (await add(book({ title: "Related Edit Book", tracks: ["hsc"] }))).body.data!;
    const byOther = (
      await add(book({ title: "By The Other Author", authorIds: [otherAuthor], tracks: ["varsity"] }))
    ).body.data!;
    await refreshRelatedProducts(h.db);
    const relatedIds = async () =>
      (await h.request<{ related: { id: number }[] }>("GET", `/api/books/${p.id}`)).body.data!.related.map(
        (r) => r.id,
      );
    expect(await relatedIds()).not.toContain(byOther.id);
    expect((await edit(p.id, { authorIds: [otherAuthor], version: p.version })).status).toBe(200);
    expect((await relatedIds())[0]).toBe(byOther.id);
    // The next refresh keeps what the page worked out.
    await refreshRelatedProducts(h.db);
    const [kept] = await h.db.select().from(relatedProducts).where(eq(relatedProducts.productId, p.id));
    expect(kept!.ids[0]).toBe(byOther.id);
  });

  it("refuses a stale edit with 409 and the book as it now is, and changes nothing", async () => {
    const p = await createProduct(h.db, { title: "Physics", price: 30_000 });
    expect((await edit(p.id, { title: "Physics I", version: 1 })).status).toBe(200);
    const stale = await edit(p.id, { price: 35_000, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_EDIT);
    expect(stale.body.data).toMatchObject({ id: p.id, title: "Physics I", price: 30_000, version: 2 });
    const [row] = await h.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ price: 30_000, version: 2 });
  });

  it("refuses a sale price not below the price, counting the price already saved", async () => {
    const p = await createProduct(h.db, { price: 30_000 });
    const res = await edit(p.id, { salePrice: 30_000, version: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty("salePrice");
  });

  it("lets exactly one of several colleagues saving the same version through", async () => {
    const p = await createProduct(h.db, { title: "Biology", price: 30_000 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => edit(p.id, { title: `Biology ${n}`, version: 1 })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const [row] = await h.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.version).toBe(2);
  });

  it("answers 404 for a product of another area", async () => {
    const bundle = await createProduct(h.db, { kind: "bundle", stock: null });
    expect((await edit(bundle.id, { title: "x", version: 1 })).status).toBe(404);
  });
});

describe("the books list", () => {
  it("searches title and ISBN, filters and sorts, as { items, total, page, limit }", async () => {
    const low = await createProduct(h.db, { title: "Zoology Guide", price: 10_000, stock: 2 });
    await createProduct(h.db, { title: "Zoology Workbook", price: 20_000, stock: 50 });
    const list = (q: string) =>
      h.request<AdminPage<AdminProductRow>>("GET", `/api/admin/books?${q}`, { cookie: staff.cookie });
    const found = await list("q=zoology&sort=-price");
    expect(found.body.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(found.body.data!.items.map((i) => i.title)).toEqual(["Zoology Workbook", "Zoology Guide"]);
    const lowStock = await list("q=zoology&lowStock=true");
    expect(lowStock.body.data!.items.map((i) => i.id)).toEqual([low.id]);
    const byIsbn = await list("q=978-0306406157");
    expect(byIsbn.body.data!.items.map((i) => i.isbn)).toEqual(["9780306406157"]);
    expect((await list("sort=colour")).status).toBe(400);
    expect((await list("limit=101")).status).toBe(400);
  });
});

describe("bulk changes", () => {
  it("publishes, unpublishes and reprices, with a result per product", async () => {
    const a = await createProduct(h.db, { price: 10_000, salePrice: 9_000 });
    const b = await createProduct(h.db, { price: 20_000, published: false });
    const bundle = await createProduct(h.db, { kind: "bundle", stock: null });
    const bulk = (body: unknown) =>
      h.request<BulkResult>("POST", "/api/admin/books/bulk", { body, cookie: staff.cookie });
    const published = await bulk({ ids: [a.id, b.id, bundle.id], action: "publish" });
    expect(published.body.data!.results).toEqual([
      { id: a.id, ok: true, message: "Published" },
      { id: b.id, ok: true, message: "Published" },
      { id: bundle.id, ok: false, message: "No such product" },
    ]);
    const priced = await bulk({ ids: [a.id, b.id], action: "price", percent: -15 });
    expect(priced.status).toBe(200);
    const rows = await h.db.select().from(products).where(sql`${products.id} in (${a.id}, ${b.id})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // ৳100 − 15% = ৳85: the ৳90 sale price is no longer below it and goes.
    expect(byId.get(a.id)).toMatchObject({ price: 8_500, salePrice: null, version: 3 });
    expect(byId.get(b.id)).toMatchObject({ price: 17_000, published: true });
    expect((await bulk({ ids: [a.id], action: "price" })).status).toBe(400);
    expect((await bulk({ ids: [], action: "publish" })).status).toBe(400);
  });
});

describe("stock", () => {
  const change = (id: number, body: unknown) =>
    h.request<StockLedger>("POST", `/api/admin/books/${id}/stock`, { body, cookie: staff.cookie });

  it("changes with a reason and never goes below zero", async () => {
    const p = await createProduct(h.db, { stock: 3 });
    const inn = await change(p.id, { change: 5, reason: "received", note: "From the binder" });
    expect(inn.status, inn.text).toBe(200);
    expect(inn.body.data).toMatchObject({
      stock: 8,
      items: [
        { change: 5, stockAfter: 8, reason: "received", note: "From the binder", actor: "Books Staff" },
      ],
    });
    const out = await change(p.id, { change: -9, reason: "damaged" });
    expect(out.status).toBe(409);
    expect(out.body.message).toBe("Only 8 on hand: cannot remove 9");
    expect((await change(p.id, { change: 1, reason: "sold" })).status).toBe(400);
    expect((await change(p.id, { change: 0, reason: "received" })).status).toBe(400);
  });

  it("takes concurrent removals in turn: never more than there is", async () => {
    const p = await createProduct(h.db, { stock: 4 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => change(p.id, { change: -1, reason: "damaged" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    const [row] = await h.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.stock).toBe(0);
  });

  it("is explained by the ledger after a sale", async () => {
    const created = await add(book({ title: "Ledger Book", stock: 6, isbn: null }));
    const id = created.body.data!.id;
    const buyer = await h.createUser();
    await checkout(h, buyer, { items: [{ productId: id, quantity: 2 }] });
    await change(id, { change: 3, reason: "received" });
    const [row] = await h.db.select().from(products).where(eq(products.id, id));
    const [sum] = await h.db
      .select({ n: sql<number>`sum(${stockMovements.change})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, id));
    expect(row!.stock).toBe(7);
    expect(sum!.n).toBe(7);
    const ledger = await h.request<StockLedger>("GET", `/api/admin/books/${id}/stock`, {
      cookie: staff.cookie,
    });
    expect(ledger.body.data!.items.map((m) => m.reason)).toEqual(["received", "sold", "received"]);
  });
});

describe("delete", () => {
  it("deletes a product nobody ordered; one with orders is refused", async () => {
    const loose = await createProduct(h.db);
    const res = await h.request("DELETE", `/api/admin/books/${loose.id}`, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(await h.db.select().from(products).where(eq(products.id, loose.id))).toEqual([]);
    const sold = await createProduct(h.db, { stock: 5 });
    await checkout(h, await h.createUser(), { items: [{ productId: sold.id }] });
    const refused = await h.request("DELETE", `/api/admin/books/${sold.id}`, { cookie: staff.cookie });
    expect(refused.status).toBe(409);
    expect(await h.db.select().from(products).where(eq(products.id, sold.id))).toHaveLength(1);
  });
});
