import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { PHONE_SOURCE } from "../../../contracts/admin-phone-orders";
import { lineWaits } from "../../../contracts/availability";
import { cartKeyOf } from "../../../contracts/cart-key";
import { isDigitalKind } from "../../../contracts/catalog";
import {
  CART_CHANGED,
  type CheckoutResult,
  checkoutSchema,
  PAYMENT_WINDOW_MS,
  type PaymentMethod,
  PLACED_ONCE_WINDOW_MS,
  PREORDER_ONLINE_ONLY,
  shippingCheckoutSchema,
  type WaitShipping,
} from "../../../contracts/checkout";
import { codRiskBuyerWords } from "../../../contracts/cod-risk";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { BOUGHT_STATUSES, type OrderStatus } from "../../../contracts/order-status";
import { dhakaDay } from "../../../contracts/sales";
import { type Db, inTransaction, sendTogether } from "../../db/client";
import {
  cartLines,
  carts,
  couponRedemptions,
  orderLines,
  orders,
  payments,
  products,
  users,
} from "../../db/schema";
import { requireRoomToHold, stockNeeds, stockTaken, stockTakes } from "../catalog/stock";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { numberInvoicesAfterCommit } from "../money/invoices";
import { newTranx, openPayment, payAgain } from "../money/payments";
import { appendCreditInTx, creditToSpend, lockedBalance } from "../money/store-credit";
import { assessPhone } from "../orders/cod-risk";
import { orderNotice, recordEvent } from "../orders/lifecycle";
import type { OrderEvent } from "../orders/notifications";
import { confirmInTx, requireBuyer } from "../orders/orders";
import { planShipments } from "../orders/shipments";
import { nudgeOutbox } from "../platform/outbox";
import { type DigitalConflict, findDigitalConflict } from "../reading/entitlements";
import { rememberAddressInTx } from "./addresses";
import { lockCartWithLines, priceFor } from "./cart";
import { couponUse } from "./coupons";

export const EMPTY_CART = "Your cart is empty";
export const COD_PHYSICAL_ONLY =
  "Cash on delivery is only for printed items; pay online for e-books and courses";

type Tx = Db;

/**
 * Places the caller's cart as an order (one transaction), then, for online payment, opens the
 * payment at the gateway. Cash on delivery is confirmed at once; an order of nothing to pay too.
 * With the page's `cartKey` (contracts/cart-key.ts) a cart changed since the page showed it is
 * refused, and the same cart sent again once it is placed (a double tap, a second tab) answers
 * with that order: its confirmation, or a new attempt at the gateway while it waits for payment.
 *
 * The steps, in order, each a function below:
 *  1. `lockAndPrice`: the cart's row lock (one buyer's checkouts take turns) and its priced lines;
 *  2. `placedBefore`: an empty cart is the same cart sent again once placed, or refused;
 *  3. `validateCart`: address, payment method, coupon, the cart the page showed, nothing digital twice;
 *  4. `reserveStock`: what the lines take, and room to hold it while a payment is awaited;
 *  5. `createOrder`: the order row, its referrer and its figures, less the store credit it spends
 *     (`spendCredit` takes it from the buyer's credit, decision 71);
 *  6. `writeOrder`: its lines, coupon use, payment, history, address, the cart emptied, the stock
 *     taken, all sent together (decision 43);
 *  7. `confirmOrAnnounce`: confirmed at once (cash on delivery, nothing to pay) or announced;
 *  after the commit: 8. invoices numbered, the outbox nudged; 9. `openPayment` at the gateway.
 */
