/**
 * The forgotten-cart SMS, on the harness's clock: a customer who turned it on and left items in
 * the cart for 24 hours gets one SMS (not at 23 hours), once per cart (again only for a cart filled
 * after an order), never between 22:00 and 08:00 in Dhaka (held until 08:00), none once any order
 * was placed since, and none for a customer who left it off.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { carts, outbox, users } from "../../src/server/db/schema";
import { sendCartReminders } from "../../src/server/services/cart/cart-reminders";
import { cartReminderAction } from "../../src/web/routes/shop/profile.server";
import { checkout } from "./buying";
import { createProduct } from "./factories";
import { createHarness, type Harness, START_TIME, type TestUser } from "./harness";
import { pageForms } from "./page-forms";

let h: Harness;
let book: { id: number };
let other: { id: number };
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  h = await createHarness();
  book = await createProduct(h.db, { title: "Physics First Paper", stock: 500 });
  other = await createProduct(h.db, { title: "Chemistry First Paper", stock: 500 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  // 14:00 in Dhaka (UTC+6): a working afternoon.
  h.clock.set(START_TIME);
});

/** A time in Dhaka on the harness's first day, days later. */
const dhaka = (time: string, days = 0) =>
  new Date(
    new Date(`${START_TIME.toISOString().slice(0, 10)}T${time}:00+06:00`).getTime() + days * 24 * HOUR,
  );

async function customer(opts: { on?: boolean; locale?: "en" | "bn" } = {}) {
  const u = await h.createUser({ name: "Nusrat Jahan" });
  if (opts.on ?? true) {
    const res = await h.request("PUT", "/api/cart/reminder", { body: { on: true }, cookie: u.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ on: true });
  }
  if (opts.locale) {
    await h.request("POST", "/api/locale", { body: { locale: opts.locale }, cookie: u.cookie });
  }
  return u;
}

const add = async (u: TestUser, productId = book.id, quantity = 1) => {
  const res = await h.request("POST", "/api/cart", {
    body: { bookId: productId, quantity, source: "test", type: "book" },
    cookie: u.cookie,
  });
  expect(res.status, res.text).toBe(201);
};

/** The reminders written for a customer's phone, oldest first. */
const remindersTo = (u: TestUser) =>
  h.db
    .select({ key: outbox.key, payload: outbox.payload, dueAt: outbox.dueAt })
    .from(outbox)
    .where(and(eq(outbox.recipient, u.phone), like(outbox.key, "cart-reminder-%")))
    .orderBy(outbox.id);

/** Moves the clock to `at` and runs the sweep's part, as the server's once-a-minute sweep does. */
const sweepAt = async (at: Date) => {
  h.clock.set(at);
  return sendCartReminders(h.ctx());
};

