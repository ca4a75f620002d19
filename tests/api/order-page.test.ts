/**
 * The buyer's order page (`/orders/{id}`, `GET /api/orders/{id}`): an order sent in two parcels
 * shows each with its own tracking; payments, credit notes and refunds are the order's own; the
 * invoice carries its credit notes; another buyer's order is not found. "Buy again" puts the
 * order's lines in the cart through the cart's rules, once per tap, with and without JavaScript.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import type { OrderDetail, ReorderResult } from "../../src/contracts/checkout";
import type { InvoiceView } from "../../src/contracts/invoice";
import { orderLines, products } from "../../src/server/db/schema";
import { ordersAction } from "../../src/web/routes/shop/orders.server";
import { checkout, orderRow, payAtSandbox } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms } from "./page-forms";

let h: Harness;
let staff: TestUser;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ role: "staff", permissions: ["orders"] });
  forms = pageForms(h, { "/orders": ordersAction });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const detail = (id: number | string, u: TestUser | null) =>
  h.request<OrderDetail>("GET", `/api/orders/${id}`, { cookie: u?.cookie });
const reorder = (id: number | string, u: TestUser | null) =>
  h.request<ReorderResult>("POST", `/api/orders/${id}/reorder`, { cookie: u?.cookie });
const cartOf = async (u: TestUser) =>
  (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data!;
const asStaff = (method: "POST" | "PUT", path: string, body: unknown) =>
  h.request(method, path, { body, cookie: staff.cookie });

describe("the buyer's order page", () => {
  it("shows an order sent in two parcels, each with its own tracking, and the cash due", async () => {
    const buyer = await h.createUser();
    const a = await createProduct(h.db, { title: "Physics First Paper", price: 40_000, stock: 10 });
    const b = await createProduct(h.db, { title: "Chemistry First Paper", price: 25_000, stock: 10 });
    const placed = await checkout(h, buyer, { items: [{ productId: a.id }, { productId: b.id }] });
    const lines = await h.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.orderId))
      .orderBy(asc(orderLines.id));
    const path = `/api/admin/orders/${placed.orderId}`;
    const split = await asStaff("POST", `${path}/shipments`, {
      from: 1,
      parcels: 1,
      lines: [{ lineId: lines[1]!.id, quantity: 1 }],
    });
    expect(split.status, split.text).toBe(200);
    for (const [shipment, consignment] of [
      [1, "PGA1001"],
      [2, "PGA1002"],
    ] as const) {
      const res = await asStaff("PUT", `${path}/consignment`, { consignment, shipment });
      expect(res.status, res.text).toBe(200);
    }

    const res = await detail(placed.orderId, buyer);
    expect(res.status, res.text).toBe(200);
    const o = res.body.data!;
    expect(o.number).toBe(placed.orderNumber);
    expect(o.status).toBe("shipped");
    expect(
      o.shipments.map((s) => ({
        seq: s.seq,
        of: s.of,
        state: s.state,
        trackingPath: s.trackingPath,
        lines: s.lines.map((l) => l.title),
      })),
    ).toEqual([
      { seq: 1, of: 2, state: "shipped", trackingPath: "/tracking/PGA1001", lines: ["Physics First Paper"] },
      {
        seq: 2,
        of: 2,
        state: "shipped",
        trackingPath: "/tracking/PGA1002",
        lines: ["Chemistry First Paper"],
      },
    ]);
    // Cash on delivery, parcel by parcel: each collects its own book, the first the delivery too.
    expect(o.payments.map((p) => [p.kind, p.state, p.amount])).toEqual([
      ["cash", "due", 40_000 + o.delivery],
      ["cash", "due", 25_000],
    ]);
    expect(o.creditNotes).toEqual([]);
    expect(o.refunds).toEqual([]);
    expect(o.storeCredit).toBe(0);
    expect(o.subtotal - o.discount + o.delivery - o.storeCredit).toBe(o.total);

    // Each parcel's tracking page answers for its own number.
    for (const cn of ["PGA1001", "PGA1002"]) {
      expect((await h.request("GET", `/api/tracking/${cn}`)).status).toBe(200);
    }
  });

  it("is its buyer's alone: another buyer, staff on the shop's side and a visitor get nothing", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 30_000, stock: 5 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }] });
    const other = await h.createUser();
    expect((await detail(placed.orderId, other)).status).toBe(404);
    expect((await detail(placed.orderId, staff)).status).toBe(404);
    expect((await detail(placed.orderId, null)).status).toBe(401);
    expect((await detail(999_999_999, buyer)).status).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5"]) expect((await detail(bad, buyer)).status).toBe(400);
  });

  it("lists the online payment, the partial refund and its credit note, which the invoice carries too", async () => {
    const buyer = await h.createUser();
    const book = await createProduct(h.db, { price: 40_000, stock: 10 });
    const placed = await checkout(h, buyer, { items: [{ productId: book.id }], paymentMethod: "gateway" });
    await payAtSandbox(h, placed.tranx);
    const refund = await asStaff("POST", `/api/admin/orders/${placed.orderId}/refunds`, {
      amount: 15_000,
      method: "bkash",
      reason: "A torn cover",
      reference: "BK900",
      paid: true,
    });
    expect(refund.status, refund.text).toBe(201);

    const o = (await detail(placed.orderId, buyer)).body.data!;
    expect(o.payments).toMatchObject([
      { kind: "online", provider: "sandbox", reference: placed.tranx, amount: o.total, state: "paid" },
    ]);
    expect(o.refunds).toMatchObject([{ amount: 15_000, method: "bkash", status: "paid" }]);
    expect(o.refunds[0]!.paidAt).not.toBeNull();
    expect(o.creditNotes).toHaveLength(1);
    expect(o.creditNotes[0]).toMatchObject({ amount: 15_000, reason: "Refund: A torn cover" });
    expect(o.creditNotes[0]!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(o.invoiceId).not.toBeNull();

    const inv = await h.request<InvoiceView>("GET", `/api/invoices/${o.invoiceId}`, { cookie: buyer.cookie });
    expect(inv.status).toBe(200);
    expect(inv.body.data!.creditNotes).toEqual(o.creditNotes);
  });
});

describe("Buy again", () => {
  async function pastOrder(buyer: TestUser) {
    const kept = await createProduct(h.db, { title: "Higher Math", price: 30_000, stock: 10 });
    const gone = await createProduct(h.db, { title: "Old Syllabus Guide", price: 20_000, stock: 10 });
    const ebook = await createProduct(h.db, { kind: "ebook", title: "Biology Notes", price: 10_000 });
    const placed = await checkout(h, buyer, {
      items: [
        { productId: kept.id, quantity: 2 },
        { productId: gone.id },
        { productId: ebook.id, type: "ebook" },
      ],
      paymentMethod: "gateway",
    });
    await payAtSandbox(h, placed.tranx);
    expect((await orderRow(h, placed.orderId)).status).toBe("confirmed");
    await h.db.update(products).set({ published: false }).where(eq(products.id, gone.id));
    return { placed, kept, gone, ebook };
  }

  it("puts what is still sold in the cart, says why the rest is left out, and adds nothing more when tapped again", async () => {
    const buyer = await h.createUser();
    const { placed, kept, gone, ebook } = await pastOrder(buyer);
    const res = await reorder(placed.orderId, buyer);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe("Some items could not be added to your cart");
    expect(res.body.data!.added).toEqual([{ productId: kept.id, title: "Higher Math", quantity: 2 }]);
    expect(res.body.data!.refused.map((r) => [r.productId, r.message])).toEqual([
      [gone.id, "No longer sold"],
      [ebook.id, expect.stringMatching(/already own/i)],
    ]);
    let cart = await cartOf(buyer);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([[kept.id, 2]]);

    // A double tap, a retry: the same lines, nothing more.
    await Promise.all([reorder(placed.orderId, buyer), reorder(placed.orderId, buyer)]);
    cart = await cartOf(buyer);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([[kept.id, 2]]);
  });

  it("refuses another buyer's order, a visitor and a bad id, changing no cart", async () => {
    const buyer = await h.createUser();
    const { placed } = await pastOrder(buyer);
    const other = await h.createUser();
    expect((await reorder(placed.orderId, other)).status).toBe(404);
    expect((await cartOf(other)).lines).toEqual([]);
    expect((await reorder(placed.orderId, null)).status).toBe(401);
    expect((await reorder("x", buyer)).status).toBe(400);
    expect((await cartOf(buyer)).lines).toEqual([]);
  });

  it("works as a form without JavaScript: on to the cart saying what was left out", async () => {
    const buyer = await h.createUser();
    const { placed, kept } = await pastOrder(buyer);
    const res = await forms.post(
      "/orders",
      { intent: "reorder", id: String(placed.orderId), back: `/orders/${placed.orderId}` },
      { cookie: buyer.cookie },
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/cart");
    expect(flashOf(res.setCookie)).toMatchObject({
      title: "Some items could not be added to your cart",
      description: "No longer sold",
      variant: "destructive",
      link: { href: "/cart", label: "View cart" },
    });
    expect((await cartOf(buyer)).lines.map((l) => [l.productId, l.quantity])).toEqual([[kept.id, 2]]);

    // Another buyer's order: back to the page with the reason, no cart touched.
    const other = await h.createUser();
    const refused = await forms.post(
      "/orders",
      { intent: "reorder", id: String(placed.orderId), back: `/orders/${placed.orderId}` },
      { cookie: other.cookie },
    );
    expect(refused.location).toBe(`/orders/${placed.orderId}`);
    expect(flashOf(refused.setCookie)).toMatchObject({
      title: "Nothing could be added to your cart",
      description: "No such order",
      variant: "destructive",
    });
    expect((await cartOf(other)).lines).toEqual([]);
  });
});