export async function placeOrder(
  ctx: Ctx,
  input: unknown,
  opts: { origin: string },
): Promise<CheckoutResult> {
  const me = requireBuyer(ctx);
  const v = checkoutSchema.parse(input);
  // Cash on delivery: the phone's delivery history, asked before the transaction (decision 68).
  const risk = v.paymentMethod === "cod" ? await assessPhone(ctx, v.phone) : null;
  if (risk?.level === "risky" && risk.action === "pay_online") {
    const words = codRiskBuyerWords("pay_online", v.phone);
    throw new DomainError("conflict", words, { paymentMethod: words });
  }
  const now = ctx.now();
  const placed = await inTransaction(ctx.db, async (tx) => {
    const c: Checkout = {
      ctx,
      tx,
      buyer: { id: me.id, email: me.email ?? null, locale: me.locale },
      actorId: me.id,
      v,
      input,
      now,
      cart: null,
      changed: CART_CHANGED,
      risk,
    };
    const { cart, view } = await lockAndPrice(c);
    if (view.lines.length === 0) return { again: await placedBefore(c) };
    return { again: null, ...(await placeInTx({ ...c, cart }, view)) };
  });
  if (placed.again) return answerAgain(ctx, placed.again, opts.origin);
  await afterPlaced(ctx, placed);
  const result: CheckoutResult = {
    orderId: placed.order.id,
    orderNumber: placed.order.number,
    tranx: placed.tranx,
  };
  if (placed.confirmed) return result;
  const redirectUrl = await openPayment(ctx, placed.order, placed.tranx, opts.origin);
  return { ...result, redirectUrl };
}

/**
 * Steps 3 to 7 for priced lines, in the caller's transaction: the one way an order is placed, from
 * the buyer's cart at checkout or from the lines a clerk took by phone (services/orders/phone-orders.ts).
 * The caller holds the buyer's cart row lock, so one buyer's orders are placed in turn.
 */
export async function placeInTx(c: Checkout, view: Priced): Promise<Placed> {
  const kinds = await validateCart(c, view);
  const stock = await reserveStock(c, view, kinds);
  const order = await createOrder(c, view, kinds, stock);
  if (order.storeCredit > 0) await spendCredit(c, order);
  const tranx = newTranx(order.number);
  const lines = await writeOrder(c, {
    view,
    order,
    tranx,
    stock,
    immediate: kinds.immediate,
    waits: kinds.waits,
  });
  // The parcels: one, or the lines waiting for stock in a second when the buyer chose to split.
  await planShipments(c.tx, order, lines, {
    later: kinds.waits.keys(),
    split: order.waitShipping === "split",
    now: c.now,
  });
  const confirmed = await confirmOrAnnounce(c, order, lines, kinds);
  return { order, tranx, confirmed };
}

/** An order just placed: its row, its first payment attempt, and whether it is confirmed already. */
export type Placed = { order: OrderRow; tranx: string; confirmed: boolean };

/**
 * 8. After the commit: a confirmed order's invoice numbered now, out of the transaction, so
 * confirmations do not queue on the year's counter; before the answer, so the buyer never meets an
 * invoice without its number. The outbox is nudged to send the buyer's messages at once.
 */
export async function afterPlaced(ctx: Ctx, placed: Placed): Promise<void> {
  if (placed.confirmed) await numberInvoicesAfterCommit(ctx);
  void nudgeOutbox(ctx);
}

/**
 * What every step of placing an order is given: the request, its transaction, the buyer, who
 * placed it, the form, and where the lines came from.
 */
export type Checkout = {
  ctx: Ctx;
  tx: Tx;
  /** Whose order it is. */
  buyer: { id: number; email: string | null; locale: string };
  /** Who placed it, for the order's history: the buyer, or the clerk who took it by phone. */
  actorId: number;
  v: ReturnType<typeof checkoutSchema.parse>;
  /** The form as sent: an order with a parcel also needs its address fields. */
  input: unknown;
  now: Date;
  /** The buyer's cart the lines came from, emptied as the order is placed; none for a phone order. */
  cart: { id: number; district: string | null } | null;
  /** The refusal of lines that no longer have the key the page showed (`v.cartKey`, decision 54). */
  changed: string;
  /** A phone order: its source is "phone", it names the clerk, and its key places it once. */
  taken?: { by: number; placeKey: string };
  /** How the buyer hears of an order waiting for an online payment: the "placed" notice, unless this says otherwise. */
  announce?: (order: OrderRow) => OrderEvent;
  /** Cash on delivery at checkout: the phone's risk check (decision 68); none for a phone order. */
  risk?: Awaited<ReturnType<typeof assessPhone>> | null;
};
export type Priced = Awaited<ReturnType<typeof priceFor>>;
type OrderRow = typeof orders.$inferSelect;

