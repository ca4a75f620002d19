import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COD_RISK_ACTIONS, COD_RISK_LEVELS } from "../../contracts/cod-risk";
import { ORDER_STATUSES } from "../../contracts/order-status";
import { RETURN_REASONS } from "../../contracts/returns";
import { SHIPMENT_STATES } from "../../contracts/shipments";
import { STOCK_REASONS } from "../../contracts/stock";
import { STORE_CREDIT_KINDS } from "../../contracts/store-credit";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum("user_role", ["customer", "staff", "admin"]);

export const users = pgTable("users", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** Local form 01XXXXXXXXX; null only for accounts made without one (e.g. Google sign-in). */
  phone: text().unique(),
  /** Lower-cased. */
  email: text().unique(),
  /**
   * When `email` was proven this account's: the shop's emailed code entered (services/accounts/accounts.ts),
   * or Google's verified email for an account Google sign-in made. Null: typed, not proven; Google
   * sign-in never links to such an address (decision 46).
   */
  emailConfirmedAt: timestamp({ withTimezone: true }),
  passwordHash: text(),
  hscBatch: text(),
  role: userRole().notNull().default("customer"),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  phoneVerifiedAt: timestamp({ withTimezone: true }),
  /** The code the user shares as `?ref=CODE`; set for every account (src/contracts/referral.ts). */
  referralCode: text().unique(),
  /** Set by staff: the account cannot sign in and its sessions are ended. */
  blockedAt: timestamp({ withTimezone: true }),
  /** The Google account (its ID token's `sub`) that signs in to this one (services/accounts/google-sign-in.ts). */
  googleSubject: text().unique(),
  /** The interface language the user chose ("en" or "bn", src/contracts/locale.ts); SMS follow it too. */
  locale: text().notNull().default("en"),
  /** The consent to third-party tags the user gave (contracts/consent.ts: `analytics-ads`, `analytics`, `ads`, `none`); null: not asked yet. */
  consent: text(),
  /** Opted in on `/wishlist`: an SMS when a saved item is back in stock or cheaper (services/catalog/wishlist-alerts.ts). */
  wishlistSms: boolean().notNull().default(false),
  /** The forgotten-cart SMS (services/cart/cart-reminders.ts): off until the customer turns it on. */
  cartReminders: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** HMAC-SHA256 of the cookie token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    /** "email": `phone` holds `{userId}:{new address}` (one-time-codes.ts). */
    purpose: text({ enum: ["verify", "reset", "email"] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.phone, t.purpose, t.createdAt)],
);

export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    body: text().notNull(),
    provider: text().notNull(),
    /** The outbox message's idempotency key: a retried message is written once (null before keys). */
    key: text().unique(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.phone, t.createdAt)],
);

export const OUTBOX_CHANNELS = ["sms", "email"] as const;
export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;

/** What a message says: an SMS body, or an email's subject and text (and HTML). */
export type OutboxPayload = { body: string } | { subject: string; text: string; html?: string };

/**
 * Messages to customers (order news, one-time codes), written in the same transaction as the
 * change they report and delivered from here with retries (services/platform/outbox.ts).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Unique per message (e.g. `order-42-confirmed:sms`); passed to the provider to deduplicate. */
    key: text().notNull().unique(),
    channel: text({ enum: OUTBOX_CHANNELS }).notNull(),
    /** A phone (local form) or an email address. */
    recipient: text().notNull(),
    payload: jsonb().$type<OutboxPayload>().notNull(),
    /** A one-time code: its text is removed once it is delivered or given up. */
    secret: boolean().notNull().default(false),
    status: text({ enum: OUTBOX_STATUSES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** When it may be tried next; claiming a message moves this a lease ahead. */
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Why the last attempt failed (the reason a failed message was given up). */
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("outbox_pending_due_index").on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index().on(t.status, t.createdAt),
  ],
);

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.windowStart)],
);

/** Every staff change: who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  // The log is read newest first, filtered by at most a few of these (src/server/services/platform/audit.ts):
  // each filter has an index that ends in the reading order, so a page is read in index order.
  (t) => [
    index("audit_log_created_at_id_idx").on(t.createdAt, t.id),
    index("audit_log_actor_created_idx").on(t.actorId, t.createdAt, t.id),
    index("audit_log_entity_created_idx").on(t.entity, t.createdAt, t.id),
    index("audit_log_entity_id_created_idx").on(t.entityId, t.createdAt, t.id),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Products in the first search tier; each further tier is twice the one before (decision 58). */
export const SEARCH_TIER_SIZE = 1000;
/** The last search tier: past 1000·(2^11 − 1) sold ranks (two million products), and the unranked. */
export const SEARCH_TIER_LAST = 11;

