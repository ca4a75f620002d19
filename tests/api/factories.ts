import type { ProductKind, Track } from "../../src/contracts/catalog";
import type { Db } from "../../src/server/db/client";
import {
  authors,
  bookDetails,
  bundleItems,
  contentChapters,
  couponRedemptions,
  coupons,
  ebookDetails,
  entitlements,
  orders,
  productAuthors,
  products,
} from "../../src/server/db/schema";
import { buildStudyPdf } from "../../src/server/db/seed/study-pdf";
import type { FileStorage } from "../../src/server/integrations/storage/provider";

let seq = 0;

export type ProductInput = {
  kind?: ProductKind;
  title?: string;
  titleBn?: string | null;
  description?: string;
  /** Poisha. */
  price?: number;
  salePrice?: number | null;
  stock?: number | null;
  tracks?: Track[];
  hscYear?: number | null;
  published?: boolean;
  soldCount?: number;
  authorIds?: number[];
  publisher?: string;
};

/** Inserts a product with sensible defaults; search fields are filled as the seed fills them. */
export async function createProduct(db: Db, input: ProductInput = {}) {
  seq += 1;
  const kind = input.kind ?? "book";
  const title = input.title ?? `Test Book ${seq}`;
  const names = input.authorIds?.length
    ? (await db.select({ id: authors.id, name: authors.name, nameBn: authors.nameBn }).from(authors)).filter(
        (a) => input.authorIds?.includes(a.id),
      )
    : [];
  const searchNames = [
    title,
    input.titleBn ?? "",
    ...names.flatMap((a) => [a.name, a.nameBn ?? ""]),
    input.publisher ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const [row] = await db
    .insert(products)
    .values({
      kind,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${seq}`,
      title,
      titleBn: input.titleBn ?? null,
      description: input.description ?? "",
      price: input.price ?? 25_000,
      salePrice: input.salePrice ?? null,
      stock: input.stock !== undefined ? input.stock : kind === "book" || kind === "stationary" ? 10 : null,
      tracks: input.tracks ?? ["hsc"],
      hscYear: input.hscYear ?? null,
      published: input.published ?? true,
      soldCount: input.soldCount ?? 0,
      searchNames,
    })
    .returning();
  const product = row!;
  if (input.authorIds?.length) {
    await db
      .insert(productAuthors)
      .values(input.authorIds.map((authorId, position) => ({ productId: product.id, authorId, position })));
  }
  if (kind === "book")
    await db
      .insert(bookDetails)
      .values({ productId: product.id, publisher: input.publisher ?? null, pages: 200 });
  return product;
}

export async function createAuthor(db: Db, name: string, nameBn?: string) {
  seq += 1;
  const [row] = await db
    .insert(authors)
    .values({
      name,
      nameBn: nameBn ?? null,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${seq}`,
      bio: `${name} writes.`,
    })
    .returning();
  return row!;
}

export async function addBundleItems(
  db: Db,
  bundleId: number,
  items: { itemId: number; quantity: number }[],
) {
  await db.insert(bundleItems).values(items.map((i) => ({ bundleId, ...i })));
}

export async function addChapters(
  db: Db,
  productId: number,
  chapters: { title: string; isFree: boolean; body?: string; kind?: "video" | "pdf" | "text" }[],
) {
  return db
    .insert(contentChapters)
    .values(
      chapters.map((c, i) => ({
        productId,
        position: i + 1,
        title: c.title,
        kind: c.kind ?? ("text" as const),
        body: c.body ?? `Body of ${c.title}`,
        isFree: c.isFree,
      })),
    )
    .returning();
}

export async function linkEbook(
  db: Db,
  ebookId: number,
  bookId: number | null,
  pageCount = 30,
  demoPages = [1, 2, 3],
  pdfKey: string | null = null,
) {
  await db.insert(ebookDetails).values({ productId: ebookId, bookId, pageCount, demoPages, pdfKey });
}

/**
 * A published e-book with a real PDF of `pages` pages in storage (the seed's study PDF: each page
 * after the first carries its number), and its demo pages.
 */
export async function createEbookWithPdf(
  db: Db,
  storage: FileStorage,
  input: { title?: string; pages?: number; demoPages?: number[]; price?: number; published?: boolean } = {},
) {
  const pages = input.pages ?? 12;
  const ebook = await createProduct(db, {
    kind: "ebook",
    title: input.title,
    price: input.price ?? 15_000,
    published: input.published,
  });
  const bytes = await buildStudyPdf({
    title: ebook.title,
    authors: ["Test Author"],
    shopName: "Pathagar",
    chapters: ["Vectors", "Dynamics"],
    pages,
    seed: ebook.slug,
  });
  const key = `ebooks/test-${ebook.id}.pdf`;
  await storage.put(key, bytes, "application/pdf");
  await linkEbook(db, ebook.id, null, pages, input.demoPages ?? [1, 2, 3], key);
  return { ...ebook, pdfKey: key, pages };
}

let couponSeq = 0;

export type CouponInput = Partial<Omit<typeof coupons.$inferInsert, "id">>;

/** Inserts a coupon: by default 10% off everything, active, with no limits. Money in poisha. */
export async function createCoupon(db: Db, input: CouponInput = {}) {
  couponSeq += 1;
  const [row] = await db
    .insert(coupons)
    .values({ code: `TEST${couponSeq}`, kind: "percent", value: 10, ...input })
    .returning();
  return row!;
}

/**
 * Records that a user used a coupon on an order; without `orderId`, on a minimal confirmed
 * cash-on-delivery order of theirs made for it.
 */
export async function createRedemption(
  db: Db,
  input: { couponId: number; userId: number; orderId?: number; releasedAt?: Date | null },
) {
  couponSeq += 1;
  const orderId = input.orderId ?? (await createBareOrder(db, input.userId, { couponId: input.couponId }));
  const [row] = await db
    .insert(couponRedemptions)
    .values({
      couponId: input.couponId,
      userId: input.userId,
      orderId,
      releasedAt: input.releasedAt ?? null,
    })
    .returning();
  return row!;
}

/** A minimal confirmed cash-on-delivery order of a user's (for rows that must point at one). */
async function createBareOrder(db: Db, userId: number, extra: { couponId?: number } = {}): Promise<number> {
  couponSeq += 1;
  const [order] = await db
    .insert(orders)
    .values({
      number: `T-BARE-${process.pid}-${couponSeq}`,
      userId,
      status: "confirmed",
      paymentMethod: "cod",
      name: "Test Buyer",
      phone: "01700000000",
      district: "Dhaka",
      area: "Dhanmondi",
      address: "Road 1",
      subtotal: 10_000,
      discount: 0,
      delivery: 0,
      total: 10_000,
      couponId: extra.couponId ?? null,
      source: "test",
      physical: true,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** Gives a user an e-book or course as a confirmed order would. */
export async function createEntitlement(db: Db, input: { userId: number; productId: number }) {
  const orderId = await createBareOrder(db, input.userId);
  await db.insert(entitlements).values({ userId: input.userId, productId: input.productId, orderId });
}
