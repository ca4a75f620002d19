import { eq, sql } from "drizzle-orm";
import type { ProductKind, Track } from "../../src/contracts/catalog";
import { searchNamesOf } from "../../src/contracts/catalog-text";
import type { Db } from "../../src/server/db/client";
import {
  authors,
  bookDetails,
  bundleItems,
  codRemittances,
  contentChapters,
  couponRedemptions,
  coupons,
  creditNotes,
  ebookDetails,
  entitlements,
  invoices,
  orders,
  payments,
  productAuthors,
  products,
  refunds,
} from "../../src/server/db/schema";
import type { FileStorage } from "../../src/server/integrations/storage/provider";
import { buildStudyPdf } from "../../src/server/seed/study-pdf";

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
  const searchNames = searchNamesOf({
    title,
    titleBn: input.titleBn,
    authors: names,
    publisher: input.publisher,
  });
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

// ---------------------------------------------------------------- ledger rows (decision 29)

let ledgerSeq = 0;

/**
 * An invoiced order as the ledger sees it: the order (confirmed), its invoice issued at `at` with
 * a full snapshot; nothing paid yet. Each later event is its own factory below.
 */
export async function createLedgerOrder(
  db: Db,
  input: {
    userId: number;
    paymentMethod: "gateway" | "cod";
    total: number;
    at: Date;
    courier?: string | null;
    name?: string;
    phone?: string;
  },
) {
  ledgerSeq += 1;
  const tag = `${process.pid}-${ledgerSeq}`;
  const [order] = await db
    .insert(orders)
    .values({
      number: `L-${tag}`,
      userId: input.userId,
      status: "confirmed",
      paymentMethod: input.paymentMethod,
      name: input.name ?? `Ledger Buyer ${ledgerSeq}`,
      phone: input.phone ?? "01700000000",
      district: "Dhaka",
      area: "Dhanmondi",
      address: "Road 1",
      subtotal: input.total,
      discount: 0,
      delivery: 0,
      total: input.total,
      source: "test",
      physical: true,
      courier: input.courier === undefined ? null : input.courier,
      createdAt: input.at,
      confirmedAt: input.at,
    })
    .returning();
  const number = `INV-T-${tag}`;
  const [invoice] = await db
    .insert(invoices)
    .values({
      number,
      orderId: order!.id,
      userId: input.userId,
      total: input.total,
      issuedAt: input.at,
      snapshot: {
        number,
        issuedAt: input.at.toISOString(),
        shop: { name: "Pathagar", url: null },
        order: {
          id: order!.id,
          number: order!.number,
          placedAt: input.at.toISOString(),
          paymentMethod: input.paymentMethod,
          couponCode: null,
        },
        buyer: { name: order!.name, phone: order!.phone, email: null },
        deliverTo: { district: "Dhaka", area: "Dhanmondi", address: "Road 1" },
        lines: [
          {
            productId: 0,
            kind: "book",
            title: "Ledger Book",
            unitPrice: input.total,
            quantity: 1,
            lineTotal: input.total,
            discount: 0,
          },
        ],
        subtotal: input.total,
        discount: 0,
        delivery: 0,
        total: input.total,
      },
    })
    .returning();
  return { order: order!, invoice: invoice! };
}

/** The gateway's confirmation of a payment at `at`. */
export async function addPaidPayment(db: Db, orderId: number, amount: number, at: Date) {
  ledgerSeq += 1;
  const [row] = await db
    .insert(payments)
    .values({
      orderId,
      provider: "sandbox",
      tranx: `LT-${process.pid}-${ledgerSeq}`,
      gatewayTxnId: `GW-${process.pid}-${ledgerSeq}`,
      amount,
      status: "paid",
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** The order delivered at `at` (for cash on delivery: the courier took the cash). */
export async function markDelivered(db: Db, orderId: number, at: Date) {
  await db.update(orders).set({ status: "delivered", deliveredAt: at }).where(eq(orders.id, orderId));
}

/** A credit note against the order's invoice. */
export async function addCreditNote(
  db: Db,
  input: { orderId: number; invoiceId: number; amount: number; at: Date; reason?: string },
) {
  ledgerSeq += 1;
  const number = `CN-T-${process.pid}-${ledgerSeq}`;
  const [row] = await db
    .insert(creditNotes)
    .values({
      number,
      invoiceId: input.invoiceId,
      orderId: input.orderId,
      amount: input.amount,
      reason: input.reason ?? "Test credit",
      snapshot: { number },
      issuedAt: input.at,
    })
    .returning();
  return row!;
}

/** A refund owed from `at`, paid at `paidAt` when given. */
export async function addRefund(
  db: Db,
  input: { orderId: number; amount: number; at: Date; paidAt?: Date | null; creditNoteId?: number | null },
) {
  const [row] = await db
    .insert(refunds)
    .values({
      orderId: input.orderId,
      creditNoteId: input.creditNoteId ?? null,
      amount: input.amount,
      method: "bkash",
      reason: "Test refund",
      status: input.paidAt ? "paid" : "owed",
      createdAt: input.at,
      paidAt: input.paidAt ?? null,
    })
    .returning();
  return row!;
}

/** Empties the ledger (orders and every row that hangs off them), keeping accounts and products. */
export async function clearLedger(db: Db) {
  await db.execute(
    sql`truncate ${refunds}, ${creditNotes}, ${payments}, ${invoices}, ${codRemittances}, ${orders}, credit_note_counters restart identity cascade`,
  );
}
