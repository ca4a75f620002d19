/**
 * A history of orders for the back office, its lists, statements and reports: `npm run db:seed --
 * --orders 100000` for load tests, written straight into the tables. (The demo's own first-start
 * history is made through the services instead: demo-orders.ts.)
 *
 * Orders are spread over the last months (more of them lately), by customers made for the
 * purpose, with lines of the products there are, districts, sources and referral codes, coupons,
 * cash on delivery and online payment, and every status an order takes. Their money rows follow
 * decision 29 and agree with each other: an invoice for every order that was confirmed (numbered
 * without gaps per Dhaka year, in the order they were issued), a paid payment with `paid_at` for
 * every order paid online, `delivered_at` on delivered orders, weekly courier remittances for most
 * delivered cash-on-delivery orders but the last days', a credit note for every invoiced order
 * cancelled or refunded (and for a few partial refunds), refunds owed or paid for the money the
 * shop had taken, and the history (order_events). Written with multi-row inserts in batches.
 *
 * Stock and sold counts are left as they are (the history is of the past, the shelf is today's);
 * e-books bought in it grant no entitlements.
 */
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { isDigitalKind } from "../../contracts/catalog";
import { DISTRICT_NAMES, isDhakaDistrict } from "../../contracts/districts";
import type { OrderStatus } from "../../contracts/order-status";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "../../contracts/referral";
import type { Db } from "../db/client";
import { pgArrayLiteral } from "../db/pg-array";
import {
  type couponRedemptions,
  coupons,
  type creditNotes,
  invoices,
  type orderEvents,
  type orderLines,
  orders,
  type payments,
  products,
  users,
} from "../db/schema";
import { createRandom, type Random } from "./random";

export type SeedOrdersOptions = {
  /** Months back the history starts (13 by default). */
  months?: number;
  /** Customers to order (made when missing); by default one per 100 orders, at least 1,000. */
  customers?: number;
  batchSize?: number;
  parallel?: number;
  now?: Date;
  seed?: string;
  /** The shop's name on the invoices. */
  shopName?: string;
  onProgress?: (done: number) => void;
};

const DAY = 86_400_000;
const SEED_PHONE_PREFIX = "0159";
const FIRST = [
  "Nusrat",
  "Tanvir",
  "Farhana",
  "Rakib",
  "Sadia",
  "Mehedi",
  "Jannat",
  "Arif",
  "Sumaiya",
  "Imran",
  "Tasnim",
  "Shakil",
  "Nadia",
  "Fahim",
  "Riya",
  "Sabbir",
  "Maliha",
  "Hasib",
  "Anika",
  "Tamim",
];
const LAST = [
  "Ahmed",
  "Hossain",
  "Rahman",
  "Islam",
  "Akter",
  "Chowdhury",
  "Khan",
  "Sarkar",
  "Uddin",
  "Begum",
  "Karim",
  "Haque",
  "Sultana",
  "Mia",
  "Das",
  "Roy",
];
export const AREAS = [
  "Sadar",
  "Bazar Road",
  "College Road",
  "Station Road",
  "Upazila Parishad",
  "New Market",
  "Thana Road",
  "Court Para",
];
export const DHAKA_AREAS = [
  "Mirpur",
  "Dhanmondi",
  "Uttara",
  "Mohammadpur",
  "Farmgate",
  "Badda",
  "Jatrabari",
  "Banasree",
  "Motijheel",
  "Lalbagh",
];
export const SOURCES = ["website", "facebook", "youtube", "google", "messenger"];
const COURIER = "steadfast";

/** `0159NNNNNNN`: phones only the seed uses, so its customers are found again. */
function seedPhone(i: number): string {
  return `${SEED_PHONE_PREFIX}${String(i).padStart(7, "0")}`;
}

function referralCode(r: Random): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += r.pick([...REFERRAL_CODE_ALPHABET]);
  return code;
}

type Customer = {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  referralCode: string | null;
};
type Product = {
  id: number;
  kind: (typeof products.$inferSelect)["kind"];
  title: string;
  price: number;
  image: string | null;
};
type Coupon = { id: number; code: string };

