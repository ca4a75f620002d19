/**
 * Bad forms posted to every page action (decision 53), signed out and signed in: wrong and missing
 * fields, huge and negative numbers, long text, right-to-left text and emoji, unknown intents, a
 * NUL character, another site's origin. No answer may be a 5xx, and a form that cannot be right
 * changes nothing: not the cart, the orders, the reviews or the stock alerts. Inputs come from a
 * fixed list and from fast-check under a fixed seed, so a failure reproduces (it is printed).
 */
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLines, orders, reviews, stockAlerts, wishlistItems } from "../../src/server/db/schema";
import { accountAction } from "../../src/web/routes/auth/account.server";
import { forgetAction } from "../../src/web/routes/auth/forget.server";
import { signInAction } from "../../src/web/routes/auth/login.server";
import { signOutAction } from "../../src/web/routes/auth/logout.server";
import { signUpAction } from "../../src/web/routes/auth/register.server";
import { verifyAction } from "../../src/web/routes/auth/verify.server";
import { addAction, cartAction } from "../../src/web/routes/shop/cart.server";
import { checkoutAction } from "../../src/web/routes/shop/checkout.server";
import { consentAction } from "../../src/web/routes/shop/consent.server";
import { localeAction } from "../../src/web/routes/shop/locale.server";
import { notifyAction } from "../../src/web/routes/shop/notify.server";
import { ordersAction } from "../../src/web/routes/shop/orders.server";
import { payLinkAction } from "../../src/web/routes/shop/pay.server";
import { reviewAction } from "../../src/web/routes/shop/reviews.server";
import { wishlistAction } from "../../src/web/routes/shop/wishlist.server";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { type PageAction, pageForms } from "./page-forms";

const SEED = 20261128;

/** Each page action, the fields its forms send and the intents it knows. */
const FORMS: { path: string; action: PageAction; fields: string[]; intents?: string[] }[] = [
  {
    path: "/cart/add",
    action: addAction,
    fields: ["bookId", "type", "quantity", "source", "addKey", "back"],
  },
  {
    path: "/cart",
    action: cartAction,
    fields: ["id", "quantity", "coupon", "district"],
    intents: ["quantity", "remove", "coupon", "coupon-remove", "district"],
  },
  {
    path: "/cart/checkout",
    action: checkoutAction,
    fields: [
      "name",
      "phone",
      "district",
      "area",
      "address",
      "note",
      "paymentMethod",
      "useStoreCredit",
      "cartKey",
      "pricedFor",
      "saved",
    ],
    intents: ["place", "district", "saved"],
  },
  { path: "/locale", action: localeAction, fields: ["locale", "back"] },
  { path: "/consent", action: consentAction, fields: ["choice", "analytics", "ads", "back"] },
  {
    path: "/orders",
    action: ordersAction,
    fields: ["id", "back"],
    intents: ["cancel", "pay"],
  },
  { path: "/notify", action: notifyAction, fields: ["productId", "back"], intents: ["notify", "stop"] },
  {
    path: "/wishlist/save",
    action: wishlistAction,
    fields: ["productId", "back", "js", "sms"],
    intents: ["save", "unsave", "move", "move-all", "sms"],
  },
  // A phone order's payment link: the address names the order (none here: a link of no order).
  { path: "/pay/1000001/AAAAAAAAAAAAAAAA", action: payLinkAction, fields: ["back"] },
  // A product page's own action: the review form.
  {
    path: "/book/1",
    action: reviewAction,
    fields: ["productType", "productId", "rating", "text"],
    intents: ["review"],
  },
  // The account pages' forms.
  { path: "/auth/login", action: signInAction, fields: ["cred", "password"] },
  {
    path: "/auth/register",
    action: signUpAction,
    fields: ["name", "phone", "email", "password", "hsc_batch"],
  },
  { path: "/auth/verify", action: verifyAction, fields: ["code"], intents: ["send", "verify"] },
  {
    path: "/auth/forget",
    action: forgetAction,
    fields: ["phone", "code", "password"],
    intents: ["forget", "reset"],
  },
  {
    path: "/edit",
    action: accountAction,
    fields: ["name", "email", "code", "phone", "hsc_batch", "currentPassword", "newPassword"],
    intents: ["name", "email", "email-confirm", "profile", "password"],
  },
  // Last: it ends the customer's session.
  { path: "/auth/logout", action: signOutAction, fields: ["back"] },
];

const BAD_VALUES = [
  "",
  " ",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "1.5",
  "x".repeat(5000),
  "مرحبا",
  "📚📚📚",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "//evil.example/",
  "https://evil.example/",
];

let h: Harness;
let forms: ReturnType<typeof pageForms>;
let customer: TestUser;

async function totals() {
  const [lines] = await h.db.select({ n: count() }).from(cartLines);
  const [placed] = await h.db.select({ n: count() }).from(orders);
  const [reviewed] = await h.db.select({ n: count() }).from(reviews);
  const [alerts] = await h.db.select({ n: count() }).from(stockAlerts);
  const [saved] = await h.db.select({ n: count() }).from(wishlistItems);
  return { lines: lines!.n, orders: placed!.n, reviews: reviewed!.n, alerts: alerts!.n, saved: saved!.n };
}

beforeAll(async () => {
  h = await createHarness();
  customer = await h.createUser({ name: "Form Fuzzer" });
  await createProduct(h.db, { kind: "book", price: 100, stock: 50 });
  forms = pageForms(h, Object.fromEntries(FORMS.map((f) => [f.path, f.action])));
});
afterAll(async () => {
  await h?.close();
});

describe.each(FORMS)("$path", ({ path, fields, intents }) => {
  it("answers every bad form without a 5xx and changes nothing", async () => {
    const before = await totals();
    const failures: string[] = [];
    for (const cookie of [undefined, customer.cookie]) {
      for (const intent of [...(intents ?? []), "nonsense", undefined]) {
        for (const bad of BAD_VALUES) {
          const form: Record<string, string> = Object.fromEntries(fields.map((f) => [f, bad]));
          if (intent !== undefined) form.intent = intent;
          const res = await forms.post(path, form, { cookie });
          if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(form).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await totals()).toEqual(before);
  });

  it("answers random forms without a 5xx", async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields, "intent", "extra"), fc.string({ maxLength: 80 }), {
          maxKeys: fields.length + 2,
        }),
        fc.boolean(),
        async (form, signedIn) => {
          const res = await forms.post(path, form, { cookie: signedIn ? customer.cookie : undefined });
          if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(form)}`);
          return res.status < 500;
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
    expect(failures).toEqual([]);
  });

  it("refuses a form from another site and one holding a NUL character, changing nothing", async () => {
    const before = await totals();
    const form = { ...Object.fromEntries(fields.map((f) => [f, "1"])), intent: intents?.[0] ?? "" };
    expect(
      (await forms.post(path, form, { cookie: customer.cookie, origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await forms.post(path, { ...form, extra: "a\0b" }, { cookie: customer.cookie })).status).toBe(
      400,
    );
    expect(await totals()).toEqual(before);
  });
});