/** 1. The cart's row lock, which makes one buyer's checkouts (a double click) take turns, and its priced lines. */
async function lockAndPrice({ ctx, tx, buyer, v, now }: Checkout) {
  const { cart, lines } = await lockCartWithLines(tx, buyer.id, now);
  const view = await priceFor({ ...ctx, db: tx }, buyer.id, cart, { district: v.district }, lines);
  return { cart, view };
}

/** 2. An empty cart: the same cart sent again once placed (answered with that order), else refused. */
async function placedBefore({ tx, buyer, v, now }: Checkout): Promise<PlacedBefore> {
  const again = v.cartKey ? await findPlacedFrom(tx, buyer.id, v.cartKey, now) : null;
  if (!again) throw new DomainError("invalid", EMPTY_CART);
  return again;
}

/**
 * 3. What the cart holds may be bought so: a parcel's address, cash on delivery for printed items
 * only, a coupon that applies, the very cart the page showed, no e-book or course twice.
 */
async function validateCart(c: Checkout, view: Priced) {
  const { tx, buyer, v, input, changed, taken } = c;
  const physical = view.lines.some(
    (l) => l.kind === "book" || l.kind === "stationary" || l.kind === "bundle",
  );
  const digital = view.lines.some((l) => isDigitalKind(l.kind));
  // Only a parcel needs an address: a cart of e-books and courses alone is bought without one.
  if (physical) shippingCheckoutSchema.parse(input);
  if (v.paymentMethod === "cod" && digital)
    throw new DomainError("invalid", COD_PHYSICAL_ONLY, { paymentMethod: COD_PHYSICAL_ONLY });
  if (view.coupon && !view.coupon.applied) {
    throw new DomainError(
      "conflict",
      `${view.coupon.message ?? "Your coupon cannot be used"}. Remove the coupon to continue.`,
    );
  }
  if (v.cartKey && v.cartKey !== cartKeyOf(view.lines, view.coupon?.applied ? view.coupon.id : null)) {
    throw new DomainError("conflict", changed);
  }
  const waits = await waitingLines(c, view);
  const twice = await findDigitalConflict(tx, buyer.id, view.lines);
  if (twice) throw new DomainError("conflict", digitalConflictMessage(twice));
  // Store credit the buyer chose to spend (decision 71), read under their row lock until the commit;
  // never on an order a clerk takes by phone (the buyer is not there to choose).
  const credit =
    v.useStoreCredit && !taken ? creditToSpend(await lockedBalance(tx, buyer.id), view.netPrice) : 0;
  // Confirmed at once: cash on delivery, or nothing left to pay.
  const immediate = v.paymentMethod === "cod" || view.netPrice - credit === 0;
  // Something ships now and something later: the buyer's choice, two parcels unless they chose to wait.
  const servedNow = view.lines.some((l) => !isDigitalKind(l.kind) && !waits.has(l.productId));
  const waitShipping: WaitShipping | null =
    waits.size === 0 ? null : servedNow ? (v.waitShipping ?? "split") : "together";
  return { physical, immediate, waits, waitShipping, credit };
}

/** 5b. The store credit the order spends leaves the buyer's ledger, keyed by the order. */
async function spendCredit({ tx, buyer, now }: Checkout, order: OrderRow) {
  await appendCreditInTx(tx, {
    userId: buyer.id,
    kind: "spent",
    amount: -order.storeCredit,
    key: `spent-${order.id}`,
    orderId: order.id,
    note: `Order ${order.number}`,
    now,
  });
}