/** The seed's customers, made up to `n` (numbered phones; no password: they never sign in). */
export async function ensureCustomers(db: Db, n: number, r: Random, now: Date): Promise<Customer[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const name = `${r.pick(FIRST)} ${r.pick(LAST)}`;
    return {
      name,
      phone: seedPhone(i + 1),
      hscBatch: `HSC ${r.int(2024, 2027)}`,
      referralCode: referralCode(r),
      phoneVerifiedAt: now,
      createdAt: new Date(now.getTime() - r.int(30, 800) * DAY),
    };
  });
  for (let i = 0; i < rows.length; i += 2_000) {
    await db
      .insert(users)
      .values(rows.slice(i, i + 2_000))
      .onConflictDoNothing();
  }
  return db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      referralCode: users.referralCode,
    })
    .from(users)
    .where(like(users.phone, `${SEED_PHONE_PREFIX}%`))
    .limit(n) as Promise<Customer[]>;
}

/** An instant in the last `months`, more of them lately (a shop that grows). */
function placedAt(r: Random, now: Date, months: number): number {
  const span = months * 30.4 * DAY;
  return now.getTime() - span * (1 - Math.sqrt(r.next())) - 10 * 60_000;
}

type Planned = {
  row: typeof orders.$inferInsert & { number: string; createdAt: Date };
  lines: Omit<typeof orderLines.$inferInsert, "orderId">[];
  /** What happens to it after it is placed. */
  confirmedAt: Date | null;
  paid: "paid" | "failed" | "initiated" | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  refund: { amount: number; at: Date; paidAt: Date | null; credit: boolean } | null;
};

