/**
 * The back office's search box: orders by number, phone (typed any way), invoice number,
 * consignment and name; accounts by phone, email and name; products by title, Bangla title and
 * ISBN; a few of each, exact matches first, each group only for staff holding its area.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSearchResult } from "../../src/contracts/admin-search";
import { bookDetails, invoices, orders } from "../../src/server/db/schema";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

let h: Harness;
let admin: TestUser;
let ordersStaff: TestUser;
let usersStaff: TestUser;
let stationeryStaff: TestUser;
let nothingStaff: TestUser;
let buyer: TestUser;
let orderId: number;
let orderNumber: string;
let invoiceNumber: string | undefined;
let bookId: number;
let penId: number;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin" });
  ordersStaff = await h.createUser({ role: "staff", permissions: ["orders"] });
  usersStaff = await h.createUser({ role: "staff", permissions: ["users"] });
  stationeryStaff = await h.createUser({ role: "staff", permissions: ["stationery"] });
  nothingStaff = await h.createUser({ role: "staff", permissions: [] });
  buyer = await h.createUser({ name: "Tahmina Akter", phone: "01912345670", email: "tahmina@example.com" });
  const book = await createProduct(h.db, {
    title: "Higher Math First Paper",
    titleBn: "উচ্চতর গণিত",
    stock: 20,
  });
  bookId = book.id;
  await h.db.update(bookDetails).set({ isbn: "9789840000012" }).where(eq(bookDetails.productId, bookId));
  // A bestseller whose title holds the other's whole title: the exact one still comes first.
  await createProduct(h.db, { title: "Higher Math First Paper Solutions", soldCount: 900 });
  penId = (await createProduct(h.db, { kind: "stationary", title: "Higher Grade Pen" })).id;
  const placed = await checkout(h, buyer, { items: [{ productId: bookId }] });
  orderId = placed.orderId;
  orderNumber = placed.orderNumber;
  await h.db.update(orders).set({ consignment: "SF12345XY" }).where(eq(orders.id, orderId));
  const [inv] = await h.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  invoiceNumber = inv?.number ?? undefined;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const search = (q: string, who: TestUser = admin) =>
  h.request<AdminSearchResult>("GET", `/api/admin/search?q=${encodeURIComponent(q)}`, { cookie: who.cookie });

describe("the admin search", () => {
  it("finds an order by its buyer's phone typed in any form, first and exact", async () => {
    for (const typed of ["01912345670", "+880 1912-345670", "8801912345670"]) {
      const res = await search(typed);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data!.orders![0]).toMatchObject({
        id: orderId,
        exact: true,
        url: `/admin/orders/${orderId}`,
      });
      expect(res.body.data!.users![0]).toMatchObject({
        id: buyer.user.id,
        exact: true,
        url: `/admin/users/${buyer.user.id}`,
      });
    }
  });

  it("finds an order by its number (with or without #), its consignment and its invoice number", async () => {
    expect((await search(orderNumber)).body.data!.orders![0]).toMatchObject({ id: orderId, exact: true });
    expect((await search(`#${orderNumber}`)).body.data!.orders![0]).toMatchObject({ id: orderId });
    expect((await search("sf12345xy")).body.data!.orders![0]).toMatchObject({ id: orderId, exact: true });
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const short = invoiceNumber!.replace(/-0+(\d)/, "-$1").toLowerCase();
    expect(short).not.toBe(invoiceNumber);
    expect((await search(invoiceNumber!)).body.data!.orders![0]).toMatchObject({ id: orderId, exact: true });
    expect((await search(short)).body.data!.orders![0]).toMatchObject({ id: orderId, exact: true });
  });

  it("finds orders and accounts by part of a name, and an account by email", async () => {
    // The order carries the name it is addressed to; the account its own.
    expect((await search("nusrat jah")).body.data!.orders!.map((o) => o.id)).toContain(orderId);
    expect((await search("tahmina")).body.data!.users!.map((u) => u.id)).toContain(buyer.user.id);
    const byEmail = await search("TAHMINA@example.com");
    expect(byEmail.body.data!.users![0]).toMatchObject({ id: buyer.user.id, exact: true });
  });

  it("finds products by title, Bangla title and ISBN, the whole title before a bestseller that contains it", async () => {
    const byTitle = (await search("higher math first paper")).body.data!.products!;
    expect(byTitle.map((p) => p.id)[0]).toBe(bookId);
    expect(byTitle[0]!.exact).toBe(true);
    expect(byTitle[1]!.exact).toBe(false);
    expect((await search("উচ্চতর")).body.data!.products!.map((p) => p.id)).toEqual([bookId]);
    const byIsbn = (await search("978-984-00-0001-2")).body.data!.products!;
    expect(byIsbn).toEqual([
      expect.objectContaining({ id: bookId, exact: true, url: `/admin/books/${bookId}` }),
    ]);
  });

  it("answers each group only to staff holding its area (null for the others)", async () => {
    const asOrders = (await search("higher")).body.data!;
    expect(asOrders.products).not.toBeNull();
    const o = (await search("01912345670", ordersStaff)).body.data!;
    expect(o.orders!.map((x) => x.id)).toEqual([orderId]);
    expect(o.users).toBeNull();
    expect(o.products).toBeNull();
    const u = (await search("01912345670", usersStaff)).body.data!;
    expect(u.orders).toBeNull();
    expect(u.users!.map((x) => x.id)).toEqual([buyer.user.id]);
    // Stationery staff find stationery, not books.
    const s = (await search("higher", stationeryStaff)).body.data!;
    expect(s.products!.map((x) => x.id)).toEqual([penId]);
    const n = await search("higher", nothingStaff);
    expect(n.status).toBe(200);
    expect(n.body.data).toMatchObject({ orders: null, users: null, products: null });
  });

  it("gives at most five of each, and a search for nothing that exists finds nothing", async () => {
    for (let i = 0; i < 7; i += 1) await createProduct(h.db, { title: `Chemistry Guide ${i}` });
    expect((await search("chemistry guide")).body.data!.products).toHaveLength(5);
    const none = (await search("zzqqxx")).body.data!;
    expect(none).toMatchObject({ orders: [], users: [], products: [] });
  });

  it("takes % and _ literally", async () => {
    expect((await search("%")).body.data!.products).toEqual([]);
    expect((await search("_")).body.data!.users).toEqual([]);
  });

  it("refuses an empty or too long search with 400, customers with 403 and the signed out with 401", async () => {
    const empty = await search("   ");
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.q).toBe("Type something to search for");
    expect((await search("x".repeat(101))).status).toBe(400);
    expect((await h.request("GET", "/api/admin/search")).status).toBe(401);
    expect((await search("01912345670", buyer)).status).toBe(403);
  });
});
