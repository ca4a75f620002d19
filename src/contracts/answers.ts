/**
 * What the API answers, as zod schemas: the envelope and the `data` of every answer. The
 * TypeScript types of these shapes are derived from here (`z.infer`), in the area modules that
 * name them (`PublicUser` in user.ts, `ProductCard` in catalog.ts, …), so the type the code uses
 * and the schema the API document shows are one definition. Those area modules import only types
 * from this one, so zod stays out of the pages that do not need it.
 *
 * Each schema carries an `id` (its name in the OpenAPI document). Dates are ISO 8601 in UTC.
 */

import { CHAPTER_KINDS, PRODUCT_KINDS, ROLES, TRACKS } from "./enums";
import { PAYMENT_METHODS, PAYMENT_STATES, READ_ACCESS, REFUND_METHODS } from "./enums-orders";
import { LOCALES } from "./locale";
import { ORDER_STATUSES } from "./order-status";
import { SHIPMENT_STATUSES } from "./shipping";
import { z } from "./zod";

export const isoTime = () => z.iso.datetime({ offset: true });
export const poisha = (what: string) =>
  z.int().meta({ description: `${what}, in poisha (1 taka = 100 poisha)` });

/** The fields every answer has (architecture rule 6); the HTTP status equals statusCode. */
export const envelopeFields = z.object({
  statusCode: z.int().meta({ description: "The HTTP status again" }),
  message: z.string().meta({ description: "What happened, in words a person can be shown" }),
  errors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: "Bad input: the first message for each field, keyed by its dotted path" }),
});

/** The envelope with a `data` of this schema (or none). */
export function envelopeOf(data?: z.ZodType) {
  return data ? envelopeFields.extend({ data }) : envelopeFields;
}

/** An error answer: statusCode, message and, for bad input, errors. */
export const errorEnvelopeSchema = envelopeFields.meta({ id: "ErrorEnvelope" });

/** The paging fields of every list answer. */
export const pageFields = z.object({
  total: z.int().meta({ description: "How many matched (a search counts up to 1,000)" }),
  page: z.int(),
  limit: z.int(),
  more: z.boolean().optional().meta({ description: "Set when more matched than `total` counts" }),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return pageFields.extend({ items: z.array(item) });
}

// ---- accounts

export const publicUserSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: "Local form 01XXXXXXXXX" }),
    email: z.string().nullable(),
    email_confirmed: z.boolean().meta({
      description:
        "Whether the shop's emailed code (or Google, for an account it made) proved the email this account's; Google sign-in links only to a confirmed one",
    }),
    hsc_batch: z.string().nullable(),
    phone_verified: z.boolean(),
    role: z.enum(ROLES),
    permissions: z
      .array(z.string())
      .meta({ description: "Admin areas a staff member may use; empty for admins, who may use all" }),
    locale: z.enum(LOCALES).meta({ description: "The interface language the user chose (pages and SMS)" }),
  })
  .meta({ id: "User" });

export const codeSentSchema = z
  .object({ phone: z.string().meta({ description: "Where the code went" }) })
  .meta({ id: "CodeSent" });

export const emailCodeSentSchema = z
  .object({
    pendingEmail: z.string().meta({ description: "The new address, used once its code is confirmed" }),
  })
  .meta({ id: "EmailCodeSent" });

export const versionSchema = z
  .object({ version: z.string().meta({ description: "The build id; a change means a new deployment" }) })
  .meta({ id: "Version" });

// ---- catalogue

export const authorRefSchema = z
  .object({ name: z.string(), nameBn: z.string().nullable(), slug: z.string() })
  .meta({ id: "AuthorRef" });

export const productCardSchema = z
  .object({
    id: z.int(),
    kind: z.enum(PRODUCT_KINDS),
    slug: z.string(),
    title: z.string(),
    titleBn: z.string().nullable(),
    price: poisha("The regular price"),
    salePrice: poisha("The sale price (null unless it is set and below the price)").nullable(),
    inStock: z.boolean(),
    image: z.string().nullable().meta({ description: "Storage key of the cover, or null" }),
    authors: z.array(authorRefSchema),
    rating: z.object({ average: z.number().nullable(), count: z.int() }),
    url: z.string().meta({ description: "The product's page in the shop" }),
  })
  .meta({ id: "ProductCard" });

export const productPageSchema = pageOf(productCardSchema).meta({ id: "ProductPage" });

export const searchPageSchema = pageOf(productCardSchema)
  .extend({
    searchedFor: z.string().optional().meta({
      description:
        "Set when the words as typed found nothing and typos were corrected: what was searched for instead (“Did you mean …”)",
    }),
  })
  .meta({ id: "SearchPage" });

export const chapterSchema = z
  .object({
    id: z.int(),
    position: z.int(),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    isFree: z.boolean(),
    body: z.string().nullable().meta({
      description:
        "Free text chapters' Markdown and free videos' links; null otherwise (PDF chapters open in the reader)",
    }),
  })
  .meta({ id: "Chapter" });

export const productDetailSchema = productCardSchema
  .extend({
    description: z.string(),
    tracks: z.array(z.enum(TRACKS)),
    hscYear: z.int().nullable(),
    language: z.string(),
    stock: z.int().nullable(),
    book: z
      .object({
        publisher: z.string().nullable(),
        edition: z.string().nullable(),
        isbn: z.string().nullable(),
        pages: z.int().nullable(),
        ebookId: z.int().nullable().meta({ description: "The published e-book of this book, if any" }),
      })
      .optional(),
    ebook: z
      .object({
        pageCount: z.int(),
        demoPages: z.array(z.int()).meta({ description: "The free preview's pages, 1-based" }),
        book: productCardSchema.nullable(),
      })
      .optional(),
    bundle: z
      .object({
        items: z.array(productCardSchema.extend({ quantity: z.int() })),
        itemsTotal: poisha("The items bought separately, at their effective prices"),
        saving: poisha("What the bundle saves against its items (never below 0)"),
      })
      .optional(),
    stationery: z
      .object({ brand: z.string().nullable(), category: z.string(), images: z.array(z.string()) })
      .optional(),
    content: z.object({ chapters: z.array(chapterSchema) }).optional(),
    related: z.array(productCardSchema),
  })
  .meta({ id: "ProductDetail" });

