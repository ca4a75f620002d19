/**
 * The orders area of the back office: the orders list (filters, search by number, phone, name,
 * invoice or consignment), its sub-lists (academic cycle, e-books and courses, the shop's
 * stationery), the bulk actions (status, courier, packing slips), the shop's stationery orders
 * marked delivered in one go, and orders by source.
 *
 * Each order of a bulk action is done in its own transaction by fulfilment's own functions, so one
 * refusal undoes nothing of the others, and every order answers with what was done or why not.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminOrder,
  type AdminOrdersQuery,
  bulkCourierSchema,
  bulkOrderStatusSchema,
  bulkOrdersSchema,
  type OrderBulkResult,
  type OrderHolds,
  type OrderSources,
  type PackingSlips,
  type PaymentState,
  paymentStateOf,
  shopDeliveredSchema,
} from "../../../contracts/admin-orders";
import { isDigitalKind } from "../../../contracts/catalog";
import { courierLabel } from "../../../contracts/fulfilment";
import { BOUGHT_STATUSES, describeOrderStatus } from "../../../contracts/order-status";
import { normalisePhone } from "../../../contracts/phone";
import { addDays, dhakaDayStart } from "../../../contracts/sales";
import type { Db } from "../../db/client";
import { coupons, invoices, orderLines, orders } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, containsPattern } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { shopOnInvoice } from "../money/invoices";
import { bought, lineRevenue, placedWithin, salesRange } from "../money/sales";
import { CSV_BOM, csvRows, csvTaka } from "../platform/csv";
import { bookableCourier } from "./courier-districts";
import { bookWithCourier, setOrderStatus } from "./fulfilment";

export const SEE_ORDERS = "You do not have permission to see orders";
export const SEE_SHOP_ORDERS = "You do not have permission to see the shop's orders";
export const HANDLE_ORDERS = "Only staff with the orders permission can handle orders";
export const HANDLE_SHOP_ORDERS = "Only staff with the stationery permission can handle shop orders";
export const NO_SUCH_ORDER = "No such order";

/**
 * The list counts its matches up to here and then says "1,000+", as the shop's own search does:
 * counting every match of a view read row by row (a name, a payment state, what the orders hold)
 * is what costs, and nobody pages past the first few hundred orders.
 */
export const ORDER_COUNT_CAP = 1_000;

/**
 * A search by a part of a name ("Rahman") is matched row by row, so its count is the one that
 * costs; it counts this many matches past the page's first row and then says "+", so the next
 * pages stay reachable while the count stays cheap (a common name matches thousands of orders).
 */
export const NAME_SEARCH_COUNT = 200;

/** Lines named in a row's items summary before "and N more". */
const SUMMARY_LINES = 3;

type Result = OrderBulkResult["results"][number];

// ---- the list

// Written with explicit table names: drizzle leaves a column unqualified in a select list, where
// `order_id = id` inside a subquery would compare the subquery's own columns.
const refundExists = (status: "owed" | "paid") =>
  sql.raw(`exists (select 1 from refunds r where r.order_id = orders.id and r.status = '${status}')`);
const anyRefund = sql.raw("exists (select 1 from refunds r where r.order_id = orders.id)");
/** The money came in: the gateway confirmed a payment, or the courier took the cash at the door. */
const paidOnline = sql.raw(
  "exists (select 1 from payments p where p.order_id = orders.id and p.status = 'paid')",
);
const collected = sql`((orders.payment_method = 'cod' and orders.delivered_at is not null) or ${paidOnline})`;

function paymentStateIs(state: PaymentState): SQL {
  switch (state) {
    case "refund_owed":
      return refundExists("owed");
    case "refunded":
      return sql`(not ${refundExists("owed")} and ${refundExists("paid")})`;
    case "paid":
      return sql`(not ${anyRefund} and ${collected})`;
    case "unpaid":
      // `collected` negated with its parts apart, so each `not exists` can be an anti-join.
      return sql`(not ${anyRefund} and (orders.payment_method <> 'cod' or orders.delivered_at is null) and not ${paidOnline})`;
  }
}

