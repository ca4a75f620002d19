/**
 * Staff's side of the catalogue: list, read, add, edit, delete, bulk changes and stock, for every
 * kind of product, through the admin pattern (decision 23). The areas (books, bundles, content,
 * stationery) share this one service; each sees only its own kinds, under its own permission.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  AVAILABILITY_FIELDS,
  BUNDLE_DEARER,
  BUNDLE_DEARER_BULK,
  COURSE_NEEDS_CHAPTER,
  EBOOK_NEEDS_PDF,
  KIND_FIELDS,
  LOW_STOCK,
  normaliseIsbn,
  PRODUCT_AREAS,
  type ProductArea,
  type ProductFields,
  type ProductListQuery,
  productBulkSchema,
  productCreateSchema,
  productPatchSchema,
  SALE_NOT_BELOW,
  stockChangeSchema,
  stockLedgerQuery,
} from "../../../contracts/admin-products";
import type {
  AdminProduct,
  AdminProductRow,
  BulkResult,
  StockLedger,
} from "../../../contracts/answers/staff-catalog";
import { isDigitalKind, PHYSICAL_KINDS, type ProductKind } from "../../../contracts/catalog";
import { searchNamesOf, slugify } from "../../../contracts/catalog-text";
import { fillMessage, MESSAGE_TEMPLATES as M } from "../../../contracts/message-values";
import { effectivePrice } from "../../../contracts/money";
import { productPath } from "../../../contracts/paths";
import { OPENING_STOCK_NOTE } from "../../../contracts/stock";
import { z } from "../../../contracts/zod";
import { type Db, planEachCall } from "../../db/client";
import {
  authors,
  bookDetails,
  bundleItems,
  contentChapters,
  ebookDetails,
  entitlements,
  orderLines,
  productAuthors,
  products,
  relatedProducts,
  stationeryDetails,
  stockMovements,
  users,
} from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, containsPattern, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { stockMayBeBack } from "../orders/lifecycle";
import { showableChapter } from "../reading/admin-chapters";
import { outerId } from "./cards";
import { fillProduct, waitingFor, waitingUnitsSql } from "./preorders";
import { recordStockMoves } from "./stock";

type ProductRow = typeof products.$inferSelect;

export const refusal = (area: ProductArea) =>
  `You do not have permission to manage ${PRODUCT_AREAS[area].label.toLowerCase()}`;
const notFound = "No such product";

function kindsOf(area: ProductArea): readonly ProductKind[] {
  return PRODUCT_AREAS[area].kinds;
}

function allow(ctx: Ctx, area: ProductArea) {
  return requirePermission(ctx, PRODUCT_AREAS[area].permission, refusal(area));
}

const SORT_COLUMNS = {
  title: products.title,
  price: products.price,
  stock: products.stock,
  soldCount: products.soldCount,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
} as const;

/**
 * A search box's text over products (the admin lists and the admin search): an ISBN finds its
 * book; anything else words anywhere in the title, Bangla title, authors and publisher (the
 * trigram index), or the exact address.
 */
export function productSearchWhere(q: string): SQL {
  const isbn = normaliseIsbn(q);
  return isbn
    ? sql`exists (select 1 from ${bookDetails} b where b.product_id = ${products.id} and b.isbn = ${isbn})`
    : // A pattern on the address too would read every row (no index). The key is the names as
      // lower() makes them, so `like lower(…)` matches as `ilike` on the names did (decision 59).
      sql`(${products.searchKey} like lower(${containsPattern(q)}) or ${products.slug} = ${q.toLowerCase()})`;
}

/** The list's filters as SQL (the admin list and the CSV export read the same rows). */
export function listWhere(area: ProductArea, q: ProductListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [inArray(products.kind, [...kindsOf(area)])];
  if (q.kind) conds.push(eq(products.kind, q.kind));
  if (q.q) conds.push(productSearchWhere(q.q));
  if (q.track) conds.push(sql`${products.tracks} @> array[${q.track}]::text[]`);
  if (q.hscYear !== undefined) conds.push(eq(products.hscYear, q.hscYear));
  if (q.published !== undefined) conds.push(eq(products.published, q.published));
  if (q.inStock === true) conds.push(sql`${products.stock} > 0`);
  if (q.inStock === false) conds.push(sql`${products.stock} <= 0`);
  if (q.lowStock === true) conds.push(sql`${products.stock} <= ${LOW_STOCK}`);
  if (q.lowStock === false) conds.push(sql`${products.stock} > ${LOW_STOCK}`);
  if (q.waiting === true) conds.push(sql`${waitingUnitsSql} > 0`);
  if (q.waiting === false) conds.push(sql`${waitingUnitsSql} = 0`);
  if (q.category !== undefined)
    conds.push(
      sql`exists (select 1 from ${stationeryDetails} s where s.product_id = ${products.id} and s.category = ${q.category})`,
    );
  return and(...conds);
}