export const authorSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    nameBn: z.string().nullable(),
    bio: z.string().nullable(),
    photo: z.string().nullable(),
    products: productPageSchema,
  })
  .meta({ id: "Author" });

// ---- authors' back office

export const adminAuthorSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    nameBn: z.string().nullable(),
    slug: z.string(),
    photo: z.string().nullable().meta({ description: "A stored image's key; null for none" }),
    bookCount: z.int().meta({ description: "Products linked to the author, published or not" }),
  })
  .meta({ id: "AdminAuthor" });

export const adminAuthorPageSchema = pageOf(adminAuthorSchema).meta({ id: "AdminAuthorPage" });

export const adminAuthorDetailSchema = adminAuthorSchema
  .extend({
    bio: z.string().meta({ description: "Plain text; a blank line starts a new paragraph" }),
    version: z.int().meta({ description: "Send it back with an edit or a merge" }),
    createdAt: isoTime(),
    redirects: z
      .array(z.string())
      .meta({ description: "Slugs of merged or renamed authors whose pages redirect to this one" }),
  })
  .meta({ id: "AdminAuthorDetail" });

export const authorMergeResultSchema = z
  .object({
    into: adminAuthorDetailSchema,
    movedProducts: z.int().meta({ description: "Products whose link moved to the kept author" }),
  })
  .meta({ id: "AuthorMergeResult" });

export const adminAuthorDeletedSchema = z.object({ id: z.int() }).meta({ id: "AdminAuthorDeleted" });

export const suggestionSchema = productCardSchema
  .pick({
    id: true,
    kind: true,
    title: true,
    titleBn: true,
    url: true,
    image: true,
    price: true,
    salePrice: true,
  })
  .extend({
    publisher: z
      .string()
      .nullable()
      .meta({ description: "A book's publisher (what tells books of one title apart)" }),
    edition: z.string().nullable(),
    hscYear: z.int().nullable(),
  })
  .meta({ id: "Suggestion" });

// ---- reviews

export const reviewAnswerSchema = z
  .object({
    id: z.int(),
    rating: z.int().min(1).max(5),
    text: z.string(),
    author: z.string().meta({ description: "The reviewer's first name and an initial" }),
    verifiedPurchase: z.boolean(),
    mine: z.boolean(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
  })
  .meta({ id: "Review" });

export const reviewPageSchema = pageOf(reviewAnswerSchema).meta({ id: "ReviewPage" });

export const reviewVisibilitySchema = z
  .object({ id: z.int(), hidden: z.boolean() })
  .meta({ id: "ReviewVisibility" });

// ---- stock alerts ("Notify me")

export const stockAlertStateSchema = z
  .object({ productId: z.int(), subscribed: z.boolean() })
  .meta({ id: "StockAlertState" });

// ---- address book

export const savedAddressSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    isDefault: z.boolean(),
    lastUsedAt: isoTime().nullable(),
  })
  .meta({ id: "SavedAddress" });

// ---- cart

export const cartInfoSchema = z
  .object({
    qty: z.int().meta({ description: "Units in the cart" }),
    totalPrice: poisha("Lines before the coupon (delivery included for stationery)"),
    discountedAmount: poisha("The coupon's discount"),
    netPrice: poisha("What the buyer pays"),
    deliveryCharges: poisha("Delivery"),
    couponId: z
      .int()
      .nullable()
      .meta({ description: "The applied coupon; null when none, or the attached one does not qualify" }),
    joiningId: z.int().nullable().meta({ description: "The cart's id" }),
    isStationary: z.boolean(),
    district: z.string(),
    zone: z.enum(["dhaka", "outside"]),
    couponCode: z.string().nullable().meta({ description: "The attached coupon's code, applied or not" }),
    couponMessage: z
      .string()
      .optional()
      .meta({ description: "Why the attached coupon gives no discount now" }),
    lines: z.array(
      z.object({
        id: z.int(),
        type: z.enum(PRODUCT_KINDS),
        productId: z.int(),
        title: z.string(),
        image: z.string().nullable(),
        unitPrice: poisha("The effective price of one"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        source: z.string(),
        url: z.string(),
        maxQuantity: z.int().meta({ description: "How many the shopper may have" }),
      }),
    ),
  })
  .meta({ id: "CartInfo" });

// ---- orders, payments and invoices

export const checkoutResultSchema = z
  .object({
    orderId: z.int(),
    orderNumber: z.string(),
    tranx: z.string().meta({ description: "Our id of the payment attempt" }),
    redirectUrl: z
      .string()
      .optional()
      .meta({ description: "The gateway's payment page; absent for cash on delivery" }),
  })
  .meta({ id: "CheckoutResult" });

export const orderViewSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    createdAt: isoTime(),
    confirmedAt: isoTime().nullable(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    note: z.string().nullable(),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    total: poisha("What the buyer pays"),
    couponCode: z.string().nullable(),
    payBy: isoTime().nullable().meta({ description: "Until when an unpaid order waits for its payment" }),
    consignment: z.string().nullable(),
    invoiceId: z.int().nullable(),
    tranx: z.string().nullable().meta({ description: "The latest payment attempt's id of ours" }),
    canCancel: z.boolean(),
    canPay: z.boolean(),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.string(),
        title: z.string(),
        image: z.string().nullable(),
        url: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
      }),
    ),
  })
  .meta({ id: "Order" });