/** Orders with a line of these kinds, or (cycle) of a product on the academic-cycle track. */
export function holdsSql(holds: OrderHolds): SQL {
  switch (holds) {
    case "digital":
      return sql.raw(
        "exists (select 1 from order_lines l where l.order_id = orders.id and l.kind in ('ebook', 'content'))",
      );
    case "stationery":
      return sql.raw(
        "exists (select 1 from order_lines l where l.order_id = orders.id and l.kind = 'stationary')",
      );
    case "cycle":
      return sql.raw(
        "exists (select 1 from order_lines l join products p on p.id = l.product_id where l.order_id = orders.id and p.tracks @> array['cycle']::text[])",
      );
  }
}

/**
 * The search box: a phone number typed any way (+880…, 01… with spaces) finds the buyer's orders;
 * INV-… an invoice's order; digits an order number; anything else a name (a part of it, any
 * case) or a consignment number. Each kind is one indexed look-up.
 */
function searchSql(q: string): SQL {
  return nameSearched(q)
    ? or(ilike(orders.name, containsPattern(q)), eq(orders.consignment, q.toUpperCase()))!
    : exactSearchSql(q);
}

/** Whether the search box's words are looked for in the buyers' names (no phone, invoice or number). */
function nameSearched(q: string): boolean {
  return !normalisePhone(q) && !/^INV-/i.test(q) && !/^\d+$/.test(q.replace(/^#/, ""));
}

function exactSearchSql(q: string): SQL {
  const phone = normalisePhone(q);
  if (phone) return eq(orders.phone, phone);
  const upper = q.toUpperCase();
  if (/^INV-/.test(upper)) {
    return sql`${orders.id} in (select ${invoices.orderId} from ${invoices} where ${invoices.number} = ${upper})`;
  }
  const number = q.replace(/^#/, "");
  return or(eq(orders.number, number), eq(orders.consignment, number))!;
}

function listWhere(v: AdminOrdersQuery, couponId: number | null, fixed?: OrderHolds): SQL | undefined {
  const where: SQL[] = [];
  if (v.q) where.push(searchSql(v.q));
  if (v.status) where.push(eq(orders.status, v.status));
  if (v.paymentMethod) where.push(eq(orders.paymentMethod, v.paymentMethod));
  if (v.payment) where.push(paymentStateIs(v.payment));
  if (v.physical) where.push(eq(orders.physical, v.physical === "printed"));
  if (v.district) where.push(eq(orders.district, v.district));
  if (v.from) where.push(gte(orders.createdAt, dhakaDayStart(v.from)));
  if (v.to) where.push(lt(orders.createdAt, dhakaDayStart(addDays(v.to, 1))));
  if (v.source) where.push(eq(orders.source, v.source));
  if (v.coupon !== undefined) where.push(couponId === null ? sql`false` : eq(orders.couponId, couponId));
  if (v.codCheck) {
    where.push(eq(orders.paymentMethod, "cod"));
    where.push(v.codCheck === "unchecked" ? isNull(orders.codCheck) : eq(orders.codCheck, v.codCheck));
  }
  if (v.codRisk) where.push(eq(orders.codRiskLevel, v.codRisk));
  if (v.printed !== undefined) {
    where.push(v.printed ? isNotNull(orders.slipPrintedAt) : isNull(orders.slipPrintedAt));
  }
  for (const holds of new Set([fixed, v.holds])) if (holds) where.push(holdsSql(holds));
  return where.length ? and(...where) : undefined;
}

async function couponIdOf(db: Db, code: string): Promise<number | null> {
  const [row] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code)).limit(1);
  return row?.id ?? null;
}

/**
 * What a row needs beyond the order's own columns, read in the page's own statement (a correlated
 * look-up per row of the page, each on an index): its lines in order, for "Title ×2, Other title
 * and 3 more" and the units, and the ledger rows behind its payment state.
 */
/**
 * Whether the row's order has a refund or payment in a state, for the page's own rows. Written as
 * a scalar subquery with `limit 1`, not `exists`: PostgreSQL may run an `exists` in the select
 * list as one hashed subplan over the whole table, planned for every row the filter matches
 * before the page's limit (37,000 paid payments read for 20 rows: 36 ms against 2.7 ms).
 */
const anyRow = (table: "refunds" | "payments", status: "owed" | "paid") =>
  sql.raw(
    `((select 1 from ${table} x where x.order_id = orders.id and x.status = '${status}' limit 1) is not null)`,
  );

const rowExtras = {
  lines: sql<
    [string, number][] | null
  >`(select json_agg(json_build_array(l.title, l.quantity) order by l.id) from order_lines l where l.order_id = orders.id)`,
  refundOwed: sql<boolean>`${anyRow("refunds", "owed")}`,
  refundPaid: sql<boolean>`${anyRow("refunds", "paid")}`,
  paidOnline: sql<boolean>`${anyRow("payments", "paid")}`,
};

function summaryOf(lines: [string, number][] | null): { items: string; itemCount: number } {
  const ls = lines ?? [];
  const named = ls
    .slice(0, SUMMARY_LINES)
    .map(([title, quantity]) => (quantity > 1 ? `${title} ×${quantity}` : title));
  const rest = ls.length - SUMMARY_LINES;
  return {
    items: rest > 0 ? `${named.join(", ")} and ${rest} more` : named.join(", "),
    itemCount: ls.reduce((sum, [, quantity]) => sum + quantity, 0),
  };
}

/**
 * One page of orders for staff with the orders permission (`scope` "shop": the stationery orders,
 * for staff with the stationery permission). `v` is `adminOrdersQuery`'s output: the API and the
 * pages parse the URL's query with it. Newest first by default; the count stops at 10,000.
 */
export async function listOrders(
  ctx: Ctx,
  v: AdminOrdersQuery,
  scope: "orders" | "shop" = "orders",
): Promise<AdminPage<AdminOrder>> {
  if (scope === "shop") requirePermission(ctx, "stationery", SEE_SHOP_ORDERS, SEE_SHOP_ORDERS);
  else requirePermission(ctx, "orders", SEE_ORDERS, SEE_ORDERS);
  // The coupon is looked up first, so the planner sees the one id it is filtering by.
  const couponId = v.coupon ? await couponIdOf(ctx.db, v.coupon) : null;
  const filter = listWhere(v, couponId, scope === "shop" ? "stationery" : undefined);
  const descending = v.sort.startsWith("-");
  const column = v.sort.replace(/^-/, "") === "total" ? orders.total : orders.createdAt;
  const order = descending ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  const cap = v.q && nameSearched(v.q) ? (v.page - 1) * v.limit + NAME_SEARCH_COUNT : ORDER_COUNT_CAP;
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        name: orders.name,
        phone: orders.phone,
        district: orders.district,
        total: orders.total,
        paymentMethod: orders.paymentMethod,
        deliveredAt: orders.deliveredAt,
        status: orders.status,
        physical: orders.physical,
        codCheck: orders.codCheck,
        codRisk: orders.codRiskLevel,
        courier: orders.courier,
        consignment: orders.consignment,
        source: orders.source,
        couponCode: orders.couponCode,
        slipPrintedAt: orders.slipPrintedAt,
        ...rowExtras,
      })
      .from(orders)
      .where(filter)
      .orderBy(...order)
      .limit(v.limit)
      .offset((v.page - 1) * v.limit),
    ctx.db.execute(
      sql`select count(*)::int as n from (select 1 from ${orders} ${filter ? sql`where ${filter}` : sql``} limit ${cap + 1}) as matched`,
    ),
  ]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return {
    items: rows.map(({ deliveredAt, lines, refundOwed, refundPaid, paidOnline: online, ...r }) => ({
      ...r,
      ...summaryOf(lines),
      paymentState: paymentStateOf({
        refundOwed,
        refundPaid,
        collected: online || (r.paymentMethod === "cod" && deliveredAt !== null),
      }),
      createdAt: r.createdAt.toISOString(),
      slipPrintedAt: r.slipPrintedAt?.toISOString() ?? null,
    })),
    total: Math.min(n, cap),
    page: v.page,
    limit: v.limit,
    ...(n > cap ? { more: true } : {}),
  };
}