/** The list's order: the sort column, then the id (a stable order for paging). */
export function listOrder(q: ProductListQuery): SQL[] {
  const column = SORT_COLUMNS[q.sort.replace(/^-/, "") as keyof typeof SORT_COLUMNS];
  const descending = q.sort.startsWith("-");
  // Stock is null for digital kinds: last either way. The other columns are never null, so their
  // plain order lets an index on (column, id) serve both directions (updated_at: the default view).
  if (column === products.stock) {
    return descending
      ? [sql`${column} desc nulls last`, desc(products.id)]
      : [sql`${column} asc nulls last`, asc(products.id)];
  }
  return descending ? [desc(column), desc(products.id)] : [asc(column), asc(products.id)];
}

/** The categories stationery items are filed under, for the list's filter. */
export async function stationeryCategories(ctx: Ctx): Promise<string[]> {
  allow(ctx, "stationery");
  const rows = await ctx.db
    .selectDistinct({ category: stationeryDetails.category })
    .from(stationeryDetails)
    .orderBy(asc(stationeryDetails.category));
  return rows.map((r) => r.category);
}

/**
 * How far the list counts past the page's first row before it says "+" (`more`), for a view
 * without a search. Counting every match of a view read the whole catalogue for every page of
 * it (decision 59); the count moves with the page, so every page stays reachable.
 */
export const LIST_COUNT_AHEAD = 1_000;

/**
 * The same for a search: each match is read from the table and its names compared, so a common
 * word ("physics", one book in ten) counts the next 200 and then says "+".
 */
export const SEARCH_COUNT_AHEAD = 200;

/**
 * One page of an area's products, as the admin list shows them; `total` counts the matches up to
 * LIST_COUNT_AHEAD (a search: SEARCH_COUNT_AHEAD) past the page's first row, `more` says there
 * are more. `q` is `productListQuery`'s output: the API and the pages parse the URL's query with it.
 */
export function listAdminProducts(
  ctx: Ctx,
  area: ProductArea,
  q: ProductListQuery,
): Promise<AdminPage<AdminProductRow>> {
  allow(ctx, area);
  // A search's best plan depends on how common its words are (the sort column's index, stopping
  // once the page is full, or the trigram index and a sort): planned for its words on each call.
  return q.q ? planEachCall(() => readAdminProducts(ctx, area, q)) : readAdminProducts(ctx, area, q);
}