export const invoiceSnapshotSchema = z
  .object({
    number: z.string(),
    issuedAt: isoTime(),
    shop: z.object({ name: z.string(), url: z.string().nullable() }),
    order: z.object({
      id: z.int(),
      number: z.string(),
      placedAt: isoTime(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      couponCode: z.string().nullable(),
    }),
    buyer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    deliverTo: z.object({ district: z.string(), area: z.string(), address: z.string() }),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.string(),
        title: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        discount: poisha("This line's share of the coupon"),
      }),
    ),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    total: poisha("Total paid"),
  })
  .meta({ id: "InvoiceSnapshot", description: "Frozen when the invoice is issued" });

export const invoiceViewSchema = z
  .object({ id: z.int(), orderId: z.int(), snapshot: invoiceSnapshotSchema })
  .meta({ id: "Invoice" });

export const PAYMENT_OUTCOMES = ["paid", "failed", "cancelled", "pending"] as const;

export const paymentNoticeAnswerSchema = z
  .object({
    status: z.enum(PAYMENT_OUTCOMES).meta({ description: "The payment as the gateway confirmed it" }),
  })
  .meta({ id: "PaymentNoticeAnswer" });
export type PaymentNoticeAnswer = z.infer<typeof paymentNoticeAnswerSchema>;

// ---- staff order handling

export const orderFulfilmentSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    total: poisha("What the buyer pays"),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    trackingPath: z.string().nullable().meta({ description: "Where the customer follows the parcel" }),
    next: z.array(z.enum(ORDER_STATUSES)).meta({ description: "The statuses staff may move it to next" }),
    updatedAt: isoTime(),
  })
  .meta({ id: "OrderFulfilment" });

export const courierSyncSchema = z
  .object({
    shipment: z.enum(SHIPMENT_STATUSES),
    courierStatus: z.string().meta({ description: "The courier's own word" }),
    changed: z.boolean().meta({ description: "Whether it differs from the one last recorded" }),
    status: z.enum(ORDER_STATUSES),
  })
  .meta({ id: "CourierSync" });

// ---- tracking, referrals, library

export const trackingViewSchema = z
  .object({
    consignment: z.string(),
    courier: z.string().nullable(),
    orderEnding: z.string().meta({ description: "The last digits of the order number, nothing more" }),
    district: z.string(),
    items: z.int(),
    status: z.enum(ORDER_STATUSES),
    statusText: z.string(),
    shipment: z.enum(SHIPMENT_STATUSES).nullable(),
    events: z
      .array(z.object({ status: z.string(), text: z.string(), at: isoTime() }))
      .meta({ description: "Oldest first; the last one is the current state" }),
    checkedAt: isoTime().nullable(),
  })
  .meta({ id: "Tracking" });

export const referralReportSchema = z
  .object({
    code: z.string(),
    shareUrl: z.string(),
    orders: z.int().meta({ description: "Bought orders only" }),
    amount: poisha("What the bought orders sold, after discounts, without delivery"),
    months: z.array(
      z.object({
        month: z.string().regex(/^\d{4}-\d{2}$/),
        orders: z.int(),
        amount: poisha("Sold that month"),
      }),
    ),
    recent: z.array(
      z.object({
        orderEnding: z.string(),
        placedAt: isoTime(),
        amount: poisha("Sold"),
        status: z.enum(ORDER_STATUSES),
        statusText: z.string(),
      }),
    ),
  })
  .meta({ id: "ReferralReport" });

export const libraryEbookSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    titleBn: z.string().nullable(),
    image: z.string().nullable(),
    pageCount: z.int().meta({ description: "0 when the file has not been counted" }),
    boughtAt: isoTime(),
    readUrl: z.string(),
    progress: z
      .object({
        page: z.int().meta({ description: "The page last read, 1-based" }),
        pageCount: z.int(),
        percent: z.int().meta({ description: "page of pageCount, 0 to 100" }),
        updatedAt: isoTime(),
      })
      .nullable()
      .meta({ description: "Where the owner last was; null when never opened" }),
  })
  .meta({ id: "LibraryEbook" });

export const libraryCourseSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    titleBn: z.string().nullable(),
    image: z.string().nullable(),
    chapters: z.int(),
    boughtAt: isoTime(),
    url: z.string(),
    doneCount: z.int().meta({ description: "Chapters the owner has marked done" }),
    resumeChapterId: z
      .int()
      .nullable()
      .meta({ description: "The first chapter not done, in course order; null when all are done" }),
    continueUrl: z.string().meta({ description: "The course page opened on that chapter" }),
    lastActivityAt: isoTime().meta({ description: "The last chapter marked done, else when it was bought" }),
  })
  .meta({ id: "LibraryCourse" });

export const myLibrarySchema = z
  .object({ ebooks: z.array(libraryEbookSchema), courses: z.array(libraryCourseSchema) })
  .meta({
    id: "Library",
    description:
      "E-books by last read (never-read ones after, newest bought first); courses by last activity (last chapter done, else bought)",
  });

// ---- the e-book reader

export const ebookReaderSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    pageCount: z.int().meta({ description: "Pages in the e-book's file; 0 when there is no file yet" }),
    demoPages: z.array(z.int()).meta({ description: "The free preview's pages, 1-based, ascending" }),
    access: z.enum(READ_ACCESS).meta({
      description:
        "`owner` and `staff` read every page (stamped with their name and phone); `preview` the demo pages only",
    }),
    progress: z
      .object({ page: z.int(), updatedAt: isoTime() })
      .nullable()
      .meta({ description: "Where the caller last was (owners and staff); null otherwise" }),
  })
  .meta({ id: "EbookReader" });

export const savedProgressSchema = z
  .object({ page: z.int(), pageCount: z.int(), updatedAt: isoTime() })
  .meta({ id: "ReadingProgress" });

// ---- courses: chapters as the caller may see them, and chapters marked done

export const courseProgressSchema = z
  .object({
    doneCount: z.int(),
    total: z.int().meta({ description: "Chapters in the course" }),
    resumeChapterId: z
      .int()
      .nullable()
      .meta({ description: "The first chapter not done, in course order; null when all are done" }),
  })
  .meta({ id: "CourseProgress" });

