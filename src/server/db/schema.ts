import { type SQL, sql } from "drizzle-orm";
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const userRole = pgEnum("user_role", ["customer", "staff", "admin"]);

export const users = pgTable("users", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** Local form 01XXXXXXXXX; null only for accounts made without one (e.g. Google sign-in). */
  phone: text().unique(),
  /** Lower-cased. */
  email: text().unique(),
  passwordHash: text(),
  hscBatch: text(),
  role: userRole().notNull().default("customer"),
  permissions: text().array().notNull().default(sql`'{}'::text[]`),
  phoneVerifiedAt: timestamp({ withTimezone: true }),
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
    purpose: text({ enum: ["verify", "reset"] }).notNull(),
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
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.phone, t.createdAt)],
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
  (t) => [index().on(t.entity, t.entityId), index().on(t.createdAt)],
);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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
    index("products_search_vector_idx").using("gin", t.searchVector),
    index("products_search_names_trgm_idx").using("gin", t.searchNames.op("gin_trgm_ops")),
  ],
);

export const authors = pgTable("authors", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  nameBn: text(),
  bio: text().notNull().default(""),
  photo: text(),
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

export const bookDetails = pgTable("book_details", {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  publisher: text(),
  edition: text(),
  isbn: text(),
  pages: integer(),
});

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
  },
  (t) => [index().on(t.productId, t.position)],
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

/** The six /info pages, editable by staff. */
export const infoPages = pgTable("info_pages", {
  slug: text().primaryKey(),
  title: text().notNull(),
  body: text().notNull(),
  updatedAt: createdAt(),
});