async function readAdminProducts(
  ctx: Ctx,
  area: ProductArea,
  q: ProductListQuery,
): Promise<AdminPage<AdminProductRow>> {
  const where = listWhere(area, q);
  const order = listOrder(q);
  const offset = (q.page - 1) * q.limit;
  const cap = offset + (q.q ? SEARCH_COUNT_AHEAD : LIST_COUNT_AHEAD);
  // The page's ids first, so the authors, ISBN and e-book columns are read for its rows only,
  // not for the rows an offset skips.
  const pageIds = ctx.db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(offset);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        kind: products.kind,
        slug: products.slug,
        title: products.title,
        titleBn: products.titleBn,
        price: products.price,
        salePrice: products.salePrice,
        stock: products.stock,
        published: products.published,
        image: products.image,
        authors: sql<string>`coalesce((select string_agg(a.name, ', ' order by pa.position) from ${productAuthors} pa join ${authors} a on a.id = pa.author_id where pa.product_id = ${outerId}), '')`,
        isbn: sql<string | null>`(select b.isbn from ${bookDetails} b where b.product_id = ${outerId})`,
        hscYear: products.hscYear,
        soldCount: products.soldCount,
        waiting: waitingUnitsSql,
        version: products.version,
        updatedAt: products.updatedAt,
        ebook:
          area === "books"
            ? sql<AdminProductRow["ebook"]>`case when ${products.kind} = 'ebook' then json_build_object(
                'pdf', exists (select 1 from ${ebookDetails} e where e.product_id = ${outerId} and e.pdf_key is not null),
                'pageCount', coalesce((select e.page_count from ${ebookDetails} e where e.product_id = ${outerId}), 0),
                'demoPages', coalesce((select cardinality(e.demo_pages) from ${ebookDetails} e where e.product_id = ${outerId}), 0),
                'owners', (select count(*) from ${entitlements} en where en.product_id = ${outerId})) end`
            : sql<null>`null`,
      })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...order),
    ctx.db.execute(
      sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${cap + 1}) as matched`,
    ),
  ]);
  const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return {
    items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    total: Math.min(n, cap),
    page: q.page,
    limit: q.limit,
    ...(n > cap ? { more: true } : {}),
  };
}

/** A product with every field staff edit, as the edit form reads it. */
async function readProduct(db: Db, row: ProductRow): Promise<AdminProduct> {
  // One after another: db may be a transaction, which runs one statement at a time.
  const linked = await db
    .select({ id: authors.id, name: authors.name, nameBn: authors.nameBn })
    .from(productAuthors)
    .innerJoin(authors, eq(authors.id, productAuthors.authorId))
    .where(eq(productAuthors.productId, row.id))
    .orderBy(asc(productAuthors.position), asc(authors.id));
  const book =
    row.kind === "book" ? await db.select().from(bookDetails).where(eq(bookDetails.productId, row.id)) : [];
  const ebook =
    row.kind === "ebook"
      ? await db.select().from(ebookDetails).where(eq(ebookDetails.productId, row.id))
      : [];
  const stationery =
    row.kind === "stationary"
      ? await db.select().from(stationeryDetails).where(eq(stationeryDetails.productId, row.id))
      : [];
  const items =
    row.kind !== "bundle"
      ? []
      : await db
          .select({
            productId: bundleItems.itemId,
            quantity: bundleItems.quantity,
            title: products.title,
            kind: products.kind,
            price: products.price,
            salePrice: products.salePrice,
            stock: products.stock,
          })
          .from(bundleItems)
          .innerJoin(products, eq(products.id, bundleItems.itemId))
          .where(eq(bundleItems.bundleId, row.id))
          .orderBy(asc(products.title));
  const b = book[0];
  const e = ebook[0];
  const s = stationery[0];
  const publishRefusal =
    row.kind === "ebook"
      ? e?.pdfKey
        ? null
        : EBOOK_NEEDS_PDF
      : row.kind === "content"
        ? await courseRefusal(db, row.id)
        : row.kind === "bundle"
          ? await bundleItemsRefusal(
              db,
              items.map((i) => i.productId),
            )
          : null;
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    titleBn: row.titleBn,
    description: row.description,
    price: row.price,
    salePrice: row.salePrice,
    stock: row.stock,
    published: row.published,
    publishRefusal,
    tracks: row.tracks as AdminProduct["tracks"],
    hscYear: row.hscYear,
    language: row.language === "en" ? "en" : "bn",
    image: row.image,
    authors: linked,
    authorIds: linked.map((a) => a.id),
    publisher: b?.publisher ?? null,
    edition: b?.edition ?? null,
    isbn: b?.isbn ?? null,
    pages: b?.pages ?? null,
    bookId: e?.bookId ?? null,
    items,
    brand: s?.brand ?? null,
    category: s?.category ?? null,
    releaseDate: row.releaseDate,
    backorderDays: row.backorderDays,
    outOfPrint: row.outOfPrint,
    preorderOnlineOnly: row.preorderOnlineOnly,
    waiting: await waitingFor(db, row.id),
    soldCount: row.soldCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    url: productPath(row),
  };
}

/** A course is published once it has a chapter to show (a PDF chapter without its file is none): why not, or null. */
async function courseRefusal(db: Db, id: number): Promise<string | null> {
  const [one] = await db
    .select({ id: contentChapters.id })
    .from(contentChapters)
    .where(and(eq(contentChapters.productId, id), showableChapter))
    .limit(1);
  return one ? null : COURSE_NEEDS_CHAPTER;
}

/**
 * A bundle is sold once every e-book in it has its PDF and every course a chapter to show: the
 * refusal naming the first item (by title) that cannot be delivered, or null. The items' rows are
 * locked for share until the change commits, so a course's last chapter to show cannot be deleted
 * meanwhile (its deletion locks the course's row and then sees the bundle published).
 */
async function bundleItemsRefusal(db: Db, itemIds: number[]): Promise<string | null> {
  if (itemIds.length === 0) return null;
  const items = await db
    .select({ id: products.id, kind: products.kind, title: products.title })
    .from(products)
    .where(and(inArray(products.id, itemIds), inArray(products.kind, ["ebook", "content"])))
    .orderBy(asc(products.title), asc(products.id))
    .for("share");
  for (const item of items) {
    if ((await deliveryRefusal(db, item)) === null) continue;
    return fillMessage(item.kind === "ebook" ? M.bundleEbookWithoutPdf : M.bundleCourseWithoutChapter, {
      item: item.title,
    });
  }
  return null;
}

/**
 * Why a saved product cannot be published (null when it can): an e-book needs its PDF, a course
 * a chapter to show, a bundle all its items deliverable, so nothing sells that cannot be delivered.
 */
async function deliveryRefusal(db: Db, row: Pick<ProductRow, "id" | "kind">): Promise<string | null> {
  if (row.kind === "content") return courseRefusal(db, row.id);
  if (row.kind === "bundle") {
    return bundleItemsRefusal(
      db,
      (await savedItems(db, row.id)).map((i) => i.productId),
    );
  }
  if (row.kind !== "ebook") return null;
  const [e] = await db
    .select({ pdfKey: ebookDetails.pdfKey })
    .from(ebookDetails)
    .where(eq(ebookDetails.productId, row.id));
  return e?.pdfKey ? null : EBOOK_NEEDS_PDF;
}

/**
 * How much dearer (poisha) a bundle at this price is than its items bought one by one (each at
 * its own sale price, if any); 0 when it is not.
 */
async function bundleDearerBy(
  db: Db,
  own: { price: number; salePrice: number | null },
  items: { productId: number; quantity: number }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const found = await db
    .select({ id: products.id, price: products.price, salePrice: products.salePrice })
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((i) => i.productId),
      ),
    );
  const sum = items.reduce((n, i) => {
    const p = found.find((f) => f.id === i.productId);
    return p ? n + effectivePrice(p) * i.quantity : n;
  }, 0);
  return Math.max(0, effectivePrice(own) - sum);
}

/** A bundle's items as saved. */
async function savedItems(db: Db, bundleId: number) {
  return db
    .select({ productId: bundleItems.itemId, quantity: bundleItems.quantity })
    .from(bundleItems)
    .where(eq(bundleItems.bundleId, bundleId));
}

/** 409 for a bundle dearer than its items published without "publish anyway". */
function dearerRefusal(): DomainError {
  return new DomainError("conflict", BUNDLE_DEARER, { publishAnyway: BUNDLE_DEARER });
}

async function findInArea(db: Db, area: ProductArea, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), inArray(products.kind, [...kindsOf(area)])));
  if (!row) throw new DomainError("not_found", notFound);
  return row;
}

export async function getAdminProduct(ctx: Ctx, area: ProductArea, id: number): Promise<AdminProduct> {
  allow(ctx, area);
  return readProduct(ctx.db, await findInArea(ctx.db, area, id));
}

/** The fields of another kind that `v` fills, each with its message (empty when none). */
export function kindFieldErrors(kind: ProductKind, v: Partial<ProductFields>): Record<string, string> {
  const own = new Set(KIND_FIELDS[kind]);
  const errors: Record<string, string> = {};
  for (const kinds of Object.values(KIND_FIELDS)) {
    for (const f of kinds) {
      if (own.has(f)) continue;
      const value = v[f];
      const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
      if (!empty) errors[f] = `A ${kind === "stationary" ? "stationery item" : kind} has no ${f}`;
    }
  }
  if (kind === "stationary" && v.category === null) errors.category = "Choose a category";
  for (const [f, kinds] of Object.entries(AVAILABILITY_FIELDS) as [
    keyof typeof AVAILABILITY_FIELDS,
    readonly ProductKind[],
  ][]) {
    const value = v[f];
    if (kinds.includes(kind) || value === undefined || value === null || value === false) continue;
    errors[f] = `A ${kind === "stationary" ? "stationery item" : kind} has no ${f}`;
  }
  return errors;
}

/** Refuses the fields of another kind (400), so a form never saves what the shop cannot show. */
function checkKindFields(kind: ProductKind, v: Partial<ProductFields>) {
  const errors = kindFieldErrors(kind, v);
  const first = Object.values(errors)[0];
  if (first) throw new DomainError("invalid", first, errors);
}

/** A slug free within the kind: the one asked for (409 when taken), or one made from the title. */
async function freeSlug(db: Db, kind: ProductKind, asked: string, title: string, exceptId?: number) {
  const taken = async (slug: string) => {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.kind, kind), eq(products.slug, slug)));
    return row !== undefined && row.id !== exceptId;
  };
  if (asked) {
    if (await taken(asked)) {
      const message = "Another product of this kind has this address";
      throw new DomainError("conflict", message, { slug: message });
    }
    return asked;
  }
  const base = slugify(title) || `${kind}-${Date.now().toString(36)}`;
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Checks the ids a product points at: authors, the printed edition, bundle items (400 field errors). */
async function checkReferences(db: Db, kind: ProductKind, v: Partial<ProductFields>, selfId?: number) {
  if (v.authorIds && v.authorIds.length > 0) {
    const found = await db.select({ id: authors.id }).from(authors).where(inArray(authors.id, v.authorIds));
    if (found.length !== v.authorIds.length) {
      throw new DomainError("invalid", "An author was not found: choose again", {
        authorIds: "An author was not found: choose again",
      });
    }
  }
  if (kind === "ebook" && v.bookId) {
    const [book] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, v.bookId), eq(products.kind, "book")));
    if (!book) throw new DomainError("invalid", "No such printed book", { bookId: "No such printed book" });
  }
  if (kind === "bundle" && v.items) {
    const ids = v.items.map((i) => i.productId);
    if (new Set(ids).size !== ids.length) {
      throw new DomainError("invalid", "An item is listed twice", { items: "An item is listed twice" });
    }
    if (selfId !== undefined && ids.includes(selfId)) {
      throw new DomainError("invalid", "A bundle cannot hold itself", {
        items: "A bundle cannot hold itself",
      });
    }
    if (ids.length > 0) {
      const found = await db
        .select({ id: products.id, kind: products.kind })
        .from(products)
        .where(inArray(products.id, ids));
      if (found.length !== ids.length || found.some((f) => f.kind === "bundle")) {
        const message = "Bundle items are books, e-books, stationery or courses that exist";
        throw new DomainError("invalid", message, { items: message });
      }
    }
  }
}

/** 409 when another printed book has this ISBN; the lock makes two saves of one ISBN take turns. */
async function checkIsbnFree(db: Db, isbn: string | null | undefined, selfId?: number) {
  if (!isbn) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`isbn:${isbn}`}))`);
  const [other] = await db
    .select({ id: bookDetails.productId })
    .from(bookDetails)
    .where(eq(bookDetails.isbn, isbn))
    .limit(1);
  if (other && other.id !== selfId) {
    const message = "Another book has this ISBN";
    throw new DomainError("conflict", message, { isbn: message });
  }
}

