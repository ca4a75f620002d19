/**
 * Sales for the back office: the dashboard's figures and a product's sales by day or month. What
 * counts as a sale is said once, in contracts/sales.ts (SALES_MEANING): bought orders, on the
 * Dhaka day they were placed, at their lines' price after the discount, without delivery.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import { PRODUCT_KINDS, type ProductKind } from "../../../contracts/catalog";
import { BOUGHT_STATUSES, ORDER_STATUSES } from "../../../contracts/order-status";
import type { AdminArea } from "../../../contracts/permissions";
import {
  addDays,
  type Dashboard,
  DEFAULT_SALES_DAYS,
  daysBetween,
  dhakaDay,
  dhakaDayStart,
  MAX_SALES_DAYS,
  type ProductSales,
  periodsOf,
  SALES_AREA,
  SALES_MEANING,
  type SalesGroup,
  type SalesRow,
  salesQuerySchema,
} from "../../../contracts/sales";
import { LOW_STOCK } from "../../../contracts/stock";
import { dhakaText } from "../../db/dhaka";
import { orderLines, orders, products } from "../../db/schema";
import { hasPermission, requirePermission, requireStaff } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { csvFile, csvTaka } from "../platform/csv";

export const SALES_REFUSAL = "You do not have permission to see this product's sales";
export const DASHBOARD_REFUSAL = "Only staff can open the dashboard";
export const NO_SUCH_PRODUCT = "No such product";

/** Products in the dashboard's top list and its low-stock list. */
const TOP_PRODUCTS = 10;
const LOW_STOCK_ROWS = 20;

/** What a line sold for: its total less its share of the order's discount (the reports share it). */
export const lineSale = sql<number>`(${orderLines.lineTotal} - ${orderLines.discount})`;
export const lineRevenue = sql<number>`coalesce(sum(${lineSale}), 0)`.mapWith(Number);
const lineUnits = sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number);
/** The orders that are sales (decision 24). */
export const bought = inArray(orders.status, BOUGHT_STATUSES);

/** Orders placed from the start of Dhaka day `from` to the end of Dhaka day `to`. */
export function placedWithin(from: string, to: string) {
  return and(gte(orders.createdAt, dhakaDayStart(from)), lt(orders.createdAt, dhakaDayStart(addDays(to, 1))));
}

function periodSql(group: SalesGroup) {
  return dhakaText(orders.createdAt, group === "day" ? "YYYY-MM-DD" : "YYYY-MM");
}

/** Every period of the range with its figures, zero where nothing sold. */
function zeroFilled(from: string, to: string, group: SalesGroup, found: SalesRow[]): SalesRow[] {
  const byPeriod = new Map(found.map((r) => [r.period, r]));
  return periodsOf(from, to, group).map((period) => byPeriod.get(period) ?? { period, units: 0, revenue: 0 });
}

/** The range asked for, defaulted and checked: 400 naming the field for a range that cannot be. */
export function salesRange(ctx: Ctx, input: unknown) {
  const q = salesQuerySchema.parse(input);
  const today = dhakaDay(ctx.now());
  const to = q.to ?? (q.from ? minDay(addDays(q.from, DEFAULT_SALES_DAYS - 1), today) : today);
  const from = q.from ?? addDays(to, -(DEFAULT_SALES_DAYS - 1));
  if (from > to) {
    throw new DomainError("invalid", "The range must start on or before its last day", {
      from: "from must be on or before to",
    });
  }
  if (daysBetween(from, to) > MAX_SALES_DAYS) {
    throw new DomainError("invalid", "The range is at most two years", {
      to: `The range is at most ${MAX_SALES_DAYS} days`,
    });
  }
  return { from, to, group: q.group };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

/**
 * The product (of one of `kinds`) whose sales the caller may see. Permission before existence: a
 * missing id is 404 only to a caller holding the area of every kind asked for; anyone else gets
 * the same 403 as for a product of an area they lack, so no answer tells them what exists there.
 */
async function salesProduct(ctx: Ctx, id: number, kinds: readonly ProductKind[]) {
  requireStaff(ctx, SALES_REFUSAL);
  const [product] = await ctx.db
    .select({ id: products.id, kind: products.kind, title: products.title, titleBn: products.titleBn })
    .from(products)
    .where(and(eq(products.id, id), inArray(products.kind, [...kinds])));
  if (!product) {
    for (const kind of kinds) requirePermission(ctx, SALES_AREA[kind], SALES_REFUSAL);
    throw new DomainError("not_found", NO_SUCH_PRODUCT);
  }
  requirePermission(ctx, SALES_AREA[product.kind], SALES_REFUSAL);
  return product;
}

/** A product's units and revenue per Dhaka day or month over a range (default: the last 30 days). */
export async function productSales(
  ctx: Ctx,
  id: number,
  input: unknown,
  kinds: readonly ProductKind[] = PRODUCT_KINDS,
): Promise<ProductSales> {
  const product = await salesProduct(ctx, id, kinds);
  const { from, to, group } = salesRange(ctx, input);
  const period = periodSql(group);
  const found = await ctx.db
    .select({ period, units: lineUnits, revenue: lineRevenue })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.productId, product.id), bought, placedWithin(from, to)))
    .groupBy(period);
  const rows = zeroFilled(from, to, group, found);
  return {
    product,
    group,
    from,
    to,
    rows,
    totals: {
      units: rows.reduce((s, r) => s + r.units, 0),
      revenue: rows.reduce((s, r) => s + r.revenue, 0),
    },
  };
}

