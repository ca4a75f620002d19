/**
 * Orders taken by phone (`/admin/orders/new`): a clerk holding `orders` finds the customer by
 * phone (or names a new one), picks products, the address, a coupon and cash on delivery or a
 * payment link, sees the totals exactly as the buyer will be charged (`quotePhoneOrder`), and
 * places the order (`placePhoneOrder`).
 *
 * Placing is the checkout's own `placeInTx` (services/cart/checkout.ts) on the lines the clerk
 * picked instead of a cart: the same prices, stock, delivery, coupon, invoice and message rules.
 * What differs is who: the order is the customer's (an account is made for a new phone, with no
 * password: the customer signs in later with a code sent to the phone, "Forgot password?"), its
 * source is "phone", it names the clerk, and it is audited. The page's `placeKey` places it once
 * however often it is sent (a double tap, a retry): the key is unique on the order.
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import {
  PHONE_ORDER_CHANGED,
  PHONE_SOURCE,
  phoneCustomerQuery,
  phoneOrderQuoteSchema,
  phoneOrderSchema,
  phoneProductsQuery,
} from "../../../contracts/admin-phone-orders";
import type {
  PhoneCustomer,
  PhoneOrderPlaced,
  PhoneProduct,
  PhoneQuote,
} from "../../../contracts/answers/staff-phone-orders";
import { cartKeyOf } from "../../../contracts/cart-key";
import { isDigitalKind } from "../../../contracts/catalog";
import { type Db, inTransaction } from "../../db/client";
import { orders, products, users } from "../../db/schema";
import { requirePermission } from "../access";
import { isUniqueViolation, newReferralCode } from "../accounts/users";
import { exactProduct } from "../admin-search";
import { listAddressesOf } from "../cart/addresses";
import { DIGITAL_REFUSALS, lockCart, NO_SUCH_PRODUCT, priceFor, stockMessage } from "../cart/cart";
import { afterPlaced, type Checkout, type Placed, type Priced, placeInTx } from "../cart/checkout";
import { COUPON_NOT_FOUND, type CouponRow, findCouponByCode } from "../cart/coupons";
import { effectivePrice } from "../cart/pricing";
import { availabilityColumns, availableSql, type LineRow } from "../cart/statements";
import { productSearchWhere } from "../catalog/admin-products";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import { payLinkUrl } from "./pay-links";

export const TAKE_ORDERS = "Only staff holding orders can take orders by phone";
export const CUSTOMER_BLOCKED = "This customer's account is blocked: it cannot order";

/** How many products the search offers at once. */
const PRODUCT_HITS = 10;

/** The account a phone number belongs to, with its saved addresses; none when no account has it. */
export async function findPhoneCustomer(ctx: Ctx, query: unknown): Promise<PhoneCustomer> {
  requirePermission(ctx, "orders", TAKE_ORDERS);
  const { phone } = phoneCustomerQuery.parse(query);
  const [u] = await ctx.db
    .select({ id: users.id, name: users.name, phone: users.phone, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  if (!u) return { customer: null, addresses: [] };
  const [[placed], addresses] = await Promise.all([
    ctx.db.select({ n: count() }).from(orders).where(eq(orders.userId, u.id)),
    listAddressesOf(ctx.db, u.id),
  ]);
  return {
    customer: {
      id: u.id,
      name: u.name,
      phone: u.phone ?? phone,
      blocked: u.blockedAt !== null,
      orders: Number(placed?.n ?? 0),
    },
    addresses,
  };
}

/** Published products to add, found as the back office's search finds them, exact matches first. */
export async function searchPhoneProducts(ctx: Ctx, query: unknown): Promise<{ items: PhoneProduct[] }> {
  requirePermission(ctx, "orders", TAKE_ORDERS);
  const { q } = phoneProductsQuery.parse(query);
  const rows = await ctx.db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      titleBn: products.titleBn,
      price: products.price,
      salePrice: products.salePrice,
      available: availableSql,
    })
    .from(products)
    .where(and(eq(products.published, true), productSearchWhere(q)))
    .orderBy(desc(exactProduct(q)), desc(products.soldCount), desc(products.id))
    .limit(PRODUCT_HITS);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      titleBn: r.titleBn,
      unitPrice: effectivePrice(r),
      available: r.available === null ? null : Number(r.available),
    })),
  };
}

/**
 * The totals of a phone order as the buyer would be charged now: the checkout's pricing of these
 * lines for the customer with this phone (their coupon uses count) and delivery to the district,
 * with what would refuse it (stock, quantities) and the key to place exactly these totals.
 */