/** The search names of a product from its title, Bangla title, authors and publisher. */
async function searchNamesFor(
  db: Db,
  p: { title: string; titleBn: string | null; publisher: string | null; authorIds: number[] },
) {
  const named =
    p.authorIds.length === 0
      ? []
      : await db
          .select({ id: authors.id, name: authors.name, nameBn: authors.nameBn })
          .from(authors)
          .where(inArray(authors.id, p.authorIds));
  const ordered = p.authorIds.map((id) => named.find((a) => a.id === id)).filter((a) => a !== undefined);
  return searchNamesOf({ title: p.title, titleBn: p.titleBn, authors: ordered, publisher: p.publisher });
}

/** Writes the kind's own rows (authors, book details, e-book edition, items, stationery). */
async function writeDetails(db: Db, id: number, kind: ProductKind, v: Partial<ProductFields>) {
  if (v.authorIds !== undefined && KIND_FIELDS[kind].includes("authorIds")) {
    await db.delete(productAuthors).where(eq(productAuthors.productId, id));
    if (v.authorIds.length > 0) {
      await db
        .insert(productAuthors)
        .values(v.authorIds.map((authorId, position) => ({ productId: id, authorId, position })));
    }
  }
  if (kind === "book") {
    const set = {
      ...(v.publisher !== undefined ? { publisher: v.publisher } : {}),
      ...(v.edition !== undefined ? { edition: v.edition } : {}),
      ...(v.isbn !== undefined ? { isbn: v.isbn } : {}),
      ...(v.pages !== undefined ? { pages: v.pages } : {}),
    };
    await db
      .insert(bookDetails)
      .values({ productId: id, ...set })
      .onConflictDoUpdate({
        target: bookDetails.productId,
        set: Object.keys(set).length ? set : { productId: id },
      });
  }
  if (kind === "ebook") {
    await db
      .insert(ebookDetails)
      .values({ productId: id, bookId: v.bookId ?? null })
      .onConflictDoUpdate({
        target: ebookDetails.productId,
        set: v.bookId !== undefined ? { bookId: v.bookId } : { productId: id },
      });
  }
  if (kind === "bundle" && v.items !== undefined) {
    await db.delete(bundleItems).where(eq(bundleItems.bundleId, id));
    if (v.items.length > 0) {
      await db
        .insert(bundleItems)
        .values(v.items.map((i) => ({ bundleId: id, itemId: i.productId, quantity: i.quantity })));
    }
  }
  if (kind === "stationary") {
    const set = {
      ...(v.brand !== undefined ? { brand: v.brand } : {}),
      ...(v.category != null ? { category: v.category } : {}),
    };
    await db
      .insert(stationeryDetails)
      .values({ productId: id, brand: v.brand ?? null, category: v.category ?? "Other" })
      .onConflictDoUpdate({
        target: stationeryDetails.productId,
        set: Object.keys(set).length ? set : { productId: id },
      });
  }
}