export const chapterContentSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("text"),
      html: z.string().meta({ description: "The Markdown rendered on the server and sanitised" }),
    }),
    z.object({
      kind: z.literal("video"),
      provider: z.enum(["youtube", "vimeo"]).nullable(),
      embedUrl: z.string().nullable().meta({
        description: "A youtube-nocookie.com or player.vimeo.com address to frame; null for other links",
      }),
      url: z
        .string()
        .nullable()
        .meta({ description: "The video's own http(s) address; null when it has none" }),
    }),
    z.object({
      kind: z.literal("pdf"),
      readUrl: z
        .string()
        .meta({ description: "The reader opened on this chapter (the file itself is never sent)" }),
    }),
  ])
  .meta({ id: "ChapterContent" });

export const courseChapterSchema = z
  .object({
    id: z.int(),
    position: z.int(),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    isFree: z.boolean(),
    readable: z.boolean().meta({ description: "Whether the caller may open it (content is null otherwise)" }),
    done: z
      .boolean()
      .meta({ description: "Marked done by the caller (owners and staff; false for anyone else)" }),
    content: chapterContentSchema.nullable(),
  })
  .meta({ id: "CourseChapter" });

export const courseChaptersSchema = z
  .object({
    id: z.int(),
    title: z.string(),
    access: z.enum(READ_ACCESS).meta({
      description: "`owner` and `staff` open every chapter; `preview` the free ones of a published course",
    }),
    chapters: z.array(courseChapterSchema),
    progress: courseProgressSchema
      .nullable()
      .meta({ description: "The caller's chapters done (owners and staff); null for anyone else" }),
  })
  .meta({ id: "CourseChapters" });

/** A course's chapter as staff edit it (`/api/admin/content/{id}/chapters`). */
export const adminChapterSchema = z
  .object({
    id: z.int(),
    position: z.int().meta({ description: "1 for the first chapter" }),
    title: z.string(),
    kind: z.enum(CHAPTER_KINDS),
    body: z.string().meta({
      description:
        "A video chapter's link or a text chapter's Markdown; empty for a PDF chapter (see `file`)",
    }),
    isFree: z.boolean().meta({ description: "Readable by anyone before buying (a free preview)" }),
    version: z.int().meta({ description: "Send it back with an edit or a delete; a stale one gets 409" }),
    file: z
      .object({ pageCount: z.int().meta({ description: "0 when the stored file cannot be read" }) })
      .nullable()
      .meta({ description: "A PDF chapter's file; null when it has none yet, and for other kinds" }),
  })
  .meta({ id: "AdminChapter" });

export const adminCourseChaptersSchema = z
  .object({
    course: z.object({
      id: z.int(),
      title: z.string(),
      published: z.boolean(),
      version: z.int().meta({
        description:
          "The course's version, raised by every chapter added, removed or moved: send it with a new order",
      }),
    }),
    chapters: z.array(adminChapterSchema).meta({ description: "In the course's order" }),
  })
  .meta({ id: "AdminCourseChapters" });

export const deletedChapterSchema = z
  .object({ id: z.int().meta({ description: "The chapter removed" }), courseVersion: z.int() })
  .meta({ id: "DeletedChapter" });
// ---- the reader: a course's PDF chapters and an e-book's outline
export const chapterReaderSchema = z
  .object({
    courseId: z.int(),
    courseTitle: z.string(),
    chapterId: z.int(),
    title: z.string().meta({ description: "The chapter's title" }),
    pageCount: z.int().meta({ description: "Pages in the chapter's PDF; 0 when the file is missing" }),
    free: z.boolean().meta({ description: "A free chapter, readable by anyone" }),
    access: z.enum(READ_ACCESS).meta({
      description:
        "`owner` and `staff` read the chapter's pages stamped with their name and phone; `preview` reads a free chapter unstamped",
    }),
  })
  .meta({ id: "ChapterReader" });

export const outlineEntrySchema = z
  .object({
    title: z.string(),
    page: z.int().meta({ description: "The page the entry points at, 1-based" }),
    depth: z.int().meta({ description: "0 for a top-level entry, 1 for one below it, and so on" }),
  })
  .meta({ id: "OutlineEntry" });

export const ebookOutlineSchema = z
  .object({
    entries: z.array(outlineEntrySchema).meta({
      description:
        "The PDF's bookmarks in reading order; for a preview reader only those that point at demo pages. Empty when the PDF has none",
    }),
  })
  .meta({ id: "EbookOutline" });

// ---- back office: sales (poisha; days and months in Asia/Dhaka)

export const salesRowSchema = z
  .object({
    period: z.string().meta({ description: "The Dhaka day (YYYY-MM-DD) or month (YYYY-MM)" }),
    units: z.int().meta({ description: "Units sold in it" }),
    revenue: poisha("What those units sold for, after discounts, without delivery"),
  })
  .meta({ id: "SalesRow" });

const salesTotalsSchema = z.object({ units: z.int(), revenue: poisha("The range's revenue") });

export const productSalesSchema = z
  .object({
    product: z.object({
      id: z.int(),
      kind: z.enum(PRODUCT_KINDS),
      title: z.string(),
      titleBn: z.string().nullable(),
    }),
    group: z.enum(["day", "month"]),
    from: z.string().meta({ description: "The first Dhaka day of the range" }),
    to: z.string().meta({ description: "The last Dhaka day of the range" }),
    rows: z
      .array(salesRowSchema)
      .meta({ description: "Every day or month of the range, in order; none left out" }),
    totals: salesTotalsSchema,
  })
  .meta({ id: "ProductSales" });

const salesFigureSchema = z.object({
  orders: z.int().meta({ description: "Orders that count as sales" }),
  units: z.int(),
  revenue: poisha("What they sold for, after discounts, without delivery"),
});