export async function quotePhoneOrder(ctx: Ctx, input: unknown): Promise<PhoneQuote> {
  requirePermission(ctx, "orders", TAKE_ORDERS);
  const v = phoneOrderQuoteSchema.parse(input);
  const [customer] = v.phone
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, v.phone)).limit(1)
    : [];
  const coupon = v.couponCode ? ((await findCouponByCode(ctx, v.couponCode)) ?? null) : null;
  const rows = await readProductLines(ctx.db, v.lines);
  const view = await priceFor(ctx, customer?.id ?? null, undefined, { coupon, district: v.district }, rows);
  return {
    lines: view.lines.map((l, i) => ({
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: l.discount,
      available: rows[i]!.available,
    })),
    totalPrice: view.totalPrice,
    discountedAmount: view.discountedAmount,
    deliveryCharges: view.deliveryCharges,
    netPrice: view.netPrice,
    district: view.district,
    coupon: view.coupon
      ? { code: view.coupon.code, applied: view.coupon.applied, message: view.coupon.message }
      : v.couponCode
        ? { code: v.couponCode, applied: false, message: COUPON_NOT_FOUND }
        : null,
    problems: rows.flatMap((r) => lineProblem(r) ?? []),
    cartKey: keyOf(view),
  };
}

/**
 * Places a phone order for the customer with the order's phone (an account made for a new one),
 * through the checkout's `placeInTx`, audited with the clerk's name. The same `placeKey` again
 * answers with the order it placed; totals other than those shown (`cartKey`) are refused.
 */
export async function placePhoneOrder(ctx: Ctx, input: unknown): Promise<PhoneOrderPlaced> {
  const me = requirePermission(ctx, "orders", TAKE_ORDERS);
  const v = phoneOrderSchema.parse(input);
  const again = await findPlacedByKey(ctx, v.placeKey, me.id);
  if (again) return again;
  let coupon: CouponRow | null = null;
  if (v.couponCode) {
    coupon = (await findCouponByCode(ctx, v.couponCode)) ?? null;
    if (!coupon) throw new DomainError("invalid", COUPON_NOT_FOUND, { couponCode: COUPON_NOT_FOUND });
  }
  const now = ctx.now();
  let done: TxOutcome;
  try {
    done = await inTransaction(ctx.db, (tx) => placeInTxFor(ctx, tx, me.id, v, input, coupon, now));
  } catch (e) {
    // The same key sent twice at once: the second waited on the key's unique index, and the
    // first's order is the answer.
    if (isUniqueViolation(e)) {
      const first = await findPlacedByKey(ctx, v.placeKey, me.id);
      if (first) return first;
    }
    throw e;
  }
  if (done.again) return done.again;
  await afterPlaced(ctx, done.placed);
  const { order, confirmed } = done.placed;
  return {
    orderId: order.id,
    orderNumber: order.number,
    status: confirmed ? "confirmed" : order.status,
    total: order.total,
    customerId: order.userId,
    newCustomer: done.created,
    paymentLink: order.paymentMethod === "gateway" && !confirmed ? payLinkUrl(ctx.config, order) : null,
  };
}

type PhoneOrderValues = ReturnType<typeof phoneOrderSchema.parse>;
/** The transaction's outcome: the order placed now, or the one the key placed before. */
type TxOutcome = { again: PhoneOrderPlaced } | { again: null; placed: Placed; created: boolean };

/** The phone order's one transaction: the customer, their cart row's lock, the lines priced, the order placed, the audit. */
async function placeInTxFor(
  ctx: Ctx,
  tx: Db,
  clerkId: number,
  v: PhoneOrderValues,
  input: unknown,
  coupon: CouponRow | null,
  now: Date,
): Promise<TxOutcome> {
  const { customer, created } = await findOrCreateCustomer(tx, v, now);
  if (customer.blockedAt) throw new DomainError("conflict", CUSTOMER_BLOCKED, { phone: CUSTOMER_BLOCKED });
  // The customer's cart row, as their own checkout takes it: one buyer's orders are placed in turn,
  // so the limits on what their unpaid orders hold and a coupon's uses per buyer hold.
  await lockCart(tx, customer.id, now);
  // A double tap's second request waited for the first's lock: the first's order is its answer,
  // before a coupon or the stock the first used up would refuse it.
  const again = await findPlacedByKey({ ...ctx, db: tx }, v.placeKey, clerkId);
  if (again) return { again };
  const rows = await readProductLines(tx, v.lines);
  for (const r of rows) {
    if (isDigitalKind(r.kind) && r.quantity !== 1) {
      const message = DIGITAL_REFUSALS[r.kind === "content" ? "content" : "ebook"].once;
      throw new DomainError("invalid", message, { lines: message });
    }
  }
  const view = await priceFor(
    { ...ctx, db: tx },
    customer.id,
    undefined,
    { coupon, district: v.district },
    rows,
  );
  const c: Checkout = {
    ctx,
    tx,
    buyer: { id: customer.id, email: customer.email, locale: customer.locale },
    actorId: clerkId,
    v,
    input,
    now,
    cart: null,
    changed: PHONE_ORDER_CHANGED,
    taken: { by: clerkId, placeKey: v.placeKey },
    announce: (order) => ({ type: "payment_link", url: payLinkUrl(ctx.config, order) }),
  };
  const placed = await placeInTx(c, view);
  const { order } = placed;
  await recordAudit(ctx, tx, {
    action: "order.phone",
    entity: "order",
    entityId: order.id,
    after: {
      number: order.number,
      customer: customer.id,
      name: order.name,
      phone: order.phone,
      paymentMethod: order.paymentMethod,
      total: order.total,
      coupon: order.couponCode,
      lines: view.lines.map((l) => ({ productId: l.productId, title: l.title, quantity: l.quantity })),
    },
  });
  if (created) {
    await recordAudit(ctx, tx, {
      action: "user.create",
      entity: "user",
      entityId: customer.id,
      after: { name: customer.name, phone: customer.phone, madeFor: `Order ${order.number}` },
    });
  }
  return { placed, created, again: null };
}