/** Adds a product of one of the area's kinds; physical kinds open their stock ledger. */
export function createAdminProduct(ctx: Ctx, area: ProductArea, input: unknown): Promise<AdminProduct> {
  return adminChange(
    ctx,
    PRODUCT_AREAS[area].permission,
    productCreateSchema,
    input,
    async (tx, v) => {
      if (!kindsOf(area).includes(v.kind)) {
        const message = `Add a ${v.kind} from its own page`;
        throw new DomainError("invalid", message, { kind: message });
      }
      checkKindFields(v.kind, v);
      const stocked = PHYSICAL_KINDS.includes(v.kind) && v.kind !== "bundle";
      if (!stocked && v.stock !== null) {
        throw new DomainError("invalid", "Only printed books and stationery have stock", {
          stock: "Only printed books and stationery have stock",
        });
      }
      await checkReferences(tx, v.kind, v);
      if (v.published && isDigitalKind(v.kind)) {
        // A new e-book has no PDF yet, a new course no chapter: they are published later.
        const message = v.kind === "ebook" ? EBOOK_NEEDS_PDF : COURSE_NEEDS_CHAPTER;
        throw new DomainError("invalid", message, { published: message });
      }
      if (
        v.published &&
        v.kind === "bundle" &&
        !v.publishAnyway &&
        (await bundleDearerBy(tx, v, v.items)) > 0
      ) {
        throw dearerRefusal();
      }
      if (v.published && v.kind === "bundle") {
        const refusal = await bundleItemsRefusal(
          tx,
          v.items.map((i) => i.productId),
        );
        if (refusal) throw new DomainError("conflict", refusal, { published: refusal });
      }
      if (v.kind === "book") await checkIsbnFree(tx, v.isbn);
      const slug = await freeSlug(tx, v.kind, v.slug, v.title);
      const now = ctx.now();
      const [row] = await tx
        .insert(products)
        .values({
          kind: v.kind,
          slug,
          title: v.title,
          titleBn: v.titleBn,
          description: v.description,
          price: v.price,
          salePrice: v.salePrice,
          stock: stocked ? (v.stock ?? 0) : null,
          image: v.image,
          tracks: v.tracks,
          hscYear: v.hscYear,
          language: v.language,
          published: v.published,
          releaseDate: v.releaseDate,
          backorderDays: v.backorderDays,
          outOfPrint: v.outOfPrint,
          preorderOnlineOnly: v.preorderOnlineOnly,
          searchNames: await searchNamesFor(tx, { ...v, authorIds: v.authorIds }),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeDetails(tx, row!.id, v.kind, v);
      if (stocked && (row!.stock ?? 0) > 0) {
        await recordStockMoves(
          tx,
          [{ productId: row!.id, change: row!.stock ?? 0, stockAfter: row!.stock ?? 0 }],
          "received",
          { actorId: ctx.user?.id, note: OPENING_STOCK_NOTE },
        );
      }
      const after = await readProduct(tx, row!);
      return {
        result: after,
        audit: { action: "product.create", entity: "product", entityId: row!.id, after },
      };
    },
    { refusal: refusal(area) },
  );
}

/** Edits a product: only the fields sent change; a stale version is refused with 409. */
export function updateAdminProduct(
  ctx: Ctx,
  area: ProductArea,
  id: number,
  input: unknown,
): Promise<AdminProduct> {
  return adminChange(
    ctx,
    PRODUCT_AREAS[area].permission,
    productPatchSchema,
    input,
    async (tx, v) => {
      const current = await lockForEdit(
        tx,
        products,
        and(eq(products.id, id), inArray(products.kind, [...kindsOf(area)])) as SQL,
        notFound,
        { version: v.version, current: (row) => readProduct(tx, row) },
      );
      const before = await readProduct(tx, current);
      const { version: _version, publishAnyway, ...fields } = v;
      checkKindFields(current.kind, fields);
      const price = fields.price ?? current.price;
      const salePrice = fields.salePrice !== undefined ? fields.salePrice : current.salePrice;
      if (salePrice !== null && salePrice >= price) {
        throw new DomainError("invalid", SALE_NOT_BELOW, { salePrice: SALE_NOT_BELOW });
      }
      await checkReferences(tx, current.kind, fields, id);
      const publishing = fields.published === true && !current.published;
      if (
        current.kind === "bundle" &&
        (fields.published ?? current.published) &&
        (publishing || fields.items)
      ) {
        // Published now, or a published bundle's items changed: every item can be delivered.
        const refusal = await bundleItemsRefusal(
          tx,
          (fields.items ?? before.items).map((i) => i.productId),
        );
        if (refusal)
          throw new DomainError("conflict", refusal, { [publishing ? "published" : "items"]: refusal });
      } else if (publishing && before.publishRefusal) {
        throw new DomainError("conflict", before.publishRefusal, { published: before.publishRefusal });
      }
      if (current.kind === "bundle" && (fields.published ?? current.published) && !publishAnyway) {
        // Asked when the save makes the shop show a bundle dearer than its items: published now,
        // or a published one's price or items changed so that it became dearer.
        const items = fields.items ?? (await savedItems(tx, id));
        const dearer = (await bundleDearerBy(tx, { price, salePrice }, items)) > 0;
        if (dearer && (publishing || (await bundleDearerBy(tx, current, await savedItems(tx, id))) === 0)) {
          throw dearerRefusal();
        }
      }
      if (current.kind === "book" && fields.isbn !== undefined) await checkIsbnFree(tx, fields.isbn, id);
      const slug =
        fields.slug === undefined || fields.slug === current.slug
          ? current.slug
          : await freeSlug(tx, current.kind, fields.slug, fields.title ?? current.title, id);
      const title = fields.title ?? current.title;
      const titleBn = fields.titleBn !== undefined ? fields.titleBn : current.titleBn;
      const publisher = fields.publisher !== undefined ? fields.publisher : before.publisher;
      const authorIds = fields.authorIds ?? before.authorIds;
      const [row] = await tx
        .update(products)
        .set({
          slug,
          title,
          titleBn,
          ...(fields.description !== undefined ? { description: fields.description } : {}),
          price,
          salePrice,
          ...(fields.image !== undefined ? { image: fields.image } : {}),
          ...(fields.tracks !== undefined ? { tracks: fields.tracks } : {}),
          ...(fields.hscYear !== undefined ? { hscYear: fields.hscYear } : {}),
          ...(fields.language !== undefined ? { language: fields.language } : {}),
          ...(fields.published !== undefined ? { published: fields.published } : {}),
          ...(fields.releaseDate !== undefined ? { releaseDate: fields.releaseDate } : {}),
          ...(fields.backorderDays !== undefined ? { backorderDays: fields.backorderDays } : {}),
          ...(fields.outOfPrint !== undefined ? { outOfPrint: fields.outOfPrint } : {}),
          ...(fields.preorderOnlineOnly !== undefined
            ? { preorderOnlineOnly: fields.preorderOnlineOnly }
            : {}),
          searchNames: await searchNamesFor(tx, { title, titleBn, publisher, authorIds }),
          updatedAt: ctx.now(),
          ...nextVersion(products),
        })
        .where(eq(products.id, id))
        .returning();
      await writeDetails(tx, id, current.kind, fields);
      if (fields.authorIds !== undefined || fields.tracks !== undefined) {
        // Its related products as the jobs kept them followed its old authors or tracks: its page
        // works them out itself until the next refresh (decision 60).
        await tx.delete(relatedProducts).where(eq(relatedProducts.productId, id));
      }
      const after = await readProduct(tx, row!);
      return {
        result: after,
        audit: { action: "product.update", entity: "product", entityId: id, before, after },
      };
    },
    { refusal: refusal(area) },
  );
}

/** Deletes a product nobody has ordered; one with orders is refused (unpublish it instead). */
export function deleteAdminProduct(ctx: Ctx, area: ProductArea, id: number): Promise<{ id: number }> {
  return adminChange(
    ctx,
    PRODUCT_AREAS[area].permission,
    z.object({}),
    {},
    async (tx) => {
      const current = await lockForEdit(
        tx,
        products,
        and(eq(products.id, id), inArray(products.kind, [...kindsOf(area)])) as SQL,
        notFound,
      );
      const [ordered] = await tx.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, id));
      if ((ordered?.n ?? 0) > 0) {
        throw new DomainError(
          "conflict",
          "This product has been ordered, so it stays for the orders' records: unpublish it instead",
        );
      }
      const [inBundle] = await tx.select({ n: count() }).from(bundleItems).where(eq(bundleItems.itemId, id));
      if ((inBundle?.n ?? 0) > 0) {
        throw new DomainError("conflict", "This product is in a bundle: take it out of the bundle first");
      }
      const before = await readProduct(tx, current);
      await tx.delete(products).where(eq(products.id, id));
      return { result: { id }, audit: { action: "product.delete", entity: "product", entityId: id, before } };
    },
    { refusal: refusal(area) },
  );
}