export const dashboardSchema = z
  .object({
    salesMeaning: z.string().meta({ description: "What the sales figures count, in one line" }),
    today: z.string().meta({ description: "Today in Dhaka, YYYY-MM-DD" }),
    sales: z
      .object({
        today: salesFigureSchema,
        month: salesFigureSchema.meta({ description: "This Dhaka month so far" }),
        days: z
          .array(salesRowSchema)
          .meta({ description: "The last 30 Dhaka days, today last, none left out" }),
        top: z
          .array(
            z.object({
              id: z.int(),
              kind: z.enum(PRODUCT_KINDS),
              title: z.string(),
              units: z.int(),
              revenue: poisha("Its revenue over the 30 days"),
            }),
          )
          .meta({ description: "The products with the most revenue over the last 30 days, at most 10" }),
        ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.int() })),
      })
      .nullable()
      .meta({ description: "Sales and orders, for staff holding reports or orders; null for others" }),
    lowStock: z
      .object({
        threshold: z.int().meta({ description: "Stock at or below this is low" }),
        total: z.int().meta({ description: "How many published products are low, all of them" }),
        items: z.array(
          z.object({ id: z.int(), kind: z.enum(PRODUCT_KINDS), title: z.string(), stock: z.int() }),
        ),
      })
      .nullable()
      .meta({
        description:
          "Published books and stationery low in stock, the lowest first (at most 20): books for staff holding books, stationery for stationery; null for staff holding neither",
      }),
  })
  .meta({ id: "Dashboard" });

/** One row of a sales report's table: the orders, units and money of one day, month, source or district. */
const reportRowSchema = z.object({
  key: z.string().meta({ description: "The Dhaka day (YYYY-MM-DD), month (YYYY-MM), source or district" }),
  orders: z.int().meta({ description: "Orders that count as sales" }),
  units: z.int(),
  sales: poisha("What their lines sold for, after discounts, without delivery"),
  credited: poisha("Credit notes issued on those orders, up to each order's sales"),
  net: poisha("sales − credited"),
});

const reportProductSchema = z.object({
  id: z.int(),
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  units: z.int(),
  sales: poisha("What its lines sold for, after discounts (before credit notes)"),
});

export const reportSalesSchema = z
  .object({
    salesMeaning: z.string(),
    creditMeaning: z.string(),
    from: z.string().meta({ description: "The first Dhaka day of the range" }),
    to: z.string().meta({ description: "The last Dhaka day of the range" }),
    preset: z.string().nullable().meta({ description: "The named range this is, if any" }),
    totals: reportRowSchema.omit({ key: true }),
    byDay: z
      .array(reportRowSchema)
      .meta({ description: "Every Dhaka day of the range, zero where nothing sold" }),
    byMonth: z.array(reportRowSchema).meta({ description: "Every Dhaka month the range touches" }),
    bySource: z.array(reportRowSchema).meta({ description: "Most net sales first" }),
    byDistrict: z.array(reportRowSchema).meta({ description: "Most net sales first" }),
    byKind: z
      .array(z.object({ kind: z.enum(PRODUCT_KINDS), units: z.int(), sales: poisha("Before credit notes") }))
      .meta({ description: "Every product kind, zero where nothing sold; a bundle counts as a bundle" }),
    topProducts: z.array(reportProductSchema).meta({ description: "The 10 products with the most sales" }),
    export: z
      .object({
        mode: z.enum(["stream", "job"]).meta({
          description:
            "How the range's CSV files are made: in the answer, or by a background job (long ranges)",
        }),
        orders: z.int().meta({ description: "Orders placed in the range, all statuses (the export's size)" }),
      })
      .meta({ description: "How the CSV of this range is downloaded" }),
  })
  .meta({ id: "ReportSales" });

export const shopReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    preset: z.string().nullable(),
    stockValueMeaning: z.string(),
    totals: z.object({ orders: z.int(), units: z.int(), sales: poisha("Stationery sold over the range") }),
    byDay: z.array(
      z.object({
        key: z.string(),
        orders: z.int(),
        units: z.int(),
        sales: poisha("That day's stationery sales"),
      }),
    ),
    products: z
      .array(reportProductSchema)
      .meta({ description: "Stationery sold over the range, most sales first" }),
    stock: z.object({
      products: z.int().meta({ description: "Stationery products with stock" }),
      units: z.int(),
      value: poisha("Units on hand at today's selling price"),
    }),
    lowStock: z
      .array(z.object({ id: z.int(), title: z.string(), stock: z.int(), published: z.boolean() }))
      .meta({ description: "Stationery at or below the low-stock mark, the lowest first" }),
    lowStockThreshold: z.int(),
  })
  .meta({ id: "ShopReport" });

export const jobSchema = z
  .object({
    id: z.int(),
    kind: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    done: z.int().meta({ description: "Rows done so far" }),
    total: z.int().nullable().meta({ description: "Rows in all, once known" }),
    error: z.string().nullable().meta({ description: "Why it failed" }),
    filename: z.string().nullable(),
    downloadUrl: z.string().nullable().meta({ description: "Where its CSV is, once done" }),
    createdAt: isoTime(),
    startedAt: isoTime().nullable(),
    finishedAt: isoTime().nullable(),
  })
  .meta({ id: "Job" });
// ---- back office: accounts and the info pages

export const adminUserSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    phone: z.string().nullable().meta({ description: "Local form 01XXXXXXXXX" }),
    email: z.string().nullable(),
    hscBatch: z.string().nullable(),
    phoneVerified: z.boolean(),
    role: z.enum(ROLES),
    permissions: z
      .array(z.string())
      .meta({ description: "Admin areas a staff member may use; empty for admins, who may use all" }),
    blockedAt: isoTime().nullable().meta({
      description: "When staff blocked the account (it cannot sign in); null when it is not blocked",
    }),
    createdAt: isoTime(),
  })
  .meta({ id: "AdminUser" });

export const adminUserPageSchema = pageOf(adminUserSchema).meta({ id: "AdminUserPage" });