/**
 * The account with the order's phone, or a new customer account with the name given: no password
 * (signing in later is by a code sent to the phone), no HSC batch (the profile dialog asks for it).
 * Two clerks making one phone's account at once make one.
 */
async function findOrCreateCustomer(tx: Db, v: PhoneOrderValues, now: Date) {
  const [found] = await tx.select().from(users).where(eq(users.phone, v.phone)).limit(1);
  if (found) return { customer: found, created: false };
  const [made] = await tx
    .insert(users)
    .values({
      name: v.name,
      phone: v.phone,
      role: "customer",
      referralCode: newReferralCode(),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.phone })
    .returning();
  if (made) return { customer: made, created: true };
  const [other] = await tx.select().from(users).where(eq(users.phone, v.phone)).limit(1);
  return { customer: other!, created: false };
}

/** The order the clerk's key already placed, answered as when it was placed; none when the key is new. */
async function findPlacedByKey(
  ctx: Ctx,
  placeKey: string,
  clerkId: number,
): Promise<PhoneOrderPlaced | null> {
  const [o] = await ctx.db
    .select({
      order: orders,
      customerMadeAt: users.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.placeKey, placeKey))
    .limit(1);
  if (!o) return null;
  // A key is the page's own; another clerk's is no answer to this one.
  if (o.order.takenBy !== clerkId)
    throw new DomainError("conflict", "This order key was used by someone else");
  const { order } = o;
  return {
    orderId: order.id,
    orderNumber: order.number,
    status: order.status,
    total: order.total,
    customerId: order.userId,
    newCustomer: o.customerMadeAt.getTime() === order.createdAt.getTime(),
    paymentLink:
      order.paymentMethod === "gateway" &&
      (order.status === "pending_payment" || order.status === "payment_failed")
        ? payLinkUrl(ctx.config, order)
        : null,
  };
}

/** The lines as the cart reads its own: each product's price, stock and kind, in the order given. */
async function readProductLines(
  db: Db,
  lines: { productId: number; quantity: number }[],
): Promise<LineRow[]> {
  const rows = await db
    .select({
      productId: products.id,
      kind: products.kind,
      title: products.title,
      slug: products.slug,
      image: products.image,
      price: products.price,
      salePrice: products.salePrice,
      available: availableSql,
      ...availabilityColumns,
    })
    .from(products)
    .where(
      and(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
        eq(products.published, true),
      ),
    );
  const byId = new Map(rows.map((r) => [r.productId, r]));
  return lines.map((l) => {
    const r = byId.get(l.productId);
    if (!r) throw new DomainError("invalid", NO_SUCH_PRODUCT, { lines: NO_SUCH_PRODUCT });
    return {
      ...r,
      id: l.productId,
      quantity: l.quantity,
      source: PHONE_SOURCE,
      available: r.available === null ? null : Number(r.available),
    };
  });
}

/** What would refuse a line as it is: an e-book or course more than once, more than the stock. */
function lineProblem(r: LineRow): string | null {
  if (isDigitalKind(r.kind)) {
    return r.quantity === 1 ? null : DIGITAL_REFUSALS[r.kind === "content" ? "content" : "ebook"].once;
  }
  if (r.available !== null && r.quantity > r.available) return `${r.title}: ${stockMessage(r.available)}`;
  return null;
}

/** The key of the totals shown: the checkout's cart key of these lines and the coupon applied. */
function keyOf(view: Priced): string {
  return cartKeyOf(view.lines, view.coupon?.applied ? view.coupon.id : null);
}