function plan(
  r: Random,
  now: Date,
  at: number,
  number: string,
  customer: Customer,
  shelf: Product[],
  referrers: Customer[],
  couponList: Coupon[],
): Planned {
  const createdAt = new Date(at);
  const age = now.getTime() - at;
  const count = r.chance(0.6) ? 1 : r.chance(0.7) ? 2 : 3;
  const picked = r.sample(shelf, count);
  let subtotal = 0;
  const lines = picked.map((p) => {
    const quantity = isDigitalKind(p.kind) ? 1 : r.chance(0.8) ? 1 : r.int(2, 3);
    subtotal += p.price * quantity;
    return {
      productId: p.id,
      kind: p.kind,
      title: p.title,
      image: p.image,
      unitPrice: p.price,
      quantity,
      lineTotal: p.price * quantity,
      discount: 0,
      source: "website",
    };
  });
  const physical = lines.some((l) => l.kind === "book" || l.kind === "stationary" || l.kind === "bundle");
  const coupon = couponList.length > 0 && r.chance(0.12) ? r.pick(couponList) : null;
  let discount = 0;
  if (coupon) {
    discount = Math.min(Math.floor(subtotal / 10), 20_000);
    let left = discount;
    lines.forEach((l, i) => {
      const share = i === lines.length - 1 ? left : Math.floor((discount * l.lineTotal) / subtotal);
      l.discount = share;
      left -= share;
    });
  }
  const district = r.chance(0.4) ? "Dhaka" : r.pick(DISTRICT_NAMES);
  const delivery = physical ? (isDhakaDistrict(district) ? 6_000 : 12_000) : 0;
  const total = subtotal - discount + delivery;
  const referrer = r.chance(0.12) ? r.pick(referrers) : null;
  const source = referrer?.referralCode ?? (r.chance(0.55) ? "website" : r.pick(SOURCES));
  for (const l of lines) l.source = source;
  const method: "cod" | "gateway" = physical && r.chance(0.62) ? "cod" : "gateway";

  // What became of it, by its age: the old ones are settled, the new ones on their way.
  const roll = r.next();
  let status: OrderStatus;
  if (method === "gateway" && roll < 0.05) status = "payment_failed";
  else if (age < 30 * 60_000 && method === "gateway") status = "pending_payment";
  else if (roll < 0.12) status = "cancelled";
  else if (roll < 0.15) status = "refunded";
  else if (!physical) status = "delivered";
  else if (age < 1 * DAY) status = r.pick(["confirmed", "processing"] as const);
  else if (age < 3 * DAY) status = r.pick(["processing", "shipped", "shipped"] as const);
  else if (age < 6 * DAY) status = r.pick(["shipped", "delivered", "delivered"] as const);
  else status = "delivered";

  const minutes = (m: number) => new Date(at + m * 60_000);
  const invoiced =
    status !== "pending_payment" && status !== "payment_failed" && !(status === "cancelled" && r.chance(0.3));
  const confirmedAt = invoiced ? minutes(method === "gateway" ? 4 : 1) : null;
  const paid =
    method === "gateway"
      ? status === "payment_failed"
        ? "failed"
        : status === "pending_payment"
          ? "initiated"
          : invoiced
            ? "paid"
            : "failed"
      : null;
  const deliveryDays = physical ? r.int(2, 5) : 0;
  const deliveredAt =
    status === "delivered" || (status === "refunded" && method === "cod")
      ? new Date(Math.min(at + deliveryDays * DAY + r.int(60, 600) * 60_000, now.getTime() - 60_000))
      : null;
  const shippedAt =
    physical && (status === "shipped" || deliveredAt)
      ? new Date(Math.min(at + DAY, (deliveredAt ?? now).getTime() - 60_000))
      : null;
  const cancelledAt =
    status === "cancelled"
      ? new Date(Math.min(at + r.int(30, 2 * 24 * 60) * 60_000, now.getTime() - 60_000))
      : null;

  // Money given back: an order paid online and cancelled is owed its total; a refunded order had
  // its cash taken (online, or by the courier) and gets it back; a few delivered orders get part back.
  let refund: Planned["refund"] = null;
  const later = (from: Date, days: number) =>
    new Date(Math.min(from.getTime() + days * DAY, now.getTime() - 60_000));
  if (status === "cancelled" && paid === "paid" && total > 0) {
    refund = {
      amount: total,
      at: cancelledAt!,
      paidAt: r.chance(0.75) ? later(cancelledAt!, r.int(1, 5)) : null,
      credit: true,
    };
  } else if (status === "refunded" && total > 0) {
    const at2 = later(deliveredAt ?? confirmedAt!, r.int(1, 6));
    refund = { amount: total, at: at2, paidAt: r.chance(0.7) ? later(at2, r.int(1, 4)) : null, credit: true };
  } else if (status === "delivered" && r.chance(0.02) && lines[0]!.lineTotal - lines[0]!.discount > 0) {
    const at2 = later(deliveredAt!, r.int(1, 4));
    refund = {
      amount: lines[0]!.lineTotal - lines[0]!.discount,
      at: at2,
      paidAt: r.chance(0.6) ? later(at2, 2) : null,
      credit: true,
    };
  }

  return {
    row: {
      number,
      userId: customer.id,
      status,
      paymentMethod: method,
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      district,
      area: district === "Dhaka" ? r.pick(DHAKA_AREAS) : r.pick(AREAS),
      address: `House ${r.int(1, 120)}, Road ${r.int(1, 30)}`,
      subtotal,
      discount,
      delivery,
      total,
      couponId: coupon?.id ?? null,
      couponCode: coupon?.code ?? null,
      source,
      referrerId: referrer?.id ?? null,
      physical,
      stockHeld: status !== "cancelled" && status !== "refunded" && status !== "payment_failed",
      reservedStock: {},
      reservedUntil: status === "pending_payment" ? new Date(at + 30 * 60_000) : null,
      courier: shippedAt ? COURIER : null,
      consignment: shippedAt ? `SD${number}` : null,
      codCheck: method === "cod" && confirmedAt ? (r.chance(0.85) ? "confirmed" : null) : null,
      codCheckedAt: null,
      deliveredAt,
      slipPrintedAt: shippedAt ? new Date(shippedAt.getTime() - 60 * 60_000) : null,
      createdAt,
      updatedAt: cancelledAt ?? deliveredAt ?? shippedAt ?? confirmedAt ?? createdAt,
      confirmedAt,
      cancelledAt,
    },
    lines,
    confirmedAt,
    paid,
    shippedAt,
    deliveredAt,
    cancelledAt,
    refund,
  };
}