export const adminUserDetailSchema = z
  .object({
    user: adminUserSchema,
    orders: z
      .array(
        z.object({
          id: z.int(),
          number: z.string(),
          status: z.enum(ORDER_STATUSES),
          total: poisha("What the order came to"),
          createdAt: isoTime(),
        }),
      )
      .meta({ description: "The account's orders, newest first (at most 100)" }),
    orderCount: z.int().meta({ description: "How many orders the account has placed in all" }),
    owned: z
      .array(
        z.object({
          productId: z.int(),
          kind: z.enum(PRODUCT_KINDS),
          title: z.string(),
          orderId: z.int().meta({ description: "The order that granted it" }),
          grantedAt: isoTime(),
        }),
      )
      .meta({ description: "The e-books and courses the account owns" }),
  })
  .meta({ id: "AdminUserDetail" });

export const adminInfoPageSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    body: z.string().meta({ description: "Markdown, as staff wrote it" }),
    version: z.int().meta({ description: "Send it back with an edit; a stale one is refused with 409" }),
    updatedAt: isoTime(),
  })
  .meta({ id: "AdminInfoPage" });

export const adminInfoPageListSchema = z
  .object({
    items: z.array(adminInfoPageSchema.omit({ body: true })),
  })
  .meta({ id: "AdminInfoPageList" });

export const renderedMarkdownSchema = z
  .object({
    html: z.string().meta({ description: "The Markdown rendered and sanitised, as the shop shows it" }),
  })
  .meta({ id: "RenderedMarkdown" });
// ---- uploads (staff)

export const storedImageSchema = z
  .object({
    key: z.string().meta({ description: "What a product's or author's `image` field takes" }),
    width: z.int().meta({ description: "Width of the picture as stored (after any crop), in pixels" }),
    height: z.int(),
  })
  .meta({ id: "StoredImage" });

export const ebookPdfSchema = z
  .object({
    id: z.int().meta({ description: "The e-book's product id" }),
    title: z.string(),
    version: z.int().meta({ description: "The product's version: send it with the next change" }),
    pageCount: z.int().meta({ description: "Pages in the PDF; 0 when there is none" }),
    fileBytes: z.int().nullable().meta({ description: "The PDF's size; null when there is none" }),
    fileVersion: z
      .string()
      .nullable()
      .meta({ description: "Changes with the file: add it to thumbnail addresses as `?v=`" }),
    demoPages: z.array(z.int()).meta({ description: "The free preview pages, ascending" }),
  })
  .meta({ id: "EbookPdf" });

export const chapterPdfSchema = z
  .object({
    id: z.int().meta({ description: "The chapter's id" }),
    courseId: z.int(),
    version: z.int().meta({ description: "The chapter's version: send it with the next change" }),
    pageCount: z.int(),
    fileBytes: z.int(),
  })
  .meta({ id: "ChapterPdf" });

// ---- staff: orders (issue 11)

export const adminOrderRowSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    createdAt: isoTime(),
    name: z.string().meta({ description: "The buyer's name as given at checkout" }),
    phone: z.string(),
    district: z.string(),
    items: z.string().meta({ description: "The lines in a few words: titles and quantities" }),
    itemCount: z.int().meta({ description: "Units ordered, over every line" }),
    total: poisha("The order's total"),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentState: z.enum(PAYMENT_STATES).meta({
      description: "From the shop's ledger: paid, unpaid, a refund owed, or refunded",
    }),
    status: z.enum(ORDER_STATUSES),
    physical: z.boolean().meta({ description: "Whether it holds something to ship" }),
    codCheck: z.enum(["confirmed", "unreachable"]).nullable(),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    source: z.string(),
    couponCode: z.string().nullable(),
    slipPrintedAt: isoTime().nullable(),
  })
  .meta({ id: "AdminOrderRow" });

export const adminOrderPageSchema = pageOf(adminOrderRowSchema).meta({ id: "AdminOrderPage" });

export const orderBulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.int().nullable().meta({ description: "The order's id; null for a number no order has" }),
        number: z.string().nullable().meta({ description: "The order's number; null for an unknown id" }),
        ok: z.boolean(),
        message: z.string().meta({ description: "What was done, or why not" }),
      }),
    ),
  })
  .meta({ id: "OrderBulkResult" });

export const packingSlipSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    createdAt: isoTime(),
    name: z.string(),
    phone: z.string(),
    district: z.string(),
    area: z.string(),
    address: z.string(),
    note: z.string().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    cashToCollect: poisha("Cash the courier collects at the door (0 when paid online)"),
    lines: z.array(
      z.object({
        title: z.string(),
        kind: z.enum(PRODUCT_KINDS),
        quantity: z.int(),
        shipped: z.boolean().meta({ description: "False for e-books and courses (nothing to pack)" }),
      }),
    ),
  })
  .meta({ id: "PackingSlip" });

export const packingSlipsSchema = z
  .object({
    shop: z.string(),
    slips: z.array(packingSlipSchema),
    results: orderBulkResultSchema.shape.results,
  })
  .meta({ id: "PackingSlips" });

export const orderSourceRowSchema = z
  .object({
    source: z.string().meta({ description: "The referral code or the page the order came from" }),
    referral: z.boolean().meta({ description: "Whether the source is a customer's referral code" }),
    orders: z.int(),
    revenue: poisha("What the orders' lines sold for after discounts, without delivery"),
  })
  .meta({ id: "OrderSourceRow" });

export const orderSourcesSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(orderSourceRowSchema),
    totals: z.object({ orders: z.int(), revenue: poisha("The rows' revenue") }),
  })
  .meta({ id: "OrderSources" });
// ---- staff: one order, its refunds and credit notes (decision 29)

export const creditNoteSnapshotSchema = z
  .object({
    number: z.string().meta({ description: "CN-YYYY-NNNNNN" }),
    issuedAt: isoTime(),
    shop: z.object({ name: z.string(), url: z.string().nullable() }),
    invoice: z.object({ id: z.int(), number: z.string(), total: poisha("The invoice's total") }),
    order: z.object({ id: z.int(), number: z.string() }),
    buyer: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    amount: poisha("What the credit note takes off the invoice"),
    creditedBefore: poisha("What earlier credit notes had already taken off it"),
    reason: z.string(),
  })
  .meta({ id: "CreditNoteSnapshot", description: "Frozen when the credit note is issued" });