export const productKind = pgEnum("product_kind", ["book", "ebook", "bundle", "stationary", "content"]);

/**
 * Every thing the shop sells, one row each; the kind's own details sit in the tables below.
 * Money is integer poisha. `searchNames` holds title, Bangla title, authors and publisher for the
 * trigram (typo) index; `searchVector` is the full-text document.
 */
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: productKind().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    titleBn: text(),
    description: text().notNull().default(""),
    price: integer().notNull(),
    salePrice: integer(),
    /** Units on hand for physical kinds; null for digital ones. */
    stock: integer(),
    image: text(),
    tracks: text().array().notNull().default(sql`'{}'::text[]`),
    hscYear: smallint(),
    language: text().notNull().default("bn"),
    published: boolean().notNull().default(true),
    soldCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    searchNames: text().notNull().default(""),
    /**
     * The search names in lower case, as `ilike` would lower them, for the admin lists' search:
     * `like` on it finds what `ilike` on the names finds without lower-casing each row it reads,
     * which was most of a search's cost (decision 59).
     */
    searchKey: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${products.searchNames})`),
    /**
     * The product's place among the best-selling as of the last refresh (`refreshSearchTiers`, a
     * job): tier t holds sold ranks [1000·(2^t − 1), 1000·(2^(t+1) − 1)), the last tier everything
     * after and every product not ranked yet. A search by relevance reads the matches tier by tier
     * through an index of the document's words named with this tier (decisions 58 and 61).
     */
    searchTier: smallint().notNull().default(SEARCH_TIER_LAST),
    /** Raised by every staff edit; an edit that started from an older one is refused (409). */
    version: integer().notNull().default(1),
    /**
     * True availability (contracts/availability.ts): the Dhaka day a printed item is released (a
     * pre-order until then), the publisher's lead time in days when back-orders are allowed (null:
     * not allowed), out of print (no back-orders or pre-orders), and whether a pre-order is paid
     * online only (else cash on delivery too).
     */
    releaseDate: date({ mode: "string" }),
    backorderDays: smallint(),
    outOfPrint: boolean().notNull().default(false),
    preorderOnlineOnly: boolean().notNull().default(false),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', coalesce(${products.searchNames}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${products.description}, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.kind, t.slug),
    index().on(t.kind, t.published, t.createdAt),
    index().on(t.kind, t.published, t.price),
    index().on(t.kind, t.published, t.soldCount),
    index().on(t.published, t.soldCount),
    // The newest of every kind at once (the home page's new arrivals, /search?sort=newest).
    index().on(t.published, t.createdAt, t.id),
    index().using("gin", t.tracks),
    index().on(t.hscYear),
    // The admin lists' default order (last changed first) without sorting every product, and
    // their other sorts (decision 59): a page is read in its order, stopping once it is full.
    index().on(t.updatedAt, t.id),
    index().on(t.title, t.id),
    index().on(t.price, t.id),
    index().on(t.stock, t.id),
    index().on(t.soldCount, t.id),
    index().on(t.createdAt, t.id),
    // The admin lists' stock filters (in stock, low stock) counted from the index alone.
    index().on(t.kind, t.stock),
    // Products whose search names are to be written again (backfillSearchNames at start-up):
    // none, nearly always; without it every start read the whole table to find that out.
    index("products_search_names_missing").on(t.id).where(sql`${t.searchNames} = ''`),
    // The document and the tier in one GIN index (btree_gin): the matches in another order than
    // relevance, and their count, are one read of it.
    index("products_search_tiered_idx").using("gin", t.searchVector, t.searchTier),
    // Every word of the document under its tier's name (`3|physics`, `searchTagged`): a tier's
    // matches are one read of the word's entries in that tier alone (decision 61).
    index("products_search_tagged_idx").using("gin", sql`search_tagged(${t.searchVector}, ${t.searchTier})`),
    index("products_search_names_trgm_idx").using("gin", t.searchNames.op("gin_trgm_ops")),
    index("products_search_key_trgm_idx").using("gin", t.searchKey.op("gin_trgm_ops")),
    // Checkout takes stock with a conditional update; this is the last word against overselling.
    check("products_stock_not_negative", sql`${t.stock} is null or ${t.stock} >= 0`),
    // A sale price is below the price (decision 21): the one price rule never meets another case.
    check(
      "products_sale_price_below_price",
      sql`${t.salePrice} is null or (${t.salePrice} >= 0 and ${t.salePrice} < ${t.price})`,
    ),
  ],
);

export const authors = pgTable("authors", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  nameBn: text(),
  bio: text().notNull().default(""),
  photo: text(),
  version: integer().notNull().default(1),
  createdAt: createdAt(),
});

/** The page of an author merged into another: `/author/{fromSlug}` redirects to the one kept. */
export const authorRedirects = pgTable("author_redirects", {
  fromSlug: text().primaryKey(),
  authorId: integer()
    .notNull()
    .references(() => authors.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const productAuthors = pgTable(
  "product_authors",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    authorId: integer()
      .notNull()
      .references(() => authors.id, { onDelete: "restrict" }),
    position: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.authorId] }), index().on(t.authorId)],
);

/**
 * A product's related products, worked out for every product at once by the jobs
 * (`refreshRelatedProducts`, decision 60): the ids in their order, so a product page reads them
 * with its cards by the primary key. No row: the page works them out itself (a new product, one
 * just edited, or one whose candidates the refresh could not bound).
 */
export const relatedProducts = pgTable("related_products", {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  ids: integer().array().notNull(),
});

/** A printed book's ISBN as search compares it: its digits (and X), without hyphens or spaces. */
export const isbnDigitsSql = (isbn: SQL | AnyPgColumn) =>
  sql`upper(regexp_replace(${isbn}, '[^0-9Xx]', '', 'g'))`;

export const bookDetails = pgTable(
  "book_details",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    publisher: text(),
    edition: text(),
    isbn: text(),
    pages: integer(),
  },
  // A search that is an ISBN finds its book by this (issue 29); a list filtered by publisher
  // (case aside) finds the publisher's books by the other.
  (t) => [
    index("book_details_isbn_digits").using("btree", isbnDigitsSql(t.isbn)),
    index("book_details_publisher_lower").using("btree", sql`lower(${t.publisher})`),
  ],
);

export const bundleItems = pgTable(
  "bundle_items",
  {
    bundleId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    itemId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.itemId] }), index().on(t.itemId)],
);

export const stationeryDetails = pgTable(
  "stationery_details",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    brand: text(),
    category: text().notNull(),
    images: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index().on(t.category)],
);

export const ebookDetails = pgTable(
  "ebook_details",
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The printed book this e-book is the digital edition of, if any. */
    bookId: integer().references(() => products.id, { onDelete: "set null" }),
    pdfKey: text(),
    pageCount: integer().notNull().default(0),
    demoPages: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [index().on(t.bookId)],
);

export const contentChapters = pgTable(
  "content_chapters",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    title: text().notNull(),
    kind: text({ enum: ["video", "pdf", "text"] }).notNull(),
    /** Video URL, PDF file key or the text itself. */
    body: text().notNull().default(""),
    isFree: boolean().notNull().default(false),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.productId, t.position)],
);

export const stockReason = pgEnum("stock_reason", STOCK_REASONS);

/**
 * Every change of a product's stock, with its reason: the ledger that explains the number on
 * hand. `change` is signed (+ in, − out); `stockAfter` is the count right after it. Staff changes
 * carry the actor; checkout's sales and the returns of cancelled orders carry the order.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    change: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: stockReason().notNull(),
    note: text().notNull().default(""),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    orderId: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.productId, t.createdAt)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint().notNull(),
    text: text().notNull().default(""),
    hidden: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.productId, t.userId), index().on(t.productId, t.hidden, t.createdAt)],
);

/**
 * Every distinct word of the products' names (titles, authors, publishers), kept by triggers on
 * `products`. A misspelt word is corrected against this short list (trigram index), then the
 * full-text index finds the products: comparing it with every product's names was seconds.
 */
export const searchWords = pgTable("search_words", { word: text().primaryKey() }, (t) => [
  index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * Every word of every product's search document (names and description), kept by triggers on
 * products (migration 0023). A search's prefix ("physics" as typed, `physics:*`) is looked up here
 * and searched as the whole words it stands for, which the GIN index finds far more cheaply than a
 * prefix (decision 58). Bytewise order (C collation), so a prefix is one range of the primary key.
 */
export const searchLexemes = pgTable("search_lexemes", { word: text().primaryKey() });

/** The six /info pages, editable by staff. */
export const infoPages = pgTable("info_pages", {
  slug: text().primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  version: integer().notNull().default(1),
  updatedAt: createdAt(),
});

export const couponKind = pgEnum("coupon_kind", ["percent", "fixed"]);

/**
 * Discount codes. `code` is stored upper-case and looked up upper-case. Money in poisha; a percent
 * `value` is 1–100. `usedCount` counts redemptions against `usageLimit`: checkout raises it with a
 * conditional update (`where usage_limit is null or used_count < usage_limit`), so two buyers
 * cannot both take the last use. Empty `productKinds`/`productIds` mean every kind/product.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    kind: couponKind().notNull(),
    value: integer().notNull(),
    maxDiscount: integer(),
    minOrder: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    usageLimit: integer(),
    perUserLimit: integer(),
    usedCount: integer().notNull().default(0),
    productKinds: text().array().notNull().default(sql`'{}'::text[]`),
    productIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    active: boolean().notNull().default(true),
    /** Staff's own words on what the coupon is for (never shown to customers). */
    note: text(),
    /** The bulk generation that made this code, if any (its codes share their rules). */
    batchId: integer().references((): AnyPgColumn => couponBatches.id, { onDelete: "set null" }),
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index().on(t.batchId),
    check("coupons_code_upper", sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
    check(
      "coupons_value_range",
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0)`,
    ),
    check("coupons_max_discount_positive", sql`${t.maxDiscount} is null or ${t.maxDiscount} > 0`),
    check("coupons_min_order_not_negative", sql`${t.minOrder} is null or ${t.minOrder} >= 0`),
    check(
      "coupons_window_order",
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
    check("coupons_usage_limit_positive", sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check("coupons_per_user_limit_positive", sql`${t.perUserLimit} is null or ${t.perUserLimit} > 0`),
    check("coupons_used_count_not_negative", sql`${t.usedCount} >= 0`),
    check(
      "coupons_product_kinds_known",
      sql`${t.productKinds} <@ array['book', 'ebook', 'bundle', 'stationary', 'content']::text[]`,
    ),
  ],
);