function events(p: Planned, orderId: number): (typeof orderEvents.$inferInsert)[] {
  const out: (typeof orderEvents.$inferInsert)[] = [
    { orderId, status: "pending_payment", note: "Order placed", createdAt: p.row.createdAt },
  ];
  if (p.paid === "failed")
    out.push({
      orderId,
      status: "payment_failed",
      note: "Payment failed",
      createdAt: new Date(p.row.createdAt.getTime() + 3 * 60_000),
    });
  if (p.confirmedAt)
    out.push({
      orderId,
      status: "confirmed",
      note: p.row.paymentMethod === "cod" ? "Cash on delivery" : "Paid online",
      createdAt: p.confirmedAt,
    });
  if (p.shippedAt)
    out.push({ orderId, status: "shipped", note: `Handed to ${COURIER}`, createdAt: p.shippedAt });
  if (p.deliveredAt) out.push({ orderId, status: "delivered", note: null, createdAt: p.deliveredAt });
  if (p.cancelledAt)
    out.push({ orderId, status: "cancelled", note: "Cancelled by staff", createdAt: p.cancelledAt });
  if (p.row.status === "refunded" && p.refund)
    out.push({ orderId, status: "refunded", note: "Refunded", createdAt: p.refund.at });
  return out;
}

function invoiceSnapshot(p: Planned, orderId: number, shopName: string) {
  return {
    number: "",
    issuedAt: p.confirmedAt!.toISOString(),
    shop: { name: shopName, url: null },
    order: {
      id: orderId,
      number: p.row.number,
      placedAt: p.row.createdAt.toISOString(),
      paymentMethod: p.row.paymentMethod,
      couponCode: p.row.couponCode ?? null,
    },
    buyer: { name: p.row.name, phone: p.row.phone, email: p.row.email ?? null },
    deliverTo: { district: p.row.district, area: p.row.area, address: p.row.address },
    lines: p.lines.map((l) => ({
      productId: l.productId,
      kind: l.kind,
      title: l.title,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.lineTotal,
      discount: l.discount ?? 0,
    })),
    subtotal: p.row.subtotal,
    discount: p.row.discount,
    delivery: p.row.delivery,
    total: p.row.total,
  };
}

/** camelCase key -> the column's PostgreSQL type, for `insertRows`. */
type Spec = Record<string, string>;

const ORDER_SPEC: Spec = {
  number: "text",
  userId: "int4",
  status: "order_status",
  paymentMethod: "payment_method",
  name: "text",
  phone: "text",
  email: "text",
  district: "text",
  area: "text",
  address: "text",
  subtotal: "int4",
  discount: "int4",
  delivery: "int4",
  total: "int4",
  couponId: "int4",
  couponCode: "text",
  source: "text",
  referrerId: "int4",
  physical: "bool",
  stockHeld: "bool",
  reservedStock: "jsonb",
  reservedUntil: "timestamptz",
  courier: "text",
  consignment: "text",
  codCheck: "cod_check",
  deliveredAt: "timestamptz",
  slipPrintedAt: "timestamptz",
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
  confirmedAt: "timestamptz",
  cancelledAt: "timestamptz",
};
const LINE_SPEC: Spec = {
  orderId: "int4",
  productId: "int4",
  kind: "product_kind",
  title: "text",
  image: "text",
  unitPrice: "int4",
  quantity: "int4",
  lineTotal: "int4",
  discount: "int4",
  source: "text",
};
const EVENT_SPEC: Spec = { orderId: "int4", status: "text", note: "text", createdAt: "timestamptz" };
const INVOICE_SPEC: Spec = {
  number: "text",
  orderId: "int4",
  userId: "int4",
  total: "int4",
  snapshot: "jsonb",
  issuedAt: "timestamptz",
};
const PAYMENT_SPEC: Spec = {
  orderId: "int4",
  provider: "text",
  tranx: "text",
  gatewayRef: "text",
  gatewayTxnId: "text",
  amount: "int4",
  status: "payment_status",
  reason: "text",
  paidAt: "timestamptz",
  createdAt: "timestamptz",
  updatedAt: "timestamptz",
};
const REDEMPTION_SPEC: Spec = {
  couponId: "int4",
  userId: "int4",
  orderId: "int4",
  createdAt: "timestamptz",
  releasedAt: "timestamptz",
};
const CREDIT_SPEC: Spec = {
  number: "text",
  invoiceId: "int4",
  orderId: "int4",
  amount: "int4",
  reason: "text",
  snapshot: "jsonb",
  issuedAt: "timestamptz",
};
const REFUND_SPEC: Spec = {
  orderId: "int4",
  creditNoteId: "int4",
  amount: "int4",
  method: "text",
  reason: "text",
  reference: "text",
  status: "refund_status",
  createdAt: "timestamptz",
  paidAt: "timestamptz",
};

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function cellOf(v: unknown): string | number | boolean | null {
  if (v === undefined || v === null) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") return JSON.stringify(v);
  return v as string | number | boolean;
}