/** The same figures as CSV for a spreadsheet: a UTF-8 byte-order mark (Excel then reads Bangla), revenue in taka. */
export async function productSalesCsv(
  ctx: Ctx,
  id: number,
  input: unknown,
): Promise<{ filename: string; csv: string }> {
  const sales = await productSales(ctx, id, input);
  const header = ["Product", sales.group === "day" ? "Day" : "Month", "Units", "Revenue (taka)"];
  const title = sales.product.titleBn
    ? `${sales.product.title} (${sales.product.titleBn})`
    : sales.product.title;
  const csv = csvFile(
    header,
    sales.rows.map((r) => [title, r.period, r.units, csvTaka(r.revenue)]),
  );
  return { filename: `sales-${sales.product.id}-${sales.from}-to-${sales.to}-by-${sales.group}.csv`, csv };
}

/**
 * The dashboard, with only what the caller may see: sales and orders for staff holding `reports`
 * or `orders`, low stock for those holding `books` or `stationery` (each their own kind); a part
 * the caller may not see is null. Any staff member may ask.
 */
export async function dashboard(ctx: Ctx): Promise<Dashboard> {
  const me = requireStaff(ctx, DASHBOARD_REFUSAL);
  const today = dhakaDay(ctx.now());
  const seesSales = hasPermission(me, "reports") || hasPermission(me, "orders");
  const stockKinds = (
    [
      ["books", "book"],
      ["stationery", "stationary"],
    ] as const satisfies readonly (readonly [AdminArea, string])[]
  )
    .filter(([area]) => hasPermission(me, area))
    .map(([, kind]) => kind);
  const [sales, lowStock] = await Promise.all([
    seesSales ? salesFigures(ctx, today) : null,
    stockKinds.length > 0 ? lowStockOf(ctx, stockKinds) : null,
  ]);
  return { salesMeaning: SALES_MEANING, today, sales, lowStock };
}

async function salesFigures(ctx: Ctx, today: string): Promise<NonNullable<Dashboard["sales"]>> {
  const first = addDays(today, -(DEFAULT_SALES_DAYS - 1));
  const monthStart = `${today.slice(0, 7)}-01`;
  const since = minDay(first, monthStart);
  const day = periodSql("day");
  // One pass over the lines of the month and the 30 days, by day; today and the month add up from it.
  const [byDay, top, statuses] = await Promise.all([
    ctx.db
      .select({
        period: day,
        orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
        units: lineUnits,
        revenue: lineRevenue,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(bought, placedWithin(since, today)))
      .groupBy(day),
    ctx.db
      .select({
        id: products.id,
        kind: products.kind,
        title: products.title,
        units: lineUnits,
        revenue: lineRevenue,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(bought, placedWithin(first, today)))
      .groupBy(products.id, products.kind, products.title)
      .orderBy(desc(lineRevenue), desc(lineUnits), asc(products.id))
      .limit(TOP_PRODUCTS),
    ctx.db.select({ status: orders.status, count: count() }).from(orders).groupBy(orders.status),
  ]);
  const sum = (rows: typeof byDay) => ({
    orders: rows.reduce((s, r) => s + r.orders, 0),
    units: rows.reduce((s, r) => s + r.units, 0),
    revenue: rows.reduce((s, r) => s + r.revenue, 0),
  });
  const counts = new Map(statuses.map((s) => [s.status, s.count]));
  return {
    today: sum(byDay.filter((r) => r.period === today)),
    month: sum(byDay.filter((r) => r.period >= monthStart)),
    days: zeroFilled(
      first,
      today,
      "day",
      byDay
        .filter((r) => r.period >= first)
        .map(({ period, units, revenue }) => ({ period, units, revenue })),
    ),
    top,
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
  };
}

async function lowStockOf(
  ctx: Ctx,
  kinds: ("book" | "stationary")[],
): Promise<NonNullable<Dashboard["lowStock"]>> {
  const low = and(
    inArray(products.kind, kinds),
    eq(products.published, true),
    isNotNull(products.stock),
    lte(products.stock, LOW_STOCK),
  );
  const [items, [total]] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        kind: products.kind,
        title: products.title,
        stock: sql<number>`${products.stock}`,
      })
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.title), asc(products.id))
      .limit(LOW_STOCK_ROWS),
    ctx.db.select({ total: count() }).from(products).where(low),
  ]);
  return { threshold: LOW_STOCK, total: total?.total ?? 0, items };
}