describe("the forgotten-cart SMS", () => {
  it("is off until the customer turns it on: nothing for a cart left a day", async () => {
    const u = await customer({ on: false });
    await add(u);
    await sweepAt(new Date(START_TIME.getTime() + 25 * HOUR));
    expect(await remindersTo(u)).toEqual([]);
  });

  it("comes 24 hours after the cart was left, not at 23, once, with the items and the cart's address", async () => {
    const u = await customer();
    await add(u, book.id, 2);
    h.clock.advance(10 * MINUTE);
    await add(u, other.id);
    const left = h.clock.now().getTime();
    await sweepAt(new Date(left + 23 * HOUR));
    await sweepAt(new Date(left + 24 * HOUR - MINUTE));
    expect(await remindersTo(u)).toEqual([]);
    await sweepAt(new Date(left + 24 * HOUR));
    const sent = await remindersTo(u);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload).toEqual({
      body: expect.stringMatching(/^Pathagar: you left 3 items in your cart\. http:\/\/[^ ]+\/cart/),
    });
    // Once: later sweeps, and days later, send nothing more for this cart.
    await sweepAt(new Date(left + 24 * HOUR + MINUTE));
    await sweepAt(new Date(left + 72 * HOUR));
    expect(await remindersTo(u)).toHaveLength(1);
  });

  it("counts from the last change to the cart: an add the next morning starts the 24 hours again", async () => {
    const u = await customer();
    await add(u);
    h.clock.advance(20 * HOUR);
    await add(u, other.id);
    await sweepAt(new Date(START_TIME.getTime() + 25 * HOUR));
    expect(await remindersTo(u)).toEqual([]);
    await sweepAt(new Date(START_TIME.getTime() + 44 * HOUR));
    expect(await remindersTo(u)).toHaveLength(1);
  });

  it("waits for 08:00 in Dhaka when the 24 hours end between 22:00 and 08:00", async () => {
    h.clock.set(dhaka("23:00"));
    const u = await customer();
    await add(u);
    await sweepAt(dhaka("23:00", 1));
    await sweepAt(dhaka("03:00", 2));
    await sweepAt(dhaka("07:59", 2));
    expect(await remindersTo(u)).toEqual([]);
    await sweepAt(dhaka("08:00", 2));
    expect(await remindersTo(u)).toHaveLength(1);
  });

  it("is not sent at night for a cart that was due in the evening, but at 08:00", async () => {
    h.clock.set(dhaka("21:30"));
    const u = await customer();
    await add(u);
    // Due at 21:30 the next day; the sweep did not run until 22:00 (a server down): held.
    await sweepAt(dhaka("22:00", 1));
    expect(await remindersTo(u)).toEqual([]);
    await sweepAt(dhaka("08:00", 2));
    expect(await remindersTo(u)).toHaveLength(1);
  });

  it("is stopped by any order placed since the cart was left (a phone order too)", async () => {
    const u = await customer();
    await add(u);
    h.clock.advance(2 * HOUR);
    // The customer calls the shop instead; the clerk's order leaves the online cart as it was.
    const clerk = await h.createUser({ role: "staff", permissions: ["orders"], name: "Clerk Rahima" });
    const lines = [{ productId: other.id, quantity: 1 }];
    const quote = await h.request<{ cartKey: string }>("POST", "/api/admin/phone-orders/quote", {
      body: { phone: u.phone, lines, district: "Dhaka" },
      cookie: clerk.cookie,
    });
    expect(quote.status, quote.text).toBe(200);
    const placed = await h.request("POST", "/api/admin/phone-orders", {
      body: {
        name: "Nusrat Jahan",
        phone: u.phone,
        district: "Dhaka",
        area: "Mirpur",
        address: "House 3, Road 7",
        lines,
        paymentMethod: "cod",
        cartKey: quote.body.data!.cartKey,
        placeKey: `stop-${u.phone}`,
      },
      cookie: clerk.cookie,
    });
    expect(placed.status, placed.text).toBe(201);
    await sweepAt(new Date(START_TIME.getTime() + 30 * HOUR));
    expect(await remindersTo(u)).toEqual([]);
  });

  it("comes again for a cart filled after an order, once", async () => {
    const u = await customer();
    await add(u);
    await sweepAt(new Date(START_TIME.getTime() + 24 * HOUR));
    expect(await remindersTo(u)).toHaveLength(1);
    // The customer orders the cart an hour later, and two days later leaves a new one.
    h.clock.advance(HOUR);
    await checkout(h, u, { items: [] });
    h.clock.advance(48 * HOUR);
    await add(u, other.id);
    const left = h.clock.now().getTime();
    await sweepAt(new Date(left + 23 * HOUR));
    expect(await remindersTo(u)).toHaveLength(1);
    await sweepAt(new Date(left + 24 * HOUR));
    await sweepAt(new Date(left + 25 * HOUR));
    expect(await remindersTo(u)).toHaveLength(2);
  });

  it("is none once turned off again", async () => {
    const u = await customer();
    await add(u);
    const off = await h.request("PUT", "/api/cart/reminder", { body: { on: false }, cookie: u.cookie });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ on: false });
    await sweepAt(new Date(START_TIME.getTime() + 25 * HOUR));
    expect(await remindersTo(u)).toEqual([]);
  });

  it("is not sent for a cart left more than a week ago", async () => {
    const u = await customer();
    await add(u);
    await sweepAt(new Date(START_TIME.getTime() + 7 * 24 * HOUR + MINUTE));
    expect(await remindersTo(u)).toEqual([]);
  });

  it("speaks the customer's language", async () => {
    const u = await customer({ locale: "bn" });
    await add(u, book.id, 2);
    await sweepAt(new Date(START_TIME.getTime() + 24 * HOUR));
    const [sms] = await remindersTo(u);
    expect(sms?.payload).toEqual({ body: expect.stringMatching(/^পাঠাগার: আপনার কার্টে ২টি পণ্য অপেক্ষা করছে।/) });
  });

  it("is written once when two sweeps run at the same moment", async () => {
    const people = await Promise.all([customer(), customer(), customer()]);
    for (const u of people) await add(u);
    h.clock.set(new Date(START_TIME.getTime() + 24 * HOUR));
    const counts = await Promise.all([sendCartReminders(h.ctx()), sendCartReminders(h.ctx())]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const u of people) expect(await remindersTo(u)).toHaveLength(1);
  });
});

describe("turning it on and off", () => {
  it("needs a signed-in customer and a true or false", async () => {
    expect((await h.request("PUT", "/api/cart/reminder", { body: { on: true } })).status).toBe(401);
    const u = await customer({ on: false });
    for (const body of [{}, { on: "yes" }, { on: 1 }, { on: null }]) {
      const res = await h.request("PUT", "/api/cart/reminder", { body, cookie: u.cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.on).toBeTruthy();
    }
    const [cart] = await h.db.select().from(carts).where(eq(carts.userId, u.user.id));
    expect(cart).toBeUndefined();
  });

  it("works from the profile's form without JavaScript, and a bad value changes nothing", async () => {
    const u = await customer({ on: false });
    const forms = pageForms(h, { "/profile": cartReminderAction });
    const setting = async () =>
      (await h.db.select({ on: users.cartReminders }).from(users).where(eq(users.id, u.user.id)))[0]?.on;
    const on = await forms.post("/profile", { on: "true" }, { cookie: u.cookie });
    expect(on.status).toBe(302);
    expect(on.location).toBe("/profile#texts");
    expect(await setting()).toBe(true);
    for (const fields of [{ on: "maybe" }, {}] as Record<string, string>[]) {
      const bad = await forms.post("/profile", fields, { cookie: u.cookie });
      expect(bad.status).toBe(400);
      expect(await setting()).toBe(true);
    }
    const off = await forms.post("/profile", { on: "false" }, { cookie: u.cookie });
    expect(off.status).toBe(302);
    expect(await setting()).toBe(false);
    // Signed out: nothing to set.
    expect((await forms.post("/profile", { on: "true" })).status).toBe(401);
  });
});