/**
 * Publishes, unpublishes or reprices many products at once, each with its own result: a product
 * outside the area (or gone), an e-book without its PDF, a course without a chapter and a bundle
 * dearer than its items (published from its own page, which asks) are refused with a reason and
 * the rest go ahead. A price change is
 * rounded to whole taka; a sale price that would not stay below the new price is removed.
 */
export function bulkAdminProducts(ctx: Ctx, area: ProductArea, input: unknown): Promise<BulkResult> {
  return adminChange(
    ctx,
    PRODUCT_AREAS[area].permission,
    productBulkSchema,
    input,
    async (tx, v) => {
      const rows = await tx
        .select()
        .from(products)
        .where(and(inArray(products.id, v.ids), inArray(products.kind, [...kindsOf(area)])))
        .orderBy(asc(products.id))
        .for("update");
      const byId = new Map(rows.map((r) => [r.id, r]));
      const results: BulkResult["results"] = [];
      const audit = [];
      for (const id of v.ids) {
        const row = byId.get(id);
        if (!row) {
          results.push({ id, ok: false, message: notFound });
          continue;
        }
        let set: Partial<ProductRow>;
        let message: string;
        if (v.action === "price") {
          const price = Math.max(0, Math.round((row.price * (1 + (v.percent ?? 0) / 100)) / 100) * 100);
          const salePrice = row.salePrice !== null && row.salePrice < price ? row.salePrice : null;
          set = { price, salePrice };
          message =
            row.salePrice !== null && salePrice === null
              ? "Price changed; the sale price was no longer below it and was removed"
              : "Price changed";
        } else {
          if (v.action === "publish" && !row.published) {
            const refused =
              (await deliveryRefusal(tx, row)) ??
              (row.kind === "bundle" && (await bundleDearerBy(tx, row, await savedItems(tx, row.id))) > 0
                ? BUNDLE_DEARER_BULK
                : null);
            if (refused) {
              results.push({ id, ok: false, message: refused });
              continue;
            }
          }
          set = { published: v.action === "publish" };
          message = v.action === "publish" ? "Published" : "Unpublished";
        }
        await tx
          .update(products)
          .set({ ...set, updatedAt: ctx.now(), ...nextVersion(products) })
          .where(eq(products.id, id));
        const before = { price: row.price, salePrice: row.salePrice, published: row.published };
        audit.push({
          action: `product.bulk.${v.action}`,
          entity: "product",
          entityId: id,
          before,
          after: { ...before, ...set },
        });
        results.push({ id, ok: true, message });
      }
      return { result: { results }, audit };
    },
    { refusal: refusal(area) },
  );
}