// ---- bulk actions

async function numbersOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/**
 * Runs `act` on each order in turn (each its own transaction); a refusal is that order's result,
 * not the action's end. When the courier stops answering, the orders after are not tried.
 */
async function eachOrder(
  targets: { id: number | null; number: string | null; refusal?: string }[],
  act: (id: number) => Promise<string>,
): Promise<OrderBulkResult> {
  const results: Result[] = [];
  let down: string | null = null;
  for (const t of targets) {
    if (t.refusal || t.id === null) {
      results.push({ id: t.id, number: t.number, ok: false, message: t.refusal ?? NO_SUCH_ORDER });
      continue;
    }
    if (down) {
      results.push({ id: t.id, number: t.number, ok: false, message: `Not tried: ${down}` });
      continue;
    }
    try {
      results.push({ id: t.id, number: t.number, ok: true, message: await act(t.id) });
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      if (e.kind === "unavailable") down = e.message;
      results.push({ id: t.id, number: t.number, ok: false, message: e.message });
    }
  }
  return { results };
}

async function targetsOf(ctx: Ctx, ids: number[]) {
  const known = await numbersOf(ctx.db, ids);
  return ids.map((id) => ({
    id,
    number: known.get(id) ?? null,
    refusal: known.has(id) ? undefined : NO_SUCH_ORDER,
  }));
}

