/**
 * The back office's reports: sales over a range of Dhaka days by day, month, product kind, source,
 * district and product (/admin/report), and the stationery shop's sales, stock value and low stock
 * (/admin/report/shop). A sale is decision 24's (services/money/sales.ts: `bought`, `placedWithin`,
 * `lineSale`); credit notes lower the sales of the order they correct, on the day it was placed,
 * up to that order's sales (decision 32). Every figure is aggregated in SQL by Dhaka day; the
 * months, the kinds and the totals are sums of those rows, so they add up to the poisha.
 *
 * CSV: every table of the report; `orders` is the rows behind all of them (one line per order
 * counted), read in pages by id so a long export never holds the database (or PGlite's one
 * connection) for long. A range over LONG_EXPORT_DAYS days, or over LONG_EXPORT_ORDERS orders, is
 * exported by a background job (services/platform/jobs.ts) instead of in the answer.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { PRODUCT_KINDS, type ProductKind } from "../../../contracts/catalog";
import {
  CREDIT_MEANING,
  describeDistrict,
  describeSource,
  LONG_EXPORT_DAYS,
  LONG_EXPORT_ORDERS,
  presetOf,
  presetRange,
  type ReportQuery,
  type ReportSales,
  reportQuerySchema,
  type SalesCsvQuery,
  type SalesTable,
  type ShopReport,
  STOCK_VALUE_MEANING,
  salesCsvQuerySchema,
} from "../../../contracts/reports";
import {
  addDays,
  DEFAULT_SALES_DAYS,
  daysBetween,
  dhakaDay,
  MAX_SALES_DAYS,
  periodsOf,
  SALES_MEANING,
} from "../../../contracts/sales";
import { LOW_STOCK } from "../../../contracts/stock";
import type { Db } from "../../db/client";
import { dhakaText } from "../../db/dhaka";
import { orderLines, orders, products } from "../../db/schema";
import { requirePermission } from "../access";
import { effectivePriceSql } from "../cart/pricing";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { CSV_BOM, type CsvCell, csvFile, csvRows, csvTaka } from "../platform/csv";
import { bought, lineSale, placedWithin } from "./sales";

export const REPORTS_REFUSAL = "You do not have permission to see the reports";
export const SHOP_REPORT_REFUSAL = "You do not have permission to see the stationery shop's report";
export const LONG_EXPORT_MESSAGE = `A range over ${LONG_EXPORT_DAYS} days or ${LONG_EXPORT_ORDERS.toLocaleString("en")} orders is exported as a background job`;

const TOP_PRODUCTS = 10;
const LOW_STOCK_ROWS = 50;
/** Orders read at a time by a CSV of the orders (a page is one short query). */
export const EXPORT_PAGE = 2_000;

type Range = { from: string; to: string; preset: string | null };
type Figures = { orders: number; units: number; sales: number; credited: number; net: number };
type Row = Figures & { key: string };