export const refundAnswerSchema = z
  .object({
    id: z.int(),
    orderId: z.int(),
    amount: poisha("The refund"),
    method: z.enum(REFUND_METHODS),
    reason: z.string(),
    reference: z.string().nullable().meta({ description: "The transfer's reference, once sent" }),
    status: z.enum(["owed", "paid"]),
    creditNote: z
      .object({ id: z.int(), number: z.string() })
      .nullable()
      .meta({ description: "The credit note that reduced the invoice for it" }),
    createdBy: z.string().nullable().meta({ description: "Who recorded it; null for the shop itself" }),
    createdAt: isoTime(),
    paidBy: z.string().nullable(),
    paidAt: isoTime().nullable(),
    version: z.int().meta({ description: "Send it back when marking it paid" }),
  })
  .meta({ id: "Refund" });

export const orderNoteAnswerSchema = z
  .object({
    id: z.int(),
    body: z.string(),
    author: z.string().nullable(),
    createdAt: isoTime(),
  })
  .meta({ id: "OrderNote" });

export const orderLedgerSchema = z
  .object({
    invoiced: poisha("The invoice"),
    credited: poisha("Its credit notes"),
    collectedOnline: poisha("Payments the gateway confirmed"),
    codCollected: poisha("Cash the courier took at the door"),
    refundsPaid: poisha("Refunds sent"),
    refundsOwed: poisha("Refunds recorded and not yet sent"),
    buyerBalance: poisha(
      "invoiced − credited − collected online − COD collected + refunds paid: positive, the buyer still owes it; negative, the shop owes the buyer (equal to the refunds owed)",
    ),
    refundable: poisha("What may still be refunded: collected online + COD collected − refunds recorded"),
  })
  .meta({ id: "OrderLedger" });

export const adminOrderSchema = z
  .object({
    id: z.int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    next: z.array(z.enum(ORDER_STATUSES)).meta({ description: "The statuses staff may move it to next" }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    physical: z.boolean().meta({ description: "Whether it holds anything to ship" }),
    source: z.string(),
    coupon: z.object({ id: z.int().nullable(), code: z.string() }).nullable(),
    subtotal: poisha("Lines"),
    discount: poisha("Coupon discount"),
    delivery: poisha("Delivery"),
    total: poisha("What the buyer pays"),
    createdAt: isoTime(),
    confirmedAt: isoTime().nullable(),
    cancelledAt: isoTime().nullable(),
    deliveredAt: isoTime().nullable(),
    updatedAt: isoTime(),
    version: z.int().meta({ description: "Send it back with an address edit" }),
    addressEditable: z.boolean().meta({ description: "Whether the parcel has not left yet" }),
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.enum(PRODUCT_KINDS),
        title: z.string(),
        unitPrice: poisha("One unit"),
        quantity: z.int(),
        lineTotal: poisha("The line"),
        discount: poisha("This line's share of the coupon"),
      }),
    ),
    buyer: z.object({
      userId: z.int(),
      name: z.string().meta({ description: "As entered at checkout" }),
      phone: z.string(),
      email: z.string().nullable(),
      accountName: z.string().meta({ description: "The account's own name" }),
      url: z.string().meta({ description: "The account's page in the back office" }),
    }),
    address: z.object({
      district: z.string(),
      area: z.string(),
      address: z.string(),
      note: z.string().nullable(),
    }),
    payments: z.array(
      z.object({
        id: z.int(),
        provider: z.string(),
        tranx: z.string().meta({ description: "Ours, sent to the gateway" }),
        gatewayRef: z.string().nullable(),
        gatewayTxnId: z.string().nullable(),
        amount: poisha("The attempt"),
        status: z.enum(["initiated", "paid", "failed", "cancelled"]),
        reason: z.string().nullable(),
        createdAt: isoTime(),
        paidAt: isoTime().nullable(),
      }),
    ),
    history: z
      .array(
        z.object({
          id: z.int(),
          status: z.string(),
          note: z.string().nullable(),
          actor: z
            .string()
            .nullable()
            .meta({ description: "Who did it; null for the buyer's checkout or the system" }),
          at: isoTime(),
        }),
      )
      .meta({ description: "Oldest first" }),
    notes: z.array(orderNoteAnswerSchema).meta({ description: "Newest first; never shown to the buyer" }),
    invoice: z
      .object({
        id: z.int(),
        number: z.string(),
        total: poisha("The invoice"),
        issuedAt: isoTime(),
        creditNotes: z.array(
          z.object({
            id: z.int(),
            number: z.string(),
            amount: poisha("Taken off the invoice"),
            reason: z.string(),
            issuedAt: isoTime(),
          }),
        ),
      })
      .nullable(),
    refunds: z.array(refundAnswerSchema).meta({ description: "Oldest first" }),
    ledger: orderLedgerSchema,
    codCheck: z
      .object({
        state: z.enum(["confirmed", "unreachable"]).nullable().meta({ description: "null: not checked yet" }),
        by: z.string().nullable(),
        at: isoTime().nullable(),
        allowed: z
          .boolean()
          .meta({ description: "Whether it can be checked now (cash on delivery, confirmed)" }),
      })
      .nullable()
      .meta({ description: "Cash-on-delivery orders only" }),
    courier: z.string().nullable(),
    consignment: z.string().nullable(),
    trackingPath: z.string().nullable().meta({ description: "Where the customer follows the parcel" }),
    followsCourier: z.boolean().meta({ description: "Whether the connected courier can be asked about it" }),
    courierConnected: z.boolean().meta({ description: "Whether a courier system is connected for booking" }),
  })
  .meta({ id: "AdminOrder" });
// ---- coupons' back office

