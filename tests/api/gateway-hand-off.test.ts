// Online payment from a form posted without JavaScript, with a gateway on another site (SSLCommerz,
// here its local fake): the page's policy (`form-action 'self'`) would stop a redirect to it at the
// end of the form's post, so the action answers the page's data naming the gateway's page, which
// the page opens itself (components/orders/gateway-hand-off.tsx). The shop's own sandbox gateway
// is a plain redirect (checkout-form.test.ts).
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CartInfo } from "../../src/contracts/cart";
import { cartKeyOf } from "../../src/contracts/cart-key";
import {
  type FakeSslcommerz,
  startFakeSslcommerz,
} from "../../src/server/integrations/payments/fakes/sslcommerz-fake";
import { createSslcommerz } from "../../src/server/integrations/payments/sslcommerz";
import { checkoutAction } from "../../src/web/routes/shop/checkout.server";
import { ordersAction } from "../../src/web/routes/shop/orders.server";
import { createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";
import { pageForms } from "./page-forms";

let fake: FakeSslcommerz;
let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  fake = await startFakeSslcommerz();
  h = await createHarness({
    payments: (deps) =>
      createSslcommerz(
        { baseUrl: fake.baseUrl, storeId: fake.storeId, storePassword: fake.storePassword },
        deps.log,
      ),
  });
  forms = pageForms(h, { "/cart/checkout": checkoutAction, "/orders": ordersAction });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

it("checkout and Pay now answer the gateway's page for the page to open, not a redirect the page's policy would stop", async () => {
  const u = await h.createUser();
  const book = await createProduct(h.db, { kind: "book", price: 30_000, stock: 5 });
  await h.request("POST", "/api/cart", {
    cookie: u.cookie,
    body: { bookId: book.id, quantity: 1, source: "test", type: "book" },
  });
  const cart = (await h.request<CartInfo>("GET", "/api/cart/info", { cookie: u.cookie })).body.data!;
  const cartKey = cartKeyOf(
    cart.lines.map((l) => ({
      productId: l.productId,
      kind: l.type,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    cart.couponId,
  );
  const res = await forms.post(
    "/cart/checkout",
    {
      name: "Nusrat Jahan",
      phone: "01712345678",
      district: "Dhaka",
      area: "Mirpur",
      address: "House 12, Road 3",
      note: "",
      paymentMethod: "gateway",
      cartKey,
      pricedFor: cart.district,
      intent: "place",
    },
    { cookie: u.cookie },
  );
  expect(res.status, res.text).toBe(200);
  expect(res.location).toBeNull();
  const answer = JSON.parse(res.text) as { ok: boolean; gateway: string };
  expect(answer.ok).toBe(true);
  expect(answer.gateway.startsWith(fake.baseUrl)).toBe(true);

  const [order] = (await h.request<{ id: number }[]>("GET", "/api/orders", { cookie: u.cookie })).body.data!;
  const again = await forms.post("/orders", { intent: "pay", id: String(order!.id) }, { cookie: u.cookie });
  expect(again.status, again.text).toBe(200);
  expect((JSON.parse(again.text) as { gateway: string }).gateway.startsWith(fake.baseUrl)).toBe(true);
});