/** One bulk generation of coupon codes: N unique codes with the same rules (`/admin/coupon/bulk`). */
export const couponBatches = pgTable("coupon_batches", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  prefix: text().notNull(),
  length: smallint().notNull(),
  quantity: integer().notNull(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * One use of a coupon by a user on an order. Released (not deleted) when the unpaid order expires,
 * so the use stops counting against the user's limit but stays on record.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references((): AnyPgColumn => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.couponId, t.userId), uniqueIndex().on(t.orderId)],
);

/**
 * One open cart per user, kept in the database so any server instance serves it. `district` is
 * the delivery district last chosen, so the cart is priced for it on every page.
 */
export const carts = pgTable("carts", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
  district: text(),
  createdAt: createdAt(),
  /** The cart's last change (an add, a quantity, a coupon, a district), or an order placed from or beside it. */
  updatedAt: createdAt(),
  /** When the forgotten-cart SMS was written for it; a cart is reminded of again only after an order. */
  remindedAt: timestamp({ withTimezone: true }),
});

/** A product in a cart; one line per product. `source` is the page name or referral code of the add. */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    kind: productKind().notNull(),
    quantity: integer().notNull(),
    source: text().notNull(),
    /**
     * The idempotency key of the last add to this line: an add repeating it (a double tap, an add
     * performed again after sign-in) changes nothing.
     */
    addKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.cartId, t.productId),
    index().on(t.productId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Order numbers as customers read them: 100001, 100002, … (gaps are harmless here). */
export const orderNumbers = pgSequence("order_numbers", { startWith: 100001 });

/**
 * The version of what signed-out visitors see (decision 39): every server's copies of public
 * answers are keyed by it, so a change made through one server is dropped by all of them. A
 * sequence, not a row: moving it never waits for a lock, and it is moved after the change commits.
 */
export const publicContentVersion = pgSequence("public_content_version");

/**
 * Periodic work done once for all servers (decision 39): a server runs a round only when it moves
 * `ran_at` on, in one statement, and it does so only when the last round (anyone's) is due again.
 */
export const periodicRuns = pgTable("periodic_runs", {
  name: text().primaryKey(),
  ranAt: timestamp({ withTimezone: true }).notNull(),
});

export const orderStatus = pgEnum("order_status", ORDER_STATUSES);
export const paymentMethod = pgEnum("payment_method", ["gateway", "cod"]);
/** A cash-on-delivery order's phone check before packing (shops here call the buyer to cut returns). */
export const codCheck = pgEnum("cod_check", ["confirmed", "unreachable"]);
/** The COD risk check's verdict on an order's phone when it was placed (contracts/cod-risk.ts). */
export const codRiskLevel = pgEnum("cod_risk_level", COD_RISK_LEVELS);
export const codRiskAction = pgEnum("cod_risk_action", COD_RISK_ACTIONS);
/** Why a shipped parcel came back (contracts/returns.ts). */
export const returnReason = pgEnum("return_reason", RETURN_REASONS);

/**
 * An order as placed: the buyer's address and the priced totals (poisha) are copied in, never
 * re-read. `reservedUntil` is an unpaid gateway order's pay-by time, when it gives its stock and
 * coupon use back (kept after a failed payment: paying again counts from it);
 * `stockHeld` says whether its stock is still taken from `products.stock`.
 */
/** Why an order line was sold without stock (see `orderLines.waits`). */
export const lineWait = pgEnum("line_wait", ["preorder", "backorder"]);

/** How an order holding waiting lines ships: what is available now first (two parcels), or all together. */
export const waitShipping = pgEnum("wait_shipping", ["split", "together"]);

export const orders = pgTable(
  "orders",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: orderStatus().notNull(),
    paymentMethod: paymentMethod().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    district: text().notNull(),
    area: text().notNull(),
    address: text().notNull(),
    note: text(),
    subtotal: integer().notNull(),
    discount: integer().notNull(),
    delivery: integer().notNull(),
    total: integer().notNull(),
    /**
     * Poisha of the buyer's store credit spent on the order (decision 71): taken from the buyer's
     * store-credit ledger when the order is placed, it lowers `total`, what is left to pay online or
     * on delivery; its invoice prints it as paid with store credit.
     */
    storeCredit: integer().notNull().default(0),
    couponId: integer().references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text(),
    /** The referral code or page name the order is attributed to. */
    source: text().notNull(),
    referrerId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The staff member who took the order by phone (`source` "phone"); null for the shop's own checkout. */
    takenBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** A phone order's idempotency key, sent by the clerk's page: the same key places one order. */
    placeKey: text().unique(),
    physical: boolean().notNull(),
    stockHeld: boolean().notNull().default(true),
    /** Units taken from each product's stock (bundles as their printed items), to give back exactly. */
    reservedStock: jsonb().$type<Record<string, number>>().notNull().default({}),
    reservedUntil: timestamp({ withTimezone: true }),
    /**
     * An order with lines waiting for stock (pre-orders, back-orders): the buyer's choice at
     * checkout, to ship what is available at once and the rest later, or all together. Null when
     * nothing waits.
     */
    waitShipping: waitShipping(),
    /**
     * The first parcel's courier and consignment, kept with it (`shipments` seq 1) in the same
     * statement, so lists, search, COD cash and remittances read one parcel per order as before
     * (decision 73). Every parcel's own, including this one's, is in `shipments`.
     */
    courier: text(),
    /** The number the parcel is tracked by at `/tracking/{cn}`, upper-cased (Steadfast: its tracking code). */
    consignment: text().unique(),
    /** Cash on delivery: whether staff reached the buyer by phone before packing, when and who. */
    codCheck: codCheck(),
    codCheckedAt: timestamp({ withTimezone: true }),
    codCheckedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /**
     * Cash on delivery: the risk check of its phone when it was placed (null for an order paid
     * online, or placed before the check); `codRisk` keeps the figures and the action taken.
     */
    codRiskLevel: codRiskLevel(),
    codRisk: jsonb().$type<{
      delivered: number;
      returned: number;
      refused: number;
      deliveredPercent: number | null;
      sources: string[];
      /** The rule's action when the order was risky: `call` holds it until the buyer answers. */
      action: "call" | "pay_online" | null;
    }>(),
    /** When the order became delivered: for cash on delivery, the moment the courier took the cash. */
    deliveredAt: timestamp({ withTimezone: true }),
    /** When the parcel came back to the shop (status `returned`). */
    returnedAt: timestamp({ withTimezone: true }),
    /** Why it came back, as staff recorded it; null when only the courier reported it. */
    returnReason: returnReason(),
    /**
     * What the courier charges for bringing it back (poisha), a cost of the shop: recorded once,
     * at `returnChargedAt` (its instant in the ledger); null until staff record it.
     */
    returnCharge: integer(),
    returnChargedAt: timestamp({ withTimezone: true }),
    /** The courier's payment that brought this order's cash on delivery to the shop. */
    codRemittanceId: integer().references((): AnyPgColumn => codRemittances.id, { onDelete: "restrict" }),
    /** When its packing slip was last printed. */
    slipPrintedAt: timestamp({ withTimezone: true }),
    /** Raised by every staff edit of the order's details (address), for stale-edit refusals. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.reservedUntil),
    index().on(t.referrerId, t.createdAt),
    index().on(t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.phone),
    index().on(t.district, t.createdAt),
    index().on(t.source, t.createdAt),
    index().on(t.couponId),
    index().on(t.confirmedAt),
    index().on(t.deliveredAt),
    index().on(t.codRemittanceId),
    index().on(t.returnChargedAt),
    index().on(t.codRiskLevel, t.createdAt),
    index("orders_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    check(
      "orders_totals_add_up",
      sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.delivery} - ${t.storeCredit} and ${t.total} >= 0 and ${t.discount} >= 0 and ${t.storeCredit} >= 0`,
    ),
    check("orders_return_charge_not_negative", sql`${t.returnCharge} is null or ${t.returnCharge} >= 0`),
  ],
);

/** What was bought, at the price it was bought for (poisha); `discount` is the line's share. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    kind: productKind().notNull(),
    title: text().notNull(),
    image: text(),
    unitPrice: integer().notNull(),
    quantity: integer().notNull(),
    lineTotal: integer().notNull(),
    discount: integer().notNull().default(0),
    source: text().notNull(),
    /**
     * A line sold without stock: a pre-order (until its release) or a back-order (from the
     * publisher); null for a line served from stock at checkout. It takes its stock when
     * `filledAt` is set, oldest order first (services/catalog/preorders.ts).
     */
    waits: lineWait(),
    /** When a waiting line is expected: the release date, or today plus the lead time. */
    expectedOn: date({ mode: "string" }),
    filledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.productId),
    // The lines still waiting for a product's stock, oldest first: what a fill reads.
    index("order_lines_waiting_idx")
      .on(t.productId, t.orderId)
      .where(sql`${t.waits} is not null and ${t.filledAt} is null`),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Where one parcel of an order stands (decision 73). */
export const shipmentState = pgEnum("shipment_state", SHIPMENT_STATES);

/**
 * One parcel of an order: which of its lines (and how many of each) go in it, its courier and
 * consignment, and where it is. A physical order has one from the moment it is placed; an order
 * mixing pre-ordered and available books, whose buyer chose two parcels, has two (decision 73).
 */
export const shipments = pgTable(
  "shipments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1, 2, …: "parcel 2 of 2". Parcel 1's courier and consignment are also the order's. */
    seq: integer().notNull(),
    /** The order's lines in this parcel: order line id -> quantity. */
    lines: jsonb().$type<Record<string, number>>().notNull().default({}),
    state: shipmentState().notNull(),
    courier: text(),
    /** The number the parcel is tracked by at `/tracking/{cn}`, upper-cased. */
    consignment: text().unique(),
    /** The courier's last word about the parcel, in our words (`contracts/shipping`). */
    parcel: text(),
    /**
     * Set while a courier is being asked to book the parcel (claimed before the call, cleared after):
     * a second booking of it, from a double tap, another tab or a bulk booking, is refused instead
     * of booking the parcel twice. A claim older than a few minutes is a crash's, and lapses.
     */
    bookingAt: timestamp({ withTimezone: true }),
    /** When the courier was last asked where the parcel is; the tracking page asks again after a few minutes. */
    checkedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.orderId, t.seq),
    index().on(t.state),
    check("shipments_seq_positive", sql`${t.seq} > 0`),
  ],
);