const couponRuleAnswer = {
  kind: z.enum(["percent", "fixed"]),
  value: z.int().meta({ description: "A percentage (1–100), or an amount in poisha for `fixed`" }),
  maxDiscount: poisha("The largest discount a percentage gives").nullable(),
  minOrder: poisha("The smallest cart total it applies to").nullable(),
  startsAt: isoTime().nullable(),
  endsAt: isoTime().nullable().meta({ description: "The coupon is expired from this instant" }),
  usageLimit: z.int().nullable(),
  perUserLimit: z.int().nullable(),
  productKinds: z.array(z.enum(PRODUCT_KINDS)).meta({ description: "Empty: every kind" }),
  productIds: z.array(z.int()).meta({ description: "Empty: every product" }),
  active: z.boolean(),
};

export const adminCouponSchema = z
  .object({
    id: z.int(),
    code: z.string(),
    ...couponRuleAnswer,
    state: z.enum(["active", "scheduled", "expired", "used-up", "disabled"]),
    summary: z
      .string()
      .meta({ description: "The rules in a line, e.g. “10% off, at most ৳100, min. order ৳500”" }),
    note: z.string().nullable(),
    batchId: z.int().nullable(),
    usedCount: z.int().meta({ description: "Uses counted against the usage limit" }),
    redemptions: z
      .int()
      .meta({ description: "Uses on orders not released (an expired unpaid order releases its use)" }),
    orders: z.int().meta({ description: "Orders that used it and count as sales (decision 24)" }),
    discountGiven: poisha("The discount those orders got"),
    revenue: poisha("What those orders' lines sold for after the discount, without delivery"),
    version: z.int(),
    createdAt: isoTime(),
    updatedAt: isoTime(),
  })
  .meta({ id: "AdminCoupon" });

export const adminCouponPageSchema = pageOf(adminCouponSchema).meta({ id: "AdminCouponPage" });

export const adminCouponDetailSchema = adminCouponSchema
  .extend({
    products: z
      .array(z.object({ id: z.int(), kind: z.enum(PRODUCT_KINDS), title: z.string() }))
      .meta({ description: "The products of `productIds`, named" }),
  })
  .meta({ id: "AdminCouponDetail" });

export const adminCouponDeletedSchema = z.object({ id: z.int() }).meta({ id: "AdminCouponDeleted" });

export const couponBatchSchema = z
  .object({
    id: z.int(),
    prefix: z.string(),
    length: z.int().meta({ description: "Characters in each code's random part" }),
    quantity: z.int(),
    createdAt: isoTime(),
    used: z.int().meta({ description: "Codes of the batch used at least once" }),
    csv: z.string().meta({ description: "Where to download its codes as CSV" }),
  })
  .meta({ id: "CouponBatch" });

export const couponBatchResultSchema = z
  .object({
    batch: couponBatchSchema,
    sample: z.array(z.string()).meta({ description: "The first few codes made" }),
    regenerated: z.int().meta({ description: "Codes drawn again because another coupon had them" }),
  })
  .meta({ id: "CouponBatchResult" });

// ---- admin search and pricing playground

const searchHitSchema = z
  .object({
    id: z.int(),
    label: z
      .string()
      .meta({ description: "What the hit is called: the order number, the account's name, the title" }),
    detail: z
      .string()
      .meta({ description: "A line that tells similar hits apart (buyer, phone, status, kind…)" }),
    url: z.string().meta({ description: "Its page in the back office" }),
    exact: z.boolean().meta({
      description: "An exact match (number, phone, email, ISBN, consignment, invoice): listed first",
    }),
  })
  .meta({ id: "AdminSearchHit" });

const searchGroup = (what: string, area: string) =>
  z
    .array(searchHitSchema)
    .nullable()
    .meta({ description: `${what}, exact matches first; null for staff without ${area}` });

export const adminSearchSchema = z
  .object({
    q: z.string().meta({ description: "The search as read (trimmed)" }),
    orders: searchGroup(
      "Orders by number, buyer's phone (typed any way) or name, invoice number, consignment",
      "`orders`",
    ),
    users: searchGroup("Accounts by phone (typed any way), email or name", "`users`"),
    products: searchGroup(
      "Products by title, Bangla title, author or ISBN, of the kinds the caller's areas hold",
      "any product area",
    ),
  })
  .meta({ id: "AdminSearch" });

export const playgroundPriceSchema = z
  .object({
    lines: z.array(
      z.object({
        productId: z.int(),
        kind: z.enum(PRODUCT_KINDS),
        title: z.string(),
        url: z.string().meta({ description: "The product's page in the back office" }),
        unitPrice: poisha("The effective price of one (the sale price when it is lower)"),
        quantity: z.int(),
        lineTotal: poisha("The line before the coupon"),
        discount: poisha("This line's share of the coupon's discount"),
        maxQuantity: z.int().meta({ description: "How many a shopper may put in the cart now (stock)" }),
        note: z
          .string()
          .nullable()
          .meta({ description: "What the cart would say about this line (e.g. not that many in stock)" }),
      }),
    ),
    qty: z.int().meta({ description: "Units" }),
    subtotal: poisha("The lines before the coupon"),
    discount: poisha("The coupon's discount"),
    delivery: poisha("Delivery"),
    total: poisha("What the customer would be charged"),
    district: z.string(),
    zone: z.enum(["dhaka", "outside"]),
    coupon: z
      .object({
        code: z.string(),
        applied: z.boolean(),
        message: z
          .string()
          .nullable()
          .meta({ description: "Why it takes nothing off, in the customer's words" }),
      })
      .nullable(),
    user: z
      .object({
        id: z.int(),
        name: z.string().nullable().meta({ description: "Only to staff holding `users`; null otherwise" }),
        phone: z.string().nullable().meta({ description: "Only to staff holding `users`; null otherwise" }),
      })
      .nullable()
      .meta({ description: "The customer priced for (their own coupon uses count); null for any customer" }),
  })
  .meta({ id: "PlaygroundPrice" });
