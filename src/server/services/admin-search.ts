/**
 * The back office's one search box: orders, accounts and products, a few of each, exact matches
 * first. Any staff member may search; each group is searched only for staff holding its area
 * (orders: `orders`, accounts: `users`, products: the product areas, each its own kinds), and is
 * null for the others. Every condition is served by an index (order number, consignment and
 * invoice number are unique; the order's phone has its own; names use the trigram indexes).
 */
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { normaliseIsbn, PRODUCT_AREAS } from "../../contracts/admin-products";
import {
  type AdminSearchHit,
  type AdminSearchResult,
  adminSearchQuery,
  MIN_NAME_SEARCH,
  normaliseInvoiceNumber,
  orderNumberOf,
  SEARCH_GROUP_LIMIT,
} from "../../contracts/admin-search";
import type { ProductKind } from "../../contracts/catalog";
import { formatTaka } from "../../contracts/money";
import { describeOrderStatus } from "../../contracts/order-status";
import { normalisePhone } from "../../contracts/phone";
import { adminProductPath } from "../../contracts/sales";
import { invoices, orders, products, users } from "../db/schema";
import { hasPermission, requireStaff } from "./access";
import { userSearchWhere } from "./accounts/admin-users";
import { containsPattern } from "./admin";
import { productSearchWhere } from "./catalog/admin-products";
import type { Ctx } from "./context";

export const SEARCH_REFUSAL = "Only staff can search the back office";

const KIND_WORDS = {
  book: "Book",
  ebook: "E-book",
  bundle: "Bundle",
  content: "Course",
  stationary: "Stationery",
} as const;

/** Finds orders, accounts and products for the search box, each group only for staff holding its area. */
export async function searchAdmin(ctx: Ctx, input: unknown): Promise<AdminSearchResult> {
  const me = requireStaff(ctx, SEARCH_REFUSAL);
  const { q } = adminSearchQuery.parse(input);
  const kinds = Object.values(PRODUCT_AREAS)
    .filter((a) => hasPermission(me, a.permission))
    .flatMap((a): ProductKind[] => [...a.kinds]);
  const [orderHits, userHits, productHits] = await Promise.all([
    hasPermission(me, "orders") ? searchOrders(ctx, q) : null,
    hasPermission(me, "users") ? searchUsers(ctx, q) : null,
    kinds.length > 0 ? searchProducts(ctx, q, kinds) : null,
  ]);
  return { q, orders: orderHits, users: userHits, products: productHits };
}

/** Orders by number, phone (any form), invoice number, consignment, or the buyer's name. */
async function searchOrders(ctx: Ctx, q: string): Promise<AdminSearchHit[]> {
  const number = orderNumberOf(q);
  const phone = normalisePhone(q);
  const invoice = normaliseInvoiceNumber(q);
  const consignment = q.toUpperCase();
  // The invoice's order is looked up first: an `id in (subquery)` inside the OR would make
  // PostgreSQL read every order instead of combining the indexes.
  const [invoiceOrder] = invoice
    ? await ctx.db.select({ id: invoices.orderId }).from(invoices).where(eq(invoices.number, invoice))
    : [];
  const exact: SQL[] = [eq(orders.consignment, consignment)];
  if (number) exact.push(eq(orders.number, number));
  if (phone) exact.push(eq(orders.phone, phone));
  if (invoiceOrder) exact.push(eq(orders.id, invoiceOrder.id));
  const byName =
    q.length >= MIN_NAME_SEARCH && !number && !phone && !invoice
      ? ilike(orders.name, containsPattern(q))
      : undefined;
  const isExact = sql<boolean>`(${or(...exact)})`;
  const rows = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      name: orders.name,
      phone: orders.phone,
      status: orders.status,
      total: orders.total,
      exact: isExact,
    })
    .from(orders)
    .where(or(...exact, byName))
    .orderBy(desc(isExact), desc(orders.createdAt), desc(orders.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    label: `Order ${r.number}`,
    detail: [r.name, r.phone, formatTaka(r.total), describeOrderStatus(r.status)].join(" · "),
    url: `/admin/orders/${r.id}`,
    exact: Boolean(r.exact),
  }));
}

/** Accounts by phone (any form), email or name; an exact phone or email first. */
async function searchUsers(ctx: Ctx, q: string): Promise<AdminSearchHit[]> {
  const phone = normalisePhone(q);
  const exact: SQL[] = [eq(users.email, q.toLowerCase())];
  if (phone) exact.push(eq(users.phone, phone));
  const isExact = sql<boolean>`(${or(...exact)})`;
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      phone: users.phone,
      email: users.email,
      role: users.role,
      exact: isExact,
    })
    .from(users)
    // A whole phone number or email address is looked up by its unique index alone: the
    // pattern search reads every account.
    .where(or(...exact, phone || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(q) ? undefined : userSearchWhere(q)))
    .orderBy(desc(isExact), desc(users.createdAt), desc(users.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    label: r.name,
    detail:
      [r.phone, r.email, r.role === "customer" ? null : r.role].filter(Boolean).join(" · ") ||
      "No phone or email",
    url: `/admin/users/${r.id}`,
    exact: Boolean(r.exact),
  }));
}

/**
 * Whether a product found by `q` is its exact match: an ISBN finds only its book, so exact;
 * otherwise a whole title (either language) or the address is. The search box and the phone
 * order's product search put these first. (Not a bare `true`: PostgreSQL refuses a constant in ORDER BY.)
 */
export function exactProduct(q: string): SQL<boolean> {
  const lower = q.toLowerCase();
  return normaliseIsbn(q)
    ? sql<boolean>`(${products.id} is not null)`
    : sql<boolean>`(lower(${products.title}) = ${lower} or lower(coalesce(${products.titleBn}, '')) = ${lower} or ${products.slug} = ${lower})`;
}

/** Products of the caller's kinds by title, Bangla title, author or ISBN; an ISBN or a whole title first. */
async function searchProducts(ctx: Ctx, q: string, kinds: ProductKind[]): Promise<AdminSearchHit[]> {
  const isExact = exactProduct(q);
  const rows = await ctx.db
    .select({
      id: products.id,
      kind: products.kind,
      title: products.title,
      titleBn: products.titleBn,
      price: products.price,
      published: products.published,
      exact: isExact,
    })
    .from(products)
    .where(and(inArray(products.kind, kinds), productSearchWhere(q)))
    .orderBy(desc(isExact), desc(products.soldCount), desc(products.id))
    .limit(SEARCH_GROUP_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    label: r.title,
    detail: [KIND_WORDS[r.kind], r.titleBn, formatTaka(r.price), r.published ? null : "unpublished"]
      .filter(Boolean)
      .join(" · "),
    url: adminProductPath(r),
    exact: Boolean(r.exact),
  }));
}