export const paymentStatus = pgEnum("payment_status", ["initiated", "paid", "failed", "cancelled"]);

/**
 * One attempt to pay an order at a gateway. `tranx` is ours (sent to the gateway, found again in
 * its callbacks); `gatewayTxnId` is the gateway's, unique per provider: the same confirmation
 * arriving ten times records one payment.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    tranx: text().notNull().unique(),
    gatewayRef: text(),
    gatewayTxnId: text(),
    amount: integer().notNull(),
    currency: text().notNull().default("BDT"),
    status: paymentStatus().notNull().default("initiated"),
    reason: text(),
    raw: jsonb(),
    /** When the gateway confirmed the money (status `paid`): the moment it counts as collected online. */
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.orderId), uniqueIndex().on(t.provider, t.gatewayTxnId), index().on(t.paidAt)],
);

/** The built-in sandbox gateway's own record of a payment (it stands in for a gateway's books). */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  tranx: text().notNull().unique(),
  amount: integer().notNull(),
  currency: text().notNull(),
  description: text().notNull(),
  urls: jsonb().$type<{ success: string; fail: string; cancel: string; ipn: string }>().notNull(),
  status: text().$type<"open" | "paid" | "failed" | "cancelled">().notNull().default("open"),
  gatewayTxnId: text().unique(),
  /** Poisha of it given back through the sandbox's refund call; never more than `amount`. */
  refunded: integer().notNull().default(0),
  createdAt: createdAt(),
  decidedAt: timestamp({ withTimezone: true }),
});