/**
 * The lines sold without stock, by product: pre-orders and back-orders as the availability rule
 * has them today (contracts/availability.ts). Cash on delivery is refused (400) for a pre-order
 * staff set to online payment only.
 */
async function waitingLines({ tx, v, now }: Checkout, view: Priced) {
  const waits = new Map<number, { waits: "preorder" | "backorder"; expectedOn: string | null }>();
  const printed = view.lines.filter((l) => l.kind === "book" || l.kind === "stationary");
  if (printed.length === 0) return waits;
  const facts = await tx
    .select({
      id: products.id,
      kind: products.kind,
      stock: products.stock,
      releaseDate: products.releaseDate,
      backorderDays: products.backorderDays,
      outOfPrint: products.outOfPrint,
      preorderOnlineOnly: products.preorderOnlineOnly,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        printed.map((l) => l.productId),
      ),
    );
  const today = dhakaDay(now);
  for (const l of printed) {
    const p = facts.find((f) => f.id === l.productId);
    if (!p) continue;
    const w = lineWaits(p, l.quantity, today);
    if (!w) continue;
    if (w.waits === "preorder" && p.preorderOnlineOnly && v.paymentMethod === "cod")
      throw new DomainError("invalid", PREORDER_ONLINE_ONLY, { paymentMethod: PREORDER_ONLINE_ONLY });
    waits.set(l.productId, w);
  }
  return waits;
}

/**
 * 4. What the lines served now take of stock (a waiting line takes its stock when it is filled); an
 * order that will wait for an online payment must have room to hold it.
 */
async function reserveStock(
  { tx, buyer }: Checkout,
  view: Priced,
  kinds: { immediate: boolean; waits: Map<number, unknown> },
) {
  const needs = await stockNeeds(
    tx,
    view.lines.filter((l) => !kinds.waits.has(l.productId)),
  );
  // Only an order waiting for an online payment holds what it took; a confirmed one has bought it.
  if (!kinds.immediate) await requireRoomToHold(tx, buyer.id, needs);
  return needs;
}

/**
 * 5. The order row: the buyer's details, the priced figures, the referrer, the stock it holds. A
 * phone order's source is "phone", whatever pages its products were found on, and it names its clerk.
 */