/**
 * Adds or removes units with a reason; never below zero (409 with what is on hand). Stock that
 * came back sends its "Notify me" alerts.
 */
export async function changeStock(
  ctx: Ctx,
  area: ProductArea,
  id: number,
  input: unknown,
): Promise<StockLedger> {
  const ledger = await adminChange(
    ctx,
    PRODUCT_AREAS[area].permission,
    stockChangeSchema,
    input,
    async (tx, v) => {
      const current = await findInArea(tx, area, id);
      if (current.stock === null) throw new DomainError("invalid", "This product has no stock of its own");
      let changed: { stock: number | null } | undefined;
      const change = async () => {
        [changed] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} + ${v.change}`, updatedAt: ctx.now() })
          .where(and(eq(products.id, id), sql`${products.stock} + ${v.change} >= 0`))
          .returning({ stock: products.stock });
        if (!changed) {
          const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id));
          const message = fillMessage(M.stockTooLow, { count: now?.stock ?? 0, change: -v.change });
          throw new DomainError("conflict", message, { change: message });
        }
        await recordStockMoves(
          tx,
          [{ productId: id, change: v.change, stockAfter: changed.stock ?? 0 }],
          v.reason,
          {
            actorId: ctx.user?.id,
            note: v.note,
          },
        );
      };
      // Stock received fills the pre-orders and back-orders waiting for it first, oldest order
      // first, in this transaction: no checkout can take the new stock before them.
      let filled = 0;
      if (v.change > 0) filled = await fillProduct(tx, id, ctx.now(), change);
      else await change();
      const row = { stock: changed?.stock ?? 0 };
      return {
        result: await readLedger(tx, id, { page: 1, limit: 20 }),
        audit: {
          action: "product.stock",
          entity: "product",
          entityId: id,
          before: { stock: (row.stock ?? 0) - v.change },
          after: { stock: row.stock, reason: v.reason, note: v.note, waitingLinesFilled: filled },
        },
      };
    },
    { refusal: refusal(area) },
  );
  stockMayBeBack(ctx);
  return ledger;
}

async function readLedger(db: Db, id: number, q: { page: number; limit: number }): Promise<StockLedger> {
  const rows = await db
    .select({
      id: stockMovements.id,
      change: stockMovements.change,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      note: stockMovements.note,
      actor: users.name,
      orderId: stockMovements.orderId,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorId))
    .where(eq(stockMovements.productId, id))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [total] = await db
    .select({ n: count() })
    .from(stockMovements)
    .where(eq(stockMovements.productId, id));
  const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
    stock: p?.stock ?? null,
  };
}

/** The stock ledger of a product, newest first. */
export async function stockLedger(
  ctx: Ctx,
  area: ProductArea,
  id: number,
  input: unknown,
): Promise<StockLedger> {
  allow(ctx, area);
  const q = stockLedgerQuery.parse(input);
  await findInArea(ctx.db, area, id);
  return readLedger(ctx.db, id, q);
}
