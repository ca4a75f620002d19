// "Cancel order" and "Pay now" posted as a browser without JavaScript posts them (decision 53): to
// the orders page's action, through the orders' and payments' services. Only the buyer's own
// order, only while its status allows; done, back to the page (`back`) with the message; refused,
// back with the reason and nothing changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ordersAction } from "../../src/web/routes/shop/orders.server";
import { checkout, orderRow, stockOf } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/orders": ordersAction });
});
afterAll(async () => {
  await h?.close();
});

async function placed(u: TestUser, paymentMethod: "cod" | "gateway" = "cod") {
  const book = await createProduct(h.db, { price: 300, stock: 5 });
  const order = await checkout(h, u, { items: [{ productId: book.id, quantity: 2 }], paymentMethod });
  return { book, order };
}

describe("Cancel order as a form", () => {
  it("cancels the buyer's confirmed order and goes back to My orders saying so", async () => {
    const u = await h.createUser();
    const { book, order } = await placed(u);
    const res = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId), back: "/orders" },
      { cookie: u.cookie },
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe("/orders");
    expect(flashOf(res.setCookie)).toEqual({ title: `Order ${order.orderNumber} cancelled` });
    expect((await orderRow(h, order.orderId)).status).toBe("cancelled");
    expect(await stockOf(h, book.id)).toBe(5);

    // Twice: refused with the service's reason, back on the page.
    const again = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId) },
      { cookie: u.cookie },
    );
    expect(again.location).toBe("/orders");
    expect(flashOf(again.setCookie)).toMatchObject({
      title: "Could not cancel the order",
      variant: "destructive",
    });
  });

  it("goes back to the page the form was on (a payment's result page), never to another site", async () => {
    const u = await h.createUser();
    const { order } = await placed(u, "gateway");
    const back = `/payment/failed?order=${order.orderId}`;
    const res = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId), back },
      { cookie: u.cookie },
    );
    expect(res.location).toBe(back);
    expect((await orderRow(h, order.orderId)).status).toBe("cancelled");

    const other = await placed(u);
    const evil = await forms.post(
      "/orders",
      { intent: "cancel", id: String(other.order.orderId), back: "//evil.example/" },
      { cookie: u.cookie },
    );
    expect(evil.location).toBe("/orders");
  });

  it("does not cancel another customer's order, nor one being packed", async () => {
    const buyer = await h.createUser();
    const stranger = await h.createUser();
    const { order } = await placed(buyer);
    const res = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId) },
      { cookie: stranger.cookie },
    );
    expect(flashOf(res.setCookie)).toMatchObject({
      title: "Could not cancel the order",
      variant: "destructive",
    });
    expect((await orderRow(h, order.orderId)).status).toBe("confirmed");

    const staff = await h.createUser({ role: "staff", permissions: ["orders"] });
    const moved = await h.request("PATCH", `/api/admin/orders/${order.orderId}/status`, {
      body: { status: "processing" },
      cookie: staff.cookie,
    });
    expect(moved.status, moved.text).toBe(200);
    const packed = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId) },
      { cookie: buyer.cookie },
    );
    expect(flashOf(packed.setCookie)).toMatchObject({ variant: "destructive" });
    expect((await orderRow(h, order.orderId)).status).toBe("processing");
  });

  it("signed out, with a bad id or without saying what to do: nothing changes", async () => {
    const u = await h.createUser();
    const { order } = await placed(u);
    const signedOut = await forms.post("/orders", { intent: "cancel", id: String(order.orderId) });
    expect(flashOf(signedOut.setCookie)).toMatchObject({ variant: "destructive" });
    for (const id of ["", "abc", "-1", "0", "1.5", "99999999999999999999"]) {
      const res = await forms.post("/orders", { intent: "cancel", id }, { cookie: u.cookie });
      expect(res.status, id).toBe(302);
      expect(flashOf(res.setCookie), id).toMatchObject({ variant: "destructive" });
    }
    const unknown = await forms.post(
      "/orders",
      { intent: "refund", id: String(order.orderId) },
      { cookie: u.cookie },
    );
    expect(unknown.status).toBe(400);
    const evil = await forms.post(
      "/orders",
      { intent: "cancel", id: String(order.orderId) },
      { cookie: u.cookie, origin: "https://evil.example" },
    );
    expect(evil.status).toBe(403);
    expect((await orderRow(h, order.orderId)).status).toBe("confirmed");
  });
});

describe("Pay now as a form", () => {
  it("starts a new payment for an unpaid order and goes to the gateway's page", async () => {
    const u = await h.createUser();
    const { order } = await placed(u, "gateway");
    const res = await forms.post(
      "/orders",
      { intent: "pay", id: String(order.orderId) },
      { cookie: u.cookie },
    );
    // The shop's own sandbox gateway is a plain redirect (303 or 302: either is a GET after the post).
    expect([302, 303]).toContain(res.status);
    expect(res.location).toMatch(/\/sandbox-gateway\/[\w-]+$/);
    expect(res.location).not.toContain(order.tranx);
  });

  it("refuses an order paid on delivery, and another customer's, with the reason", async () => {
    const u = await h.createUser();
    const { order } = await placed(u);
    const res = await forms.post(
      "/orders",
      { intent: "pay", id: String(order.orderId) },
      { cookie: u.cookie },
    );
    expect(res.location).toBe("/orders");
    expect(flashOf(res.setCookie)).toEqual({
      title: "Could not start the payment",
      description: "This order is not waiting for an online payment",
      variant: "destructive",
    });
    const other = await placed(u, "gateway");
    const stranger = await h.createUser();
    const theirs = await forms.post(
      "/orders",
      { intent: "pay", id: String(other.order.orderId) },
      { cookie: stranger.cookie },
    );
    expect(flashOf(theirs.setCookie)).toMatchObject({
      title: "Could not start the payment",
      variant: "destructive",
    });
  });
});