async function createOrder(
  { tx, buyer, v, now, taken, risk }: Checkout,
  view: Priced,
  kinds: { physical: boolean; immediate: boolean; waitShipping: WaitShipping | null; credit: number },
  needs: Awaited<ReturnType<typeof stockNeeds>>,
): Promise<OrderRow> {
  const { physical, immediate, waitShipping, credit } = kinds;
  // Only a clerk's order is a phone order, whatever page name a browser sent with its adds.
  const sources = [...new Set(view.lines.map((l) => l.source))].filter((s) => s !== PHONE_SOURCE);
  const referrer = taken ? null : await findReferrer(tx, sources, buyer.id);
  const [placed] = await tx
    .insert(orders)
    .values({
      number: sql`nextval('order_numbers')::text`,
      userId: buyer.id,
      status: "pending_payment",
      paymentMethod: v.paymentMethod,
      name: v.name,
      phone: v.phone,
      email: buyer.email,
      // A digital-only order has no address: empty, as nothing is posted.
      district: physical ? (v.district ?? "") : "",
      area: physical ? (v.area ?? "") : "",
      address: physical ? (v.address ?? "") : "",
      note: v.note ?? null,
      subtotal: view.totalPrice,
      discount: view.discountedAmount,
      delivery: view.deliveryCharges,
      storeCredit: credit,
      total: view.netPrice - credit,
      couponId: view.coupon?.applied ? view.coupon.id : null,
      couponCode: view.coupon?.applied ? view.coupon.code : null,
      source: taken ? PHONE_SOURCE : (referrer?.code ?? sources[0] ?? "website"),
      referrerId: referrer?.id ?? null,
      takenBy: taken?.by ?? null,
      placeKey: taken?.placeKey ?? null,
      physical,
      stockHeld: true,
      reservedStock: Object.fromEntries(needs),
      reservedUntil: immediate ? null : new Date(now.getTime() + PAYMENT_WINDOW_MS),
      waitShipping,
      codRiskLevel: risk?.level ?? null,
      codRisk: risk
        ? {
            delivered: risk.delivered,
            returned: risk.returned,
            refused: risk.refused,
            deliveredPercent: risk.deliveredPercent,
            sources: risk.sources,
            action: risk.level === "risky" ? risk.action : null,
          }
        : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return placed!;
}

/**
 * 6. What the order writes, sent together in this order (decision 43): its lines, the coupon's
 * redemption, the payment, the history line, the address remembered, the cart emptied; then the
 * stock taken and the coupon's use counted. The rows every buyer of a popular book (or of one
 * coupon) shares are taken last, so each buyer holds them for the end of the transaction only
 * (stock in product id order). Answers the order's lines.
 */
async function writeOrder(
  { ctx, tx, buyer, actorId, v, now, cart, taken: byPhone }: Checkout,
  w: {
    view: Priced;
    order: OrderRow;
    tranx: string;
    stock: Awaited<ReturnType<typeof stockNeeds>>;
    immediate: boolean;
    waits: Map<number, { waits: "preorder" | "backorder"; expectedOn: string | null }>;
  },
) {
  const { view, order, tranx, immediate } = w;
  const takes = stockTakes(tx, w.stock, { reason: "sold", orderId: order.id, note: `Order ${order.number}` });
  const { name, phone, district, area, address } = order;
  const [[lines], taken, [counted]] = await Promise.all([
    sendTogether(tx, [
      tx
        .insert(orderLines)
        .values(
          view.lines.map((l) => ({
            orderId: order.id,
            productId: l.productId,
            kind: l.kind,
            title: l.title,
            image: l.image,
            unitPrice: l.unitPrice,
            quantity: l.quantity,
            lineTotal: l.lineTotal,
            discount: l.discount,
            source: l.source,
            waits: w.waits.get(l.productId)?.waits ?? null,
            expectedOn: w.waits.get(l.productId)?.expectedOn ?? null,
          })),
        )
        .returning(),
      order.couponId !== null &&
        tx
          .insert(couponRedemptions)
          .values({ couponId: order.couponId, userId: buyer.id, orderId: order.id, createdAt: now }),
      tx.insert(payments).values({
        orderId: order.id,
        provider: immediate ? (v.paymentMethod === "cod" ? "cod" : "none") : ctx.payments.name,
        tranx,
        amount: order.total,
        createdAt: now,
        updatedAt: now,
      }),
      recordEvent(
        tx,
        order.id,
        "pending_payment",
        byPhone ? "Order taken by phone" : "Order placed",
        actorId,
        now,
      ),
      order.physical && rememberAddressInTx(tx, buyer.id, { name, phone, district, area, address }, now),
      cart !== null && tx.delete(cartLines).where(eq(cartLines.cartId, cart.id)),
      cart !== null &&
        tx
          .update(carts)
          .set({ couponId: null, district: v.district ?? cart.district, updatedAt: now })
          .where(eq(carts.id, cart.id)),
    ]),
    sendTogether(tx, takes.statements),
    sendTogether(tx, [view.coupon?.applied === true && couponUse(tx, view.coupon.id)]),
  ]);
  await stockTaken(tx, takes, taken);
  if (view.coupon?.applied && counted?.length !== 1)
    throw new DomainError(
      "conflict",
      "This coupon has reached its usage limit. Remove the coupon to continue.",
    );
  return lines;
}

/**
 * 7. Confirmed at once (cash on delivery, nothing to pay): the buyer's notice goes with the
 * confirmation's writes. Otherwise (or not confirmed after all) the "placed" notice on its own.
 */
async function confirmOrAnnounce(
  { ctx, tx, buyer, v, now, announce }: Checkout,
  order: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  kinds: { immediate: boolean },
): Promise<boolean> {
  const confirmed =
    kinds.immediate &&
    (await confirmInTx(
      ctx,
      tx,
      order,
      now,
      order.total === 0 && order.storeCredit > 0
        ? "Paid with store credit"
        : v.paymentMethod === "cod"
          ? "Cash on delivery"
          : "Nothing to pay",
      {
        lines,
        alsoSend: [orderNotice(ctx, tx, { type: "confirmed" }, order, now, buyer.locale)],
      },
    ));
  if (!confirmed) {
    const event = announce?.(order) ?? { type: "placed" };
    await sendTogether(tx, [orderNotice(ctx, tx, event, order, now, buyer.locale)]);
  }
  return confirmed;
}

type PlacedBefore = {
  id: number;
  number: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  tranx: string;
};

/**
 * The caller's last order when it was placed from the cart `key` names, lately and not cancelled:
 * what a page that sends the same cart again (a double tap, a second tab) is answered with.
 */
async function findPlacedFrom(tx: Tx, userId: number, key: string, now: Date): Promise<PlacedBefore | null> {
  const [last] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      couponId: orders.couponId,
    })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), gt(orders.createdAt, new Date(now.getTime() - PLACED_ONCE_WINDOW_MS))),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (
    !last ||
    (last.status !== "pending_payment" &&
      last.status !== "payment_failed" &&
      !BOUGHT_STATUSES.includes(last.status))
  )
    return null;
  const lines = await tx
    .select({
      productId: orderLines.productId,
      kind: orderLines.kind,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, last.id));
  if (cartKeyOf(lines, last.couponId) !== key) return null;
  const [attempt] = await tx
    .select({ tranx: payments.tranx })
    .from(payments)
    .where(eq(payments.orderId, last.id))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!attempt) return null;
  const { couponId: _, ...order } = last;
  return { ...order, tranx: attempt.tranx };
}