/**
 * An invoice: an immutable snapshot numbered INV-YYYY-NNNNNN without gaps within a Dhaka year. The
 * confirming transaction writes it without a number (`number`, `seq` and the snapshot's `number`
 * null: waiting for its number); `number_invoices()` numbers it right after that transaction
 * commits (decision 40).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: text().unique(),
    /** The Dhaka year of the confirmation, which numbers the invoice. */
    year: smallint().notNull().default(sql`extract(year from (now() at time zone 'Asia/Dhaka'))::smallint`),
    /** Its place in the year's numbers, 1, 2, 3, … in confirmation order; null until numbered. */
    seq: integer(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    total: integer().notNull(),
    snapshot: jsonb().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.issuedAt),
    uniqueIndex("invoices_year_seq_unique").on(t.year, t.seq),
    index("invoices_waiting_for_number").on(t.issuedAt, t.id).where(sql`${t.number} is null`),
  ],
);

/** The last invoice number of each year; only `number_invoices()` moves it, under its lock. */
export const invoiceCounters = pgTable("invoice_counters", {
  year: smallint().primaryKey(),
  last: integer().notNull(),
});

/** A user owns an e-book or a content item (granted when its order is confirmed). */
export const entitlements = pgTable(
  "entitlements",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    grantedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index().on(t.orderId)],
);