/**
 * Inserts rows with one statement: each column travels as one array parameter and `unnest`
 * spreads them back into rows (far quicker than a parameter per value). Answers the `returning` columns.
 */
async function insertRows<R extends Record<string, unknown> = Record<string, unknown>>(
  db: Db,
  table: string,
  spec: Spec,
  rows: object[],
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const keys = Object.keys(spec);
  const columns = keys.map(snake).join(", ");
  const arrays = sql.join(
    keys.map(
      (k) =>
        sql`${pgArrayLiteral(rows.map((r) => cellOf((r as Record<string, unknown>)[k])))}::${sql.raw(spec[k]!)}[]`,
    ),
    sql`, `,
  );
  const result = await db.execute(
    sql`insert into ${sql.raw(table)} (${sql.raw(columns)}) select * from unnest(${arrays})${sql.raw(returning ? ` returning ${returning}` : "")}`,
  );
  return ((result as unknown as { rows?: R[] }).rows ?? (result as unknown as R[])) as R[];
}

/** Writes one batch of planned orders and everything that hangs on them. */
async function writeBatch(db: Db, batch: Planned[], tag: string, shopName: string): Promise<void> {
  const ids = await insertRows<{ id: number; number: string }>(
    db,
    "orders",
    ORDER_SPEC,
    batch.map((p) => p.row),
    "id, number",
  );
  const idOf = new Map(ids.map((r) => [r.number, Number(r.id)]));
  const lines: (typeof orderLines.$inferInsert)[] = [];
  const evs: (typeof orderEvents.$inferInsert)[] = [];
  const invs: (typeof invoices.$inferInsert)[] = [];
  const pays: (typeof payments.$inferInsert)[] = [];
  const redemptions: (typeof couponRedemptions.$inferInsert)[] = [];
  for (const p of batch) {
    const orderId = idOf.get(p.row.number)!;
    for (const l of p.lines) lines.push({ ...l, orderId });
    evs.push(...events(p, orderId));
    if (p.confirmedAt) {
      invs.push({
        number: `SEED-${tag}-${orderId}`,
        orderId,
        userId: p.row.userId,
        total: p.row.total,
        snapshot: invoiceSnapshot(p, orderId, shopName),
        issuedAt: p.confirmedAt,
      });
    }
    if (p.paid) {
      const tranx = `seed-${tag}-${p.row.number}`;
      pays.push({
        orderId,
        provider: "sandbox",
        tranx,
        gatewayRef: p.paid === "paid" ? `SBX-${p.row.number}` : null,
        gatewayTxnId: p.paid === "paid" ? `seed-${tag}-txn-${p.row.number}` : null,
        amount: p.row.total,
        status: p.paid,
        reason: p.paid === "failed" ? "Declined by the bank" : null,
        paidAt: p.paid === "paid" ? p.confirmedAt : null,
        createdAt: p.row.createdAt,
        updatedAt: p.confirmedAt ?? p.row.createdAt,
      });
    }
    if (p.row.couponId && p.row.status !== "payment_failed") {
      redemptions.push({
        couponId: p.row.couponId,
        userId: p.row.userId,
        orderId,
        createdAt: p.row.createdAt,
        releasedAt: p.cancelledAt,
      });
    }
  }
  await insertRows(db, "order_lines", LINE_SPEC, lines);
  await insertRows(db, "order_events", EVENT_SPEC, evs);
  await insertRows(db, "invoices", INVOICE_SPEC, invs);
  await insertRows(db, "payments", PAYMENT_SPEC, pays);
  await insertRows(db, "coupon_redemptions", REDEMPTION_SPEC, redemptions);

  // Credit notes (for the invoiced orders cancelled or refunded) and refunds.
  const withInvoice = batch.filter((p) => p.confirmedAt && (p.cancelledAt || p.refund));
  if (withInvoice.length === 0) return;
  const invoiceIds = await db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(
      inArray(
        invoices.orderId,
        withInvoice.map((p) => idOf.get(p.row.number)!),
      ),
    );
  const invoiceOf = new Map(invoiceIds.map((r) => [r.orderId, r.id]));
  const notes: (typeof creditNotes.$inferInsert)[] = [];
  const refundRows: { orderId: number; amount: number; at: Date; paidAt: Date | null }[] = [];
  for (const p of withInvoice) {
    const orderId = idOf.get(p.row.number)!;
    const amount = p.refund?.amount ?? p.row.total;
    const issuedAt = p.cancelledAt ?? p.refund!.at;
    if (amount > 0) {
      notes.push({
        number: `SEED-${tag}-${orderId}`,
        invoiceId: invoiceOf.get(orderId)!,
        orderId,
        amount,
        reason: p.cancelledAt
          ? "Order cancelled"
          : p.row.status === "refunded"
            ? "Order refunded"
            : "Part refunded",
        snapshot: { orderNumber: p.row.number, amount, issuedAt: issuedAt.toISOString() },
        issuedAt,
      });
    }
    if (p.refund)
      refundRows.push({ orderId, amount: p.refund.amount, at: p.refund.at, paidAt: p.refund.paidAt });
  }
  const noteIds = await insertRows<{ id: number; order_id: number }>(
    db,
    "credit_notes",
    CREDIT_SPEC,
    notes,
    "id, order_id",
  );
  const noteOf = new Map(noteIds.map((n) => [Number(n.order_id), Number(n.id)]));
  await insertRows(
    db,
    "refunds",
    REFUND_SPEC,
    refundRows.map((f) => ({
      orderId: f.orderId,
      creditNoteId: noteOf.get(f.orderId) ?? null,
      amount: f.amount,
      method: "bkash",
      reason: "Returned to the buyer",
      reference: f.paidAt ? `BK${f.orderId}` : null,
      status: f.paidAt ? "paid" : "owed",
      createdAt: f.at,
      paidAt: f.paidAt,
    })),
  );
}