/** The answer to a cart sent again once placed: the order as placed, or paying it again online. */
async function answerAgain(ctx: Ctx, o: PlacedBefore, origin: string): Promise<CheckoutResult> {
  if (o.paymentMethod === "gateway" && (o.status === "pending_payment" || o.status === "payment_failed")) {
    return payAgain(ctx, o.id, origin);
  }
  return { orderId: o.id, orderNumber: o.number, tranx: o.tranx };
}

/** Why the checkout refuses an e-book or course the buyer would get twice, and what to do. */
function digitalConflictMessage(c: DigitalConflict): string {
  const values = { item: c.item, bundle: c.bundle ?? "", orderNumber: c.orderNumber ?? "" };
  switch (c.reason) {
    case "owned":
      return fillMessage(c.bundle ? M.ownedInBundle : M.owned, values);
    case "unpaid":
      return fillMessage(c.bundle ? M.unpaidInBundle : M.unpaid, values);
    case "twice":
      return fillMessage(c.bundle ? M.twiceInBundle : M.twice, values);
  }
}

/** Finds the account a referral code among the lines' sources belongs to (never the buyer's own). */
async function findReferrer(db: Tx, sources: string[], buyerId: number) {
  const codes = sources.filter((s) => /^[A-Z0-9]{4,16}$/.test(s));
  if (codes.length === 0) return null;
  const [row] = await db
    .select({ id: users.id, code: users.referralCode })
    .from(users)
    .where(and(inArray(users.referralCode, codes), sql`${users.id} <> ${buyerId}`))
    .limit(1);
  return row?.code ? { id: row.id, code: row.code } : null;
}