/**
 * Where a reader last was in an e-book (owners and staff), so the reader resumes on any device.
 * One row per reader and e-book; the last write wins.
 */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** 1-based. */
    page: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check("reading_progress_page", sql`${t.page} >= 1`),
  ],
);

/**
 * The chapters of a course a reader (owner or staff) has marked done: one row per reader and
 * chapter, so a repeated or concurrent "done" adds nothing; "not done" deletes the row. A deleted
 * chapter takes its rows with it. `productId` is the chapter's course, kept so a course's count
 * and its last activity are one indexed read.
 */
export const chapterProgress = pgTable(
  "chapter_progress",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chapterId: integer()
      .notNull()
      .references(() => contentChapters.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    completedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chapterId] }), index().on(t.userId, t.productId)],
);

/** An order's history: each status it took, with who or what moved it; the tracking timeline. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text().notNull(),
    note: text(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The parcel a courier's news is about (`shipment:` lines); null for the order's own lines. */
    shipmentId: integer().references((): AnyPgColumn => shipments.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

/** Staff's internal notes on an order (never shown to the buyer). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

/**
 * A credit note: the immutable correction of an invoice (an invoice is never changed). Numbered
 * CN-YYYY-NNNNNN without gaps within a year, like invoices (`credit_note_counters`).
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    number: text().notNull().unique(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    reason: text().notNull(),
    snapshot: jsonb().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.invoiceId),
    index().on(t.issuedAt),
    check("credit_notes_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** The last credit-note number of each year; taken under the row's lock, so numbers have no gaps. */
export const creditNoteCounters = pgTable("credit_note_counters", {
  year: smallint().primaryKey(),
  last: integer().notNull(),
});

export const refundStatus = pgEnum("refund_status", ["owed", "paid", "pending", "failed"]);

/**
 * Money the shop gives back to a buyer: owed when recorded, paid when staff have sent it (with
 * the method and the reference of the transfer). `creditNoteId` is the credit note that reduced
 * the invoice for it, when there was an invoice to reduce.
 *
 * A refund through the gateway (`paymentId` set) is `pending` while the gateway works on it,
 * `paid` once it says the money went back (its credit note issued then), or `failed` when it
 * refused (`gatewayReason` says why), to be retried or paid by hand. `gatewayRefundId` is the
 * gateway's id for it (SSLCommerz `refund_ref_id`, bKash `refundTrxID`); `attempts` counts the
 * requests sent, and makes each attempt's own id (`refundRef`).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    creditNoteId: integer().references(() => creditNotes.id, { onDelete: "restrict" }),
    amount: integer().notNull(),
    method: text().notNull(),
    reason: text().notNull(),
    reference: text(),
    status: refundStatus().notNull().default("owed"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    paidAt: timestamp({ withTimezone: true }),
    paidBy: integer().references(() => users.id, { onDelete: "set null" }),
    version: integer().notNull().default(1),
    paymentId: integer().references(() => payments.id, { onDelete: "restrict" }),
    gatewayRefundId: text(),
    gatewayReason: text(),
    attempts: integer().notNull().default(0),
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.status, t.createdAt),
    index().on(t.paidAt),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_paid_has_time", sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/**
 * A courier's payment to the shop of the cash it collected on delivery: the orders it covers
 * point at it (`orders.cod_remittance_id`); `amount` is their cash, to the poisha.
 */
export const codRemittances = pgTable(
  "cod_remittances",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    courier: text().notNull(),
    reference: text(),
    amount: integer().notNull(),
    note: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.receivedAt), check("cod_remittances_amount_not_negative", sql`${t.amount} >= 0`)],
);