/**
 * Numbers the seed's invoices and credit notes as the shop does, INV-/CN-YYYY-NNNNNN without gaps
 * per Dhaka year in the order they were issued, after the numbers already taken; moves the
 * counters on.
 */
async function numberDocuments(db: Db, tag: string): Promise<void> {
  for (const [table, counters, prefix] of [
    ["invoices", "invoice_counters", "INV"],
    ["credit_notes", "credit_note_counters", "CN"],
  ] as const) {
    await db.execute(
      sql.raw(`
      with numbered as (
        select d.id, y.year,
          coalesce(c.last, 0) + row_number() over (partition by y.year order by d.issued_at, d.id) as n
        from ${table} d
        cross join lateral (select extract(year from d.issued_at at time zone 'Asia/Dhaka')::smallint as year) y
        left join ${counters} c on c.year = y.year
        where d.number like 'SEED-${tag}-%'
      )
      update ${table} d set number = '${prefix}-' || numbered.year || '-' || lpad(numbered.n::text, 6, '0')
        ${table === "invoices" ? ", year = numbered.year, seq = numbered.n, snapshot = jsonb_set(d.snapshot, '{number}', to_jsonb('INV-' || numbered.year || '-' || lpad(numbered.n::text, 6, '0')))" : ""}
      from numbered where numbered.id = d.id`),
    );
    await db.execute(
      sql.raw(`
      insert into ${counters} (year, last)
      select extract(year from issued_at at time zone 'Asia/Dhaka')::smallint, max(substring(number from 10)::int)
      from ${table} where number like '${prefix}-____-%' group by 1
      on conflict (year) do update set last = greatest(${counters}.last, excluded.last)`),
    );
  }
}