/** Moves each order to `status` (fulfilment's `setOrderStatus`: history, audit, the buyer's SMS). */
export async function bulkOrderStatus(ctx: Ctx, input: unknown): Promise<OrderBulkResult> {
  requirePermission(ctx, "orders", HANDLE_ORDERS);
  const v = bulkOrderStatusSchema.parse(input);
  return eachOrder(await targetsOf(ctx, v.ids), async (id) => {
    const o = await setOrderStatus(ctx, id, { status: v.status, note: v.note });
    return `Now ${describeOrderStatus(o.status).toLowerCase()}`;
  });
}

/**
 * Books each order (fulfilment's `bookWithCourier`) with the one courier chosen, else with its
 * district's default courier, else the shop's; an order that already has a consignment, or is
 * being booked at that moment, is refused, so a second click or tab books nothing twice.
 */
export async function bulkBookCourier(ctx: Ctx, input: unknown): Promise<OrderBulkResult> {
  requirePermission(ctx, "orders", HANDLE_ORDERS);
  const v = bulkCourierSchema.parse(input);
  if (v.courier) bookableCourier(ctx, v.courier);
  return eachOrder(await targetsOf(ctx, v.ids), async (id) => {
    const o = await bookWithCourier(ctx, id, { courier: v.courier });
    return `Booked with ${courierLabel(o.courier) ?? o.courier}: consignment ${o.consignment}`;
  });
}

/**
 * The shop's stationery orders marked delivered at once, chosen by id or typed/scanned by number,
 * each in its own transaction with its history line, audit entry and the buyer's SMS (sent after
 * the commit). Needs the stationery permission, not the orders one.
 */
export async function markShopOrdersDelivered(ctx: Ctx, input: unknown): Promise<OrderBulkResult> {
  requirePermission(ctx, "stationery", HANDLE_SHOP_ORDERS);
  const v = shopDeliveredSchema.parse(input);
  const found = await ctx.db
    .select({ id: orders.id, number: orders.number, stationery: holdsSql("stationery") })
    .from(orders)
    .where(
      or(
        v.ids.length ? inArray(orders.id, v.ids) : sql`false`,
        v.numbers.length ? inArray(orders.number, v.numbers) : sql`false`,
      ),
    );
  const byId = new Map(found.map((o) => [o.id, o]));
  const byNumber = new Map(found.map((o) => [o.number, o]));
  const seen = new Set<number>();
  const targets: { id: number | null; number: string | null; refusal?: string }[] = [];
  const add = (o: (typeof found)[number] | undefined, typed: { id?: number; number?: string }) => {
    if (!o) {
      targets.push({
        id: typed.id ?? null,
        number: typed.number ?? null,
        refusal: typed.number ? `No order has number ${typed.number}` : NO_SUCH_ORDER,
      });
      return;
    }
    if (seen.has(o.id)) return;
    seen.add(o.id);
    targets.push({
      id: o.id,
      number: o.number,
      refusal: o.stationery ? undefined : `Order ${o.number} holds no stationery`,
    });
  };
  for (const id of v.ids) add(byId.get(id), { id });
  for (const number of v.numbers) add(byNumber.get(number), { number });
  return eachOrder(targets, async (id) => {
    await setOrderStatus(
      ctx,
      id,
      { status: "delivered", note: "Marked delivered with the shop's orders" },
      "stationery",
    );
    return "Delivered";
  });
}

// ---- packing slips

/** Statuses whose parcel may be packed (and its slip printed again). */
const PACKABLE = BOUGHT_STATUSES;

/**
 * The packing slips of the orders, in the order asked, and their `slip_printed_at` set now (one
 * transaction, audited). An order with nothing to ship, or not yet bought, is refused in
 * `results` and gets no slip. Cash to collect: a cash-on-delivery order's total, 0 when paid.
 */