/**
 * The courier a district's parcels are booked with by default (decision 67), set by staff on
 * `/admin/orders/couriers`; a district without a row goes with the shop's default courier.
 */
export const courierDistricts = pgTable("courier_districts", {
  /** One of the 64 districts, in its official spelling (contracts/districts.ts). */
  district: text().primaryKey(),
  courier: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
});

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

/**
 * Background work staff start and watch (long exports and reports): claimed by one server with
 * SKIP LOCKED and a lease, its progress written as it goes, its result (a CSV) kept for download.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    params: jsonb().notNull().default({}),
    status: text().$type<(typeof JOB_STATUSES)[number]>().notNull().default("queued"),
    done: integer().notNull().default(0),
    total: integer(),
    result: text(),
    filename: text(),
    error: text(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    leaseUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.leaseUntil), index().on(t.createdBy, t.createdAt)],
);

/**
 * "Notify me" on an out-of-stock product: one per user and product, deleted when its SMS is queued
 * (stock returned above zero) or when the product or the user goes.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.userId, t.productId), index().on(t.productId)],
);

/**
 * A customer's wishlist ("Save for later"): one row per user and product, at most
 * `WISHLIST_LIMIT` per user (contracts/wishlist.ts). `savedPrice` is what it cost when saved;
 * `alertedPrice` the price of the last "cheaper" SMS, so one drop is texted once;
 * `awaitingStock` is set while the item is seen out of stock and cleared, with one SMS to an
 * opted-in customer, when it is back (services/catalog/wishlist-alerts.ts).
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    savedPrice: integer().notNull(),
    alertedPrice: integer(),
    awaitingStock: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.productId),
    index().on(t.productId),
    index().on(t.userId, t.createdAt),
  ],
);

/**
 * A customer's address book: several delivery addresses, at most one the default (a partial
 * unique index), each with when it was last used at checkout (the one checkout fills in).
 */