/** The range asked for: a preset, or from/to, by default the last 30 days; 400 naming the field otherwise. */
export function reportRange(now: Date, q: ReportQuery): Range {
  const today = dhakaDay(now);
  if (q.preset) return { ...presetRange(q.preset, today), preset: q.preset };
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
  return { from, to, preset: presetOf(from, to, now) };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

const num = (v: unknown) => Number(v ?? 0);
const figures = (r: { orders: unknown; units: unknown; sales: unknown; credited: unknown }): Figures => {
  const sales = num(r.sales);
  const credited = num(r.credited);
  return { orders: num(r.orders), units: num(r.units), sales, credited, net: sales - credited };
};
const ZERO: Figures = { orders: 0, units: 0, sales: 0, credited: 0, net: 0 };

function add(a: Figures, b: Figures): Figures {
  return {
    orders: a.orders + b.orders,
    units: a.units + b.units,
    sales: a.sales + b.sales,
    credited: a.credited + b.credited,
    net: a.net + b.net,
  };
}

const dhakaDaySql = dhakaText(orders.createdAt, "YYYY-MM-DD");

/**
 * `oc`: the counted orders of a range (or of one page of it, by id), one row each with its Dhaka
 * day, source, district, units, sales and credited amount (the credit notes on it, up to its
 * sales), as a WITH prefix the report groups and the CSV pages through.
 */
function countedOrders(from: string, to: string, page?: { after: number; limit: number }) {
  // A page is chosen first by id (the orders CSV); the whole range is one hash join of its orders
  // and their lines, grouped by order. A page's credit notes are looked up by its ids; a whole
  // range sums every credit note by order instead (a small table: about one order in eight has
  // one), which is cheaper than hashing the range's ids (EXPLAIN ANALYZE: about 15% less).
  const which = page
    ? sql`${orders.id} in (
        select ${orders.id} from ${orders}
        where ${and(bought, placedWithin(from, to), gt(orders.id, page.after))}
        order by ${orders.id} limit ${page.limit})`
    : and(bought, placedWithin(from, to));
  return sql`
    with o as (
      select ${orders.id} as id, ${dhakaDaySql} as day, ${orders.source} as source, ${orders.district} as district,
        sum(${orderLines.quantity}) as units, sum(${lineSale}) as sales
      from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
      where ${which}
      group by ${orders.id}
    ),
    c as (
      select order_id, sum(amount) as credited from credit_notes
      ${page ? sql`where order_id in (select id from o)` : sql``} group by order_id
    ),
    oc as (select o.*, least(coalesce(c.credited, 0), o.sales) as credited from o left join c on c.order_id = o.id)`;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<string, unknown>[];
}

async function orderFigures(db: Db, from: string, to: string) {
  // A year is ~100,000 orders grouped by order in memory: with the default 4 MB the grouping
  // spills to disk and takes several times longer (EXPLAIN ANALYZE), so this statement gets more.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '32MB'`);
    return tx.execute(sql`
      ${countedOrders(from, to)}
      select case when grouping(day) = 0 then 'day' when grouping(source) = 0 then 'source' else 'district' end as dim,
        coalesce(day, source, district) as key,
        count(*) as orders, sum(units) as units, sum(sales) as sales, sum(credited) as credited
      from oc
      group by grouping sets ((day), (source), (district))`);
  });
  const by: Record<"day" | "source" | "district", Row[]> = { day: [], source: [], district: [] };
  for (const r of rowsOf(result)) {
    by[r.dim as "day" | "source" | "district"].push({ key: String(r.key), ...figures(r as never) });
  }
  return by;
}

/** Every product sold in the range with its units and sales (before credit notes), most sales first. */
function productFigures(db: Db, from: string, to: string, kinds?: ProductKind[]) {
  const sales = sql<number>`coalesce(sum(${lineSale}), 0)`.mapWith(Number);
  const units = sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number);
  return db
    .select({ id: products.id, kind: products.kind, title: products.title, units, sales })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(bought, placedWithin(from, to), kinds ? inArray(products.kind, kinds) : undefined))
    .groupBy(products.id, products.kind, products.title)
    .orderBy(sql`${sales} desc`, sql`${units} desc`, asc(products.id));
}

function byNet(a: Row, b: Row): number {
  return b.net - a.net || b.orders - a.orders || (a.key < b.key ? -1 : 1);
}

/** Orders placed in the range, every status: what an export of it would read. */
async function ordersPlaced(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(placedWithin(from, to));
  return row?.n ?? 0;
}

function exportMode(range: Range, placed: number): "stream" | "job" {
  return daysBetween(range.from, range.to) > LONG_EXPORT_DAYS || placed > LONG_EXPORT_ORDERS
    ? "job"
    : "stream";
}

/** The sales report of a range: every table in one answer (money in poisha). */
export async function salesReport(ctx: Ctx, input: unknown): Promise<ReportSales> {
  requirePermission(ctx, "reports", REPORTS_REFUSAL);
  const range = reportRange(ctx.now(), reportQuerySchema.parse(input));
  return buildSalesReport(ctx.db, range);
}

async function buildSalesReport(db: Db, range: Range): Promise<ReportSales> {
  const { from, to } = range;
  const [by, sold, placed] = await Promise.all([
    orderFigures(db, from, to),
    productFigures(db, from, to),
    ordersPlaced(db, from, to),
  ]);
  const days = new Map(by.day.map((r) => [r.key, r]));
  const byDay = periodsOf(from, to, "day").map((key) => days.get(key) ?? { key, ...ZERO });
  const months = new Map<string, Row>();
  for (const d of byDay) {
    const key = d.key.slice(0, 7);
    const { key: _day, ...f } = d;
    months.set(key, { key, ...add(months.get(key) ?? ZERO, f) });
  }
  const kinds = new Map<ProductKind, { units: number; sales: number }>();
  for (const p of sold) {
    const k = kinds.get(p.kind) ?? { units: 0, sales: 0 };
    kinds.set(p.kind, { units: k.units + p.units, sales: k.sales + p.sales });
  }
  return {
    salesMeaning: SALES_MEANING,
    creditMeaning: CREDIT_MEANING,
    from,
    to,
    preset: range.preset,
    totals: byDay.reduce<Figures>((t, { key: _k, ...f }) => add(t, f), ZERO),
    byDay,
    byMonth: [...months.values()],
    bySource: by.source.sort(byNet),
    byDistrict: by.district.sort(byNet),
    byKind: PRODUCT_KINDS.map((kind) => ({ kind, ...(kinds.get(kind) ?? { units: 0, sales: 0 }) })),
    topProducts: sold.slice(0, TOP_PRODUCTS),
    export: { mode: exportMode(range, placed), orders: placed },
  };
}