export function printSlips(ctx: Ctx, input: unknown): Promise<PackingSlips> {
  return adminChange(
    ctx,
    "orders",
    bulkOrdersSchema,
    input,
    async (tx, { ids }) => {
      const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).for("update");
      const lines = await tx
        .select({
          orderId: orderLines.orderId,
          title: orderLines.title,
          kind: orderLines.kind,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id));
      const byId = new Map(rows.map((o) => [o.id, o]));
      const now = ctx.now();
      const slips: PackingSlips["slips"] = [];
      const results: Result[] = [];
      for (const id of ids) {
        const o = byId.get(id);
        if (!o) {
          results.push({ id, number: null, ok: false, message: NO_SUCH_ORDER });
          continue;
        }
        const refusal = !o.physical
          ? `Order ${o.number} holds only e-books or courses: nothing to pack`
          : !PACKABLE.includes(o.status)
            ? `Order ${o.number} is ${describeOrderStatus(o.status).toLowerCase()}: nothing to pack`
            : null;
        if (refusal) {
          results.push({ id, number: o.number, ok: false, message: refusal });
          continue;
        }
        slips.push({
          id: o.id,
          number: o.number,
          createdAt: o.createdAt.toISOString(),
          name: o.name,
          phone: o.phone,
          district: o.district,
          area: o.area,
          address: o.address,
          note: o.note,
          paymentMethod: o.paymentMethod,
          cashToCollect: o.paymentMethod === "cod" && o.deliveredAt === null ? o.total : 0,
          lines: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({
              title: l.title,
              kind: l.kind,
              quantity: l.quantity,
              shipped: !isDigitalKind(l.kind),
            })),
        });
        results.push({ id, number: o.number, ok: true, message: "Slip ready" });
      }
      const printed = slips.map((s) => s.id);
      if (printed.length) {
        await tx.update(orders).set({ slipPrintedAt: now }).where(inArray(orders.id, printed));
      }
      return {
        result: { shop: ctx.config.SHOP_NAME, shopDetails: shopOnInvoice(ctx.config), slips, results },
        audit: slips.map((s) => ({
          action: "order.slip",
          entity: "order",
          entityId: s.id,
          before: { slipPrintedAt: byId.get(s.id)?.slipPrintedAt?.toISOString() ?? null },
          after: { slipPrintedAt: now.toISOString() },
        })),
      };
    },
    { refusal: HANDLE_ORDERS, publicChange: false },
  );
}

// ---- orders by source

/**
 * Orders and revenue by source (a referral code or the page the order came from) over a range of
 * Dhaka days, counted as sales are (decision 24: bought orders, on the day placed, lines after
 * their discount, without delivery). Most revenue first.
 */
export async function orderSources(ctx: Ctx, input: unknown): Promise<OrderSources> {
  requirePermission(ctx, "orders", SEE_ORDERS, SEE_ORDERS);
  const { from, to } = salesRange(ctx, input);
  const referral = sql<boolean>`(${orders.referrerId} is not null)`;
  const orderCount = sql<number>`count(distinct ${orders.id})`.mapWith(Number);
  const rows = await ctx.db
    .select({ source: orders.source, referral, orders: orderCount, revenue: lineRevenue })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(bought, placedWithin(from, to)))
    .groupBy(orders.source, referral)
    .orderBy(desc(lineRevenue), asc(orders.source));
  return {
    from,
    to,
    rows,
    totals: {
      orders: rows.reduce((s, r) => s + r.orders, 0),
      revenue: rows.reduce((s, r) => s + r.revenue, 0),
    },
  };
}

export const SOURCE_CSV_COLUMNS = ["Source", "Referral code", "Orders", "Revenue (taka)"] as const;

/** The same as CSV, streamed: a byte-order mark (a spreadsheet then reads Bangla), revenue in taka. */
export async function orderSourcesCsv(
  ctx: Ctx,
  input: unknown,
): Promise<{ filename: string; pieces: AsyncIterable<string> }> {
  const report = await orderSources(ctx, input);
  async function* pieces() {
    yield CSV_BOM + csvRows([SOURCE_CSV_COLUMNS]);
    for (let i = 0; i < report.rows.length; i += 500) {
      yield csvRows(
        report.rows
          .slice(i, i + 500)
          .map((r) => [r.source, r.referral ? "yes" : "no", r.orders, csvTaka(r.revenue)]),
      );
    }
  }
  return { filename: `orders-by-source-${report.from}-to-${report.to}.csv`, pieces: pieces() };
}