export const addresses = pgTable(
  "addresses",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    phone: text().notNull(),
    district: text().notNull(),
    area: text().notNull(),
    address: text().notNull(),
    isDefault: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index().on(t.userId), uniqueIndex("addresses_one_default").on(t.userId).where(sql`${t.isDefault}`)],
);

/**
 * The COD risk rule staff set (decision 68): one row, id 1, made on the first save (the default
 * rule applies before it). `version` refuses a stale edit.
 */
export const codRiskRules = pgTable(
  "cod_risk_rules",
  {
    id: integer().primaryKey(),
    enabled: boolean().notNull(),
    minDeliveredPercent: integer().notNull(),
    maxReturns: integer().notNull(),
    action: codRiskAction().notNull(),
    version: integer().notNull().default(1),
    updatedAt: createdAt(),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("cod_risk_rules_one_row", sql`${t.id} = 1`)],
);

/** A lookup's answer about a phone's parcels (its delivered and returned), kept a day per source. */
export const deliveryHistoryCache = pgTable(
  "delivery_history_cache",
  {
    phone: text().notNull(),
    source: text().notNull(),
    delivered: integer().notNull(),
    returned: integer().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.source] })],
);

export const storeCreditKind = pgEnum("store_credit_kind", STORE_CREDIT_KINDS);

/**
 * A customer's store credit (decision 71), as a ledger of entries only ever added: each entry's
 * `amount` (poisha, signed) and the `balance` after it, numbered 1, 2, 3, … per customer (`seq`),
 * so entry n's balance is entry n−1's plus its amount and the last entry's balance is what the
 * customer holds. Written only under the customer's row lock (services/money/store-credit.ts);
 * the database refuses a negative balance. `key` makes an entry once: a referral reward per
 * referred buyer, what an order spent, what its cancellation gave back, a refund.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    kind: storeCreditKind().notNull(),
    amount: integer().notNull(),
    balance: integer().notNull(),
    key: text().notNull().unique(),
    orderId: integer().references(() => orders.id, { onDelete: "restrict" }),
    refundId: integer().references(() => refunds.id, { onDelete: "restrict" }),
    /** The referred buyer whose first delivered order earned a reward. */
    referredId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Staff who made an adjustment or a refund to credit; null for the shop itself. */
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.seq),
    index().on(t.orderId),
    index().on(t.referredId),
    check("store_credit_entries_balance_not_negative", sql`${t.balance} >= 0`),
    check("store_credit_entries_amount_not_zero", sql`${t.amount} <> 0`),
    check("store_credit_entries_seq_positive", sql`${t.seq} > 0`),
  ],
);
