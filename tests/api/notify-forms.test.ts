// "Notify me" posted as a browser without JavaScript posts it (decision 53): to /notify, through
// the stock alerts' service, back to the page with the message. A signed-out visitor's ask is
// kept and made by the first page they open signed in, once; refusals say why and make nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_PHONE,
  STOCK_ALERT_NO_STOCK,
} from "../../src/contracts/stock-alerts";
import { products, stockAlerts, users } from "../../src/server/db/schema";
import { notifyAction } from "../../src/web/routes/shop/notify.server";
import { createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";
import { flashOf, pageForms, withCookies } from "./page-forms";

let h: Harness;
let forms: ReturnType<typeof pageForms>;

beforeAll(async () => {
  h = await createHarness();
  forms = pageForms(h, { "/notify": notifyAction });
});
afterAll(async () => {
  await h?.close();
});

const alertsOf = (u: TestUser, productId: number) =>
  h.db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, u.user.id), eq(stockAlerts.productId, productId)));

describe("Notify me as a form", () => {
  it("subscribes once and goes back to the page saying so; Stop ends it", async () => {
    const u = await h.createUser();
    const book = await createProduct(h.db, { kind: "book", stock: 0 });
    const fields = { intent: "notify", productId: String(book.id), back: `/book/${book.id}` };
    const res = await forms.post("/notify", fields, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/book/${book.id}`);
    expect(flashOf(res.setCookie)).toEqual({ title: "We will text you when it is back" });
    expect(await alertsOf(u, book.id)).toHaveLength(1);

    const again = await forms.post("/notify", fields, { cookie: u.cookie });
    expect(flashOf(again.setCookie)).toEqual({ title: "You will be told already" });
    expect(await alertsOf(u, book.id)).toHaveLength(1);

    const stop = await forms.post("/notify", { ...fields, intent: "stop" }, { cookie: u.cookie });
    expect(stop.location).toBe(`/book/${book.id}`);
    expect(flashOf(stop.setCookie)).toEqual({ title: "You will not be told" });
    expect(await alertsOf(u, book.id)).toEqual([]);
  });

  it("refuses an item in stock, an e-book and an account without a phone, saying why", async () => {
    const u = await h.createUser();
    const inStock = await createProduct(h.db, { kind: "book", stock: 3 });
    const ebook = await createProduct(h.db, { kind: "ebook" });
    for (const [product, reason] of [
      [inStock, STOCK_ALERT_IN_STOCK],
      [ebook, STOCK_ALERT_NO_STOCK],
    ] as const) {
      const res = await forms.post(
        "/notify",
        { intent: "notify", productId: String(product.id) },
        { cookie: u.cookie },
      );
      expect(res.location).toBe("/");
      expect(flashOf(res.setCookie)).toEqual({
        title: "Could not change the alert",
        description: reason,
        variant: "destructive",
      });
      expect(await alertsOf(u, product.id)).toEqual([]);
    }
    const noPhone = await h.createUser({ email: `no-phone-${Date.now()}@example.com` });
    await h.db.update(users).set({ phone: null }).where(eq(users.id, noPhone.user.id));
    const out = await createProduct(h.db, { kind: "stationary", stock: 0 });
    const res = await forms.post(
      "/notify",
      { intent: "notify", productId: String(out.id) },
      { cookie: noPhone.cookie },
    );
    expect(flashOf(res.setCookie)).toMatchObject({ description: STOCK_ALERT_NO_PHONE });
    expect(await alertsOf(noPhone, out.id)).toEqual([]);
  });

  it("signed out: to sign in and back, and the first page signed in makes the alert once", async () => {
    const book = await createProduct(h.db, { kind: "book", stock: 0 });
    const back = `/book/${book.id}?from=search`;
    const res = await forms.post("/notify", { intent: "notify", productId: String(book.id), back });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/auth/login?redirect=${encodeURIComponent(back)}`);
    expect(flashOf(res.setCookie)).toEqual({ title: "Sign in to be told when it is back" });
    expect(res.setCookie.find((c) => c.startsWith("pathagar_pending_alert="))).toMatch(/HttpOnly/i);

    // A page signed out leaves it kept.
    const kept = withCookies(undefined, res.setCookie);
    expect((await forms.get(back, kept)).body.flash).toMatchObject({
      title: "Sign in to be told when it is back",
    });

    const u = await h.createUser();
    const cookie = withCookies(u.cookie, res.setCookie);
    const page = await forms.get(back, cookie);
    expect(page.body.user).toBe(u.user.id);
    expect(page.body.flash).toEqual({ title: "We will text you when it is back" });
    expect(page.setCookie.join()).toMatch(/pathagar_pending_alert=;/);
    expect(await alertsOf(u, book.id)).toHaveLength(1);
    // The cookie sent again (another tab's page) makes nothing more.
    const second = await forms.get("/", cookie);
    expect(second.body.flash).toEqual({ title: "You will be told already" });
    expect(await alertsOf(u, book.id)).toHaveLength(1);
  });

  it("signed out, a kept ask for an item back in stock meanwhile is refused with the reason", async () => {
    const book = await createProduct(h.db, { kind: "book", stock: 0 });
    const res = await forms.post("/notify", { intent: "notify", productId: String(book.id) });
    await h.db.update(products).set({ stock: 2 }).where(eq(products.id, book.id));
    const u = await h.createUser();
    const page = await forms.get("/", withCookies(u.cookie, res.setCookie));
    expect(page.body.flash).toMatchObject({
      title: "Could not change the alert",
      description: STOCK_ALERT_IN_STOCK,
    });
    expect(await alertsOf(u, book.id)).toEqual([]);
  });

  it("signed out, a kept ask older than half an hour is forgotten", async () => {
    const book = await createProduct(h.db, { kind: "book", stock: 0 });
    const res = await forms.post("/notify", { intent: "notify", productId: String(book.id) });
    h.clock.advance(31 * 60 * 1000);
    const u = await h.createUser();
    // The sign-in page has shown the message long since: only the kept ask is sent.
    const kept = res.setCookie.filter((c) => c.startsWith("pathagar_pending_alert="));
    const page = await forms.get("/", withCookies(u.cookie, kept));
    expect(page.body.flash).toBeNull();
    expect(await alertsOf(u, book.id)).toEqual([]);
  });

  it("refuses bad forms at once, keeps nothing, and changes nothing", async () => {
    const u = await h.createUser();
    for (const productId of ["", "abc", "-1", "0", "1.5", "99999999999999999999"]) {
      const out = await forms.post("/notify", { intent: "notify", productId });
      expect(flashOf(out.setCookie), productId).toMatchObject({ variant: "destructive" });
      expect(
        out.setCookie.some((c) => c.startsWith("pathagar_pending_alert=")),
        productId,
      ).toBe(false);
      const signedIn = await forms.post("/notify", { intent: "notify", productId }, { cookie: u.cookie });
      expect(flashOf(signedIn.setCookie), productId).toMatchObject({ variant: "destructive" });
    }
    const book = await createProduct(h.db, { kind: "book", stock: 0 });
    const fields = { intent: "notify", productId: String(book.id) };
    expect((await forms.post("/notify", { ...fields, intent: "" }, { cookie: u.cookie })).status).toBe(400);
    expect(
      (await forms.post("/notify", fields, { cookie: u.cookie, origin: "https://evil.example" })).status,
    ).toBe(403);
    // Stop, signed out: to nothing but the reason.
    expect(flashOf((await forms.post("/notify", { ...fields, intent: "stop" })).setCookie)).toMatchObject({
      variant: "destructive",
    });
    expect(await h.db.select().from(stockAlerts).where(eq(stockAlerts.productId, book.id))).toEqual([]);
  });
});