/**
 * The couriers' weekly remittances: the cash-on-delivery orders delivered in a week (nine in ten
 * of them; the tenth still with the courier) are paid to the shop ten days after the week began,
 * so the last days' cash is still with the couriers.
 */
async function remitCash(db: Db, tag: string, now: Date, afterId: number): Promise<void> {
  const nowSql = sql`(${now.toISOString()}::timestamptz at time zone 'Asia/Dhaka')`;
  await db.execute(sql`
    with eligible as (
      select id, total, date_trunc('week', delivered_at at time zone 'Asia/Dhaka') as wk
      from orders
      where id > ${afterId} and payment_method = 'cod' and delivered_at is not null
        and cod_remittance_id is null and id % 10 <> 3
        and date_trunc('week', delivered_at at time zone 'Asia/Dhaka') + interval '10 days' < ${nowSql}
    ),
    made as (
      insert into cod_remittances (courier, reference, amount, note, received_at, created_at)
      select ${COURIER}, 'SEED-' || ${tag} || '-' || to_char(wk, 'IYYY-IW'), sum(total), 'Weekly payment',
        (wk + interval '10 days') at time zone 'Asia/Dhaka', (wk + interval '10 days') at time zone 'Asia/Dhaka'
      from eligible group by wk
      returning id, reference
    )
    update orders o set cod_remittance_id = made.id
    from eligible e join made on made.reference = 'SEED-' || ${tag} || '-' || to_char(e.wk, 'IYYY-IW')
    where o.id = e.id`);
}

/** Adds `n` orders over the last months with their money rows and history; returns how many were added. */
export async function seedOrders(db: Db, n: number, opts: SeedOrdersOptions = {}): Promise<number> {
  if (n <= 0) return 0;
  const now = opts.now ?? new Date();
  const r = createRandom(opts.seed ?? `orders-${now.toISOString()}`);
  const tag = now.getTime().toString(36);
  const months = opts.months ?? 13;
  const customers = await ensureCustomers(db, opts.customers ?? Math.max(1_000, Math.ceil(n / 100)), r, now);
  const shelf = (
    await db
      .select({
        id: products.id,
        kind: products.kind,
        title: products.title,
        price: products.price,
        image: products.image,
      })
      .from(products)
      .where(and(eq(products.published, true)))
      .orderBy(products.id)
      .limit(3_000)
  ).filter((p) => p.price > 0);
  if (shelf.length === 0) throw new Error("no products to order: seed the catalogue first");
  const couponList = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).limit(20);
  const referrers = r.sample(
    customers.filter((c) => c.referralCode),
    30,
  );

  // When each order was placed, in time order: invoices are then issued in number order.
  const times = Array.from({ length: n }, () => placedAt(r, now, months)).sort((a, b) => a - b);
  const numbers = (
    (await db.execute(
      sql`select nextval('order_numbers')::text as n from generate_series(1, ${n})`,
    )) as unknown as {
      rows: { n: string }[];
    }
  ).rows.map((x) => x.n);

  const batchSize = Math.min(Math.max(opts.batchSize ?? 2_000, 1), 2_000);
  const shopName = opts.shopName ?? "Pathagar";
  const [last] = await db
    .select({ id: sql<number>`coalesce(max(${orders.id}), 0)`.mapWith(Number) })
    .from(orders);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const from = next;
      next = Math.min(n, next + batchSize);
      const batch: Planned[] = [];
      for (let i = from; i < next; i++) {
        batch.push(plan(r, now, times[i]!, numbers[i]!, r.pick(customers), shelf, referrers, couponList));
      }
      await writeBatch(db, batch, tag, shopName);
      done += batch.length;
      opts.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.parallel ?? 1) }, worker));
  await numberDocuments(db, tag);
  await remitCash(db, tag, now, last?.id ?? 0);
  return n;
}