// ---- CSV

const FIGURE_COLUMNS = ["Orders", "Units", "Sales (taka)", "Credited (taka)", "Net (taka)"];

/** A message in English, its values put in: the CSV's words (the page shows them in its language). */
const inEnglish = (id: string, values?: Record<string, string>) =>
  id.replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole);
const figureCells = (r: Figures): CsvCell[] => [
  r.orders,
  r.units,
  csvTaka(r.sales),
  csvTaka(r.credited),
  csvTaka(r.net),
];

/** One aggregate table of the report as CSV (small whatever the range: a row per day at most). */
async function tableCsv(db: Db, range: Range, table: Exclude<SalesTable, "orders">): Promise<string> {
  const r = await buildSalesReport(db, range);
  switch (table) {
    case "day":
      return csvFile(
        ["Day", ...FIGURE_COLUMNS],
        r.byDay.map((d) => [d.key, ...figureCells(d)]),
      );
    case "month":
      return csvFile(
        ["Month", ...FIGURE_COLUMNS],
        r.byMonth.map((d) => [d.key, ...figureCells(d)]),
      );
    case "source":
      return csvFile(
        ["Source", ...FIGURE_COLUMNS],
        r.bySource.map((d) => [describeSource(d.key, inEnglish), ...figureCells(d)]),
      );
    case "district":
      return csvFile(
        ["District", ...FIGURE_COLUMNS],
        r.byDistrict.map((d) => [describeDistrict(d.key, inEnglish), ...figureCells(d)]),
      );
    case "kind":
      return csvFile(
        ["Kind", "Units", "Sales (taka)"],
        r.byKind.map((k) => [k.kind, k.units, csvTaka(k.sales)]),
      );
    case "products": {
      const all = await productFigures(db, range.from, range.to);
      return csvFile(
        ["Product id", "Kind", "Title", "Units", "Sales (taka)"],
        all.map((p) => [p.id, p.kind, p.title, p.units, csvTaka(p.sales)]),
      );
    }
  }
}

const ORDER_COLUMNS = [
  "Order",
  "Placed (Dhaka)",
  "Status",
  "Payment",
  "District",
  "Source",
  "Coupon",
  ...FIGURE_COLUMNS.slice(1),
];

/** How many orders the `orders` CSV of a range holds (its progress's total). */
export async function countedOrderCount(db: Db, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(bought, placedWithin(from, to)));
  return row?.n ?? 0;
}

/**
 * The `orders` CSV of a range in pieces: the byte-order mark and header, then one piece per page
 * of EXPORT_PAGE orders (by id). `onPage` hears the orders done so far.
 */
export async function* ordersCsvPieces(
  db: Db,
  from: string,
  to: string,
  onPage?: (done: number) => Promise<void>,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRows([ORDER_COLUMNS]);
  let after = 0;
  let done = 0;
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        ${countedOrders(from, to, { after, limit: pageSize })}
        select oc.id, o.number, ${dhakaText(sql`o.created_at`, "YYYY-MM-DD HH24:MI")} as placed,
          o.status, o.payment_method, o.district, o.source, o.coupon_code, oc.units, oc.sales, oc.credited
        from oc join orders o on o.id = oc.id
        order by oc.id`),
    );
    if (rows.length === 0) return;
    yield csvRows(
      rows.map((r) => {
        const f = figures({ orders: 1, units: r.units, sales: r.sales, credited: r.credited });
        return [
          String(r.number),
          String(r.placed),
          String(r.status),
          String(r.payment_method),
          String(r.district),
          String(r.source),
          r.coupon_code ? String(r.coupon_code) : "",
          ...figureCells(f).slice(1),
        ];
      }),
    );
    done += rows.length;
    after = Number(rows[rows.length - 1]!.id);
    await onPage?.(done);
    if (rows.length < pageSize) return;
    // Let requests waiting for the database (PGlite has one connection) go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export function salesCsvFilename(range: { from: string; to: string }, table: SalesTable): string {
  return `sales-${table}-${range.from}-to-${range.to}.csv`;
}

/**
 * A table of the sales report as CSV, in the answer: a string for the aggregate tables, a stream
 * for the orders. A range long enough to take more than a moment is refused with 400 saying to
 * start a background job (POST /api/admin/jobs, kind `sales-csv`).
 */
export async function salesCsv(
  ctx: Ctx,
  input: unknown,
): Promise<{ filename: string; body: string | ReadableStream<Uint8Array> }> {
  requirePermission(ctx, "reports", REPORTS_REFUSAL);
  const q = salesCsvQuerySchema.parse(input);
  const range = reportRange(ctx.now(), q);
  const filename = salesCsvFilename(range, q.table);
  if (q.table !== "orders") return { filename, body: await tableCsv(ctx.db, range, q.table) };
  if (exportMode(range, await ordersPlaced(ctx.db, range.from, range.to)) === "job") {
    throw new DomainError("invalid", LONG_EXPORT_MESSAGE, { to: LONG_EXPORT_MESSAGE });
  }
  const pieces = ordersCsvPieces(ctx.db, range.from, range.to);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (err) {
        ctx.log.error({ err }, "reports: the orders CSV failed part way");
        controller.error(err);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return { filename, body };
}

/** A sales CSV as a background job does it: the whole file, with progress by page for the orders. */
export async function salesCsvForJob(
  db: Db,
  now: Date,
  params: SalesCsvQuery,
  progress: (done: number, total: number | null) => Promise<void>,
  pageSize = EXPORT_PAGE,
): Promise<{ filename: string; csv: string }> {
  const range = reportRange(now, params);
  const filename = salesCsvFilename(range, params.table);
  if (params.table !== "orders") {
    await progress(0, 1);
    const csv = await tableCsv(db, range, params.table);
    await progress(1, 1);
    return { filename, csv };
  }
  const total = await countedOrderCount(db, range.from, range.to);
  await progress(0, total);
  const pieces: string[] = [];
  for await (const piece of ordersCsvPieces(
    db,
    range.from,
    range.to,
    (done) => progress(done, total),
    pageSize,
  )) {
    pieces.push(piece);
  }
  return { filename, csv: pieces.join("") };
}

// ---- the stationery shop

/** Stationery sold over the range by day and product, the stock's value and the low stock. */
export async function shopReport(ctx: Ctx, input: unknown): Promise<ShopReport> {
  requirePermission(ctx, "stationery", SHOP_REPORT_REFUSAL);
  const range = reportRange(ctx.now(), reportQuerySchema.parse(input));
  const { from, to } = range;
  const stationery = eq(orderLines.kind, "stationary");
  const day = sql<string>`${dhakaDaySql}`;
  const stationeryProducts = and(eq(products.kind, "stationary"), isNotNull(products.stock));
  const [days, sold, [stock], low] = await Promise.all([
    ctx.db
      .select({
        key: day,
        orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
        units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
        sales: sql<number>`coalesce(sum(${lineSale}), 0)`.mapWith(Number),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(bought, placedWithin(from, to), stationery))
      .groupBy(day),
    productFigures(ctx.db, from, to, ["stationary"]),
    ctx.db
      .select({
        products: sql<number>`count(*) filter (where ${products.stock} > 0)`.mapWith(Number),
        units: sql<number>`coalesce(sum(${products.stock}), 0)`.mapWith(Number),
        value:
          sql<number>`coalesce(sum(${products.stock}::bigint * ${effectivePriceSql(products)}), 0)`.mapWith(
            Number,
          ),
      })
      .from(products)
      .where(stationeryProducts),
    ctx.db
      .select({
        id: products.id,
        title: products.title,
        stock: sql<number>`${products.stock}`.mapWith(Number),
        published: products.published,
      })
      .from(products)
      .where(and(stationeryProducts, lte(products.stock, LOW_STOCK)))
      .orderBy(asc(products.stock), asc(products.title), asc(products.id))
      .limit(LOW_STOCK_ROWS),
  ]);
  const byDayMap = new Map(days.map((d) => [d.key, d]));
  const byDay = periodsOf(from, to, "day").map(
    (key) => byDayMap.get(key) ?? { key, orders: 0, units: 0, sales: 0 },
  );
  return {
    from,
    to,
    preset: range.preset,
    stockValueMeaning: STOCK_VALUE_MEANING,
    totals: byDay.reduce(
      (t, d) => ({ orders: t.orders + d.orders, units: t.units + d.units, sales: t.sales + d.sales }),
      {
        orders: 0,
        units: 0,
        sales: 0,
      },
    ),
    byDay,
    products: sold,
    stock: stock ?? { products: 0, units: 0, value: 0 },
    lowStock: low,
    lowStockThreshold: LOW_STOCK,
  };
}
