/**
 * The API described: one entry per endpoint, from which `/api/openapi.json` is generated. Request
 * schemas are the ones the services parse, answer schemas the ones the types derive from, so the
 * document cannot drift from the code without a test noticing (tests/api/openapi.test.ts: every
 * route of the app is here, and every answer of the API tests matches its entry).
 *
 * Adding an endpoint means adding one entry to ENDPOINTS.
 */
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { addressSchema } from "../../contracts/addresses";
import {
  adminProductPageSchema,
  adminProductSchema,
  bulkResultSchema,
  stockLedgerSchema,
} from "../../contracts/admin-answers";
import {
  authorEditSchema,
  authorInputSchema,
  authorMergeSchema,
  authorsQuerySchema,
} from "../../contracts/admin-authors";
import {
  EXPORT_PATH,
  IMPORT_PATH,
  importQuery,
  importReportSchema,
  MAX_EXPORT_ROWS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  TEMPLATE_PATH,
} from "../../contracts/admin-books-csv";
import {
  chapterCreateSchema,
  chapterDeleteSchema,
  chapterEditSchema,
  chapterOrderSchema,
} from "../../contracts/admin-chapters";
import {
  couponBatchInputSchema,
  couponBulkActiveSchema,
  couponEditSchema,
  couponInputSchema,
  couponsQuerySchema,
  MAX_BATCH_CODES,
} from "../../contracts/admin-coupons";
import {
  adminInvoiceDetailSchema,
  adminInvoicePageSchema,
  adminInvoicesQuery,
  codOutstandingSchema,
  codRemittancePageSchema,
  codRemittanceRowSchema,
  codRemittanceSchema,
  codRemittancesQuery,
} from "../../contracts/admin-invoices";
import {
  codCheckSchema,
  orderAddressSchema,
  orderNoteSchema,
  refundPaidSchema,
  refundSchema,
} from "../../contracts/admin-order";
import {
  adminOrdersQuery,
  bulkOrderStatusSchema,
  bulkOrdersSchema,
  MAX_BULK_ORDERS,
  orderSourcesQuery,
  shopDeliveredSchema,
} from "../../contracts/admin-orders";
import {
  PRODUCT_AREAS,
  type ProductArea,
  productBulkSchema,
  productCreateSchema,
  productListQuery,
  productPatchSchema,
  STOCKED_AREAS,
  stockChangeSchema,
  stockLedgerQuery,
} from "../../contracts/admin-products";
import { adminSearchQuery } from "../../contracts/admin-search";
import { adminUsersQuery, blockReasonSchema } from "../../contracts/admin-users";
import {
  adminAuthorDeletedSchema,
  adminAuthorDetailSchema,
  adminAuthorPageSchema,
  adminChapterSchema,
  adminCouponDeletedSchema,
  adminCouponDetailSchema,
  adminCouponPageSchema,
  adminCourseChaptersSchema,
  adminInfoPageListSchema,
  adminInfoPageSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  adminSearchSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserSchema,
  authorMergeResultSchema,
  authorSchema,
  cartInfoSchema,
  chapterPdfSchema,
  chapterReaderSchema,
  checkoutResultSchema,
  codeSentSchema,
  couponBatchResultSchema,
  couponBatchSchema,
  courierSyncSchema,
  courseChaptersSchema,
  courseProgressSchema,
  dashboardSchema,
  deletedChapterSchema,
  ebookOutlineSchema,
  ebookPdfSchema,
  ebookReaderSchema,
  emailCodeSentSchema,
  envelopeOf,
  errorEnvelopeSchema,
  invoiceViewSchema,
  jobSchema,
  myLibrarySchema,
  orderBulkResultSchema,
  orderFulfilmentSchema,
  orderNoteAnswerSchema,
  orderSourcesSchema,
  orderViewSchema,
  packingSlipsSchema,
  paymentNoticeAnswerSchema,
  playgroundPriceSchema,
  productDetailSchema,
  productSalesSchema,
  publicUserSchema,
  referralReportSchema,
  refundAnswerSchema,
  renderedMarkdownSchema,
  reportSalesSchema,
  reviewAnswerSchema,
  reviewPageSchema,
  reviewVisibilitySchema,
  savedAddressSchema,
  savedProgressSchema,
  searchPageSchema,
  shopReportSchema,
  stockAlertStateSchema,
  storedImageSchema,
  suggestionSchema,
  trackingViewSchema,
  versionSchema,
} from "../../contracts/answers";
import {
  emailChangeSchema,
  emailConfirmSchema,
  forgetPasswordSchema,
  googleSignInSchema,
  loginSchema,
  nameUpdateSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  verifyPhoneSchema,
} from "../../contracts/auth";
import { authoritySchema } from "../../contracts/authority";
import {
  cartAddSchema,
  cartInfoQuerySchema,
  cartLineSchema,
  cartQuantitySchema,
  couponCodeSchema,
} from "../../contracts/cart";
import {
  listQuerySchema,
  searchOptionsSchema,
  searchQuerySchema,
  slugParams,
} from "../../contracts/catalog-query";
import { checkoutSchema } from "../../contracts/checkout";
import { consentAnswerSchema, consentInputSchema } from "../../contracts/consent-input";
import { chapterDoneInputSchema } from "../../contracts/courses";
import { consignmentSchema, orderStatusChangeSchema } from "../../contracts/fulfilment";
import { infoPageEditSchema, infoPagePreviewSchema, infoSlugParams } from "../../contracts/info-pages";
import {
  JOB_KEEP_DAYS,
  JOB_KIND_RULES,
  JOB_KINDS,
  jobStartSchema,
  MAX_QUEUED_JOBS,
  MAX_RUNNING_JOBS,
} from "../../contracts/jobs";
import {
  aparMonthsSchema,
  aparStatementSchema,
  monthParams,
  statementLinePageSchema,
  statementLinesQuery,
} from "../../contracts/ledger";
import { localeAnswerSchema, localeInputSchema } from "../../contracts/locale-input";
import { idField, idParams } from "../../contracts/paging";
import { PAYMENT_RETURNS, paymentCallbackFields, paymentCallbackParams } from "../../contracts/payments";
import type { AdminArea } from "../../contracts/permissions";
import { playgroundQuery } from "../../contracts/playground";
import { pageImageQuerySchema, progressInputSchema } from "../../contracts/reading";
import {
  LONG_EXPORT_DAYS,
  LONG_EXPORT_ORDERS,
  reportQuerySchema,
  SALES_TABLES,
  salesCsvQuerySchema,
} from "../../contracts/reports";
import { reviewModerationSchema, reviewSchema, reviewsQuerySchema } from "../../contracts/reviews";
import { salesQuerySchema } from "../../contracts/sales";
import { stockAlertSchema } from "../../contracts/stock-alerts";
import {
  demoPagesInputSchema,
  IMAGE_UPLOAD_TYPES,
  imageUploadQuerySchema,
  MAX_DEMO_PAGES,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_PAGE_IMAGE_PIXELS,
  MAX_PDF_BYTES,
  PDF_UPLOAD_TYPE,
  uploadVersionQuerySchema,
} from "../../contracts/uploads";
import { z } from "../../contracts/zod";
import { SESSION_COOKIE } from "../services/accounts/sessions";
import { NAME_SEARCH_COUNT, ORDER_COUNT_CAP } from "../services/orders/admin-orders";

type Method = "get" | "post" | "put" | "patch" | "delete";
type ZodObject = z.ZodObject;

/**
 * Who may call an endpoint; `staff` names the admin area whose permission it needs (admins hold
 * all), or null for any staff member.
 */
export type Access =
  | { who: "anyone" }
  | { who: "signed-in" }
  | { who: "staff"; permission: AdminArea }
  /** Any staff member or admin, whatever they hold (the answer may hold less for less). */
  | { who: "any-staff" }
  | { who: "admin" }
  | { who: "gateway" };

/** A successful answer: the envelope with this `data`, a redirect, or another media type. */
type Success =
  | { status: 200 | 201; description: string; data?: z.ZodType }
  | { status: 303; description: string; redirect: true }
  | { status: 200; description: string; mediaType: string };

export type Endpoint = {
  method: Method;
  /** The OpenAPI path (`{param}` form), `/api` included. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: ZodObject;
  query?: ZodObject;
  /** A JSON body: the schema the service parses. */
  body?: z.ZodType;
  /** A gateway's callback: its fields as a form, or JSON. */
  form?: z.ZodType;
  /** An upload: the file as the raw body, in one of these media types (checked by its bytes). */
  upload?: { types: readonly string[]; description: string };
  success: Success[];
  /** Refusals this endpoint gives beyond those its access, parameters and body imply. */
  errors?: number[];
  /** Refusals that carry a `data`, by status: a stale edit's 409 (the record as it now is), the books import's 400 (its per-row report). */
  errorData?: Partial<Record<number, z.ZodType>>;
};

const anyone: Access = { who: "anyone" };
const signedIn: Access = { who: "signed-in" };
const staff = (permission: AdminArea): Access => ({ who: "staff", permission });
const anyStaff: Access = { who: "any-staff" };
const ok = (description: string, data?: z.ZodType): Success => ({ status: 200, description, data });
const created = (description: string, data?: z.ZodType): Success => ({ status: 201, description, data });

const cnParams = z.object({
  cn: z.string().meta({ description: "The consignment number, as printed on the parcel" }),
});
const returnParams = paymentCallbackParams.extend({ outcome: z.enum(PAYMENT_RETURNS) });
const chapterParams = z.object({
  id: z.string().meta({ description: "The course's product id" }),
  chapterId: z.string().meta({ description: "The chapter's id" }),
});
const listOf = <T extends z.ZodType>(item: T) => z.array(item);
const MB = 1024 * 1024;
const staleChapterSchema = z.object({ id: z.int(), courseId: z.int(), version: z.int() });

/** Every endpoint under /api, in the order the reference page shows them. */
/** The bot check on sign-ups and SMS codes (services/accounts/bot-check.ts), as the endpoints it guards say it. */
const BOT_CHECK_NOTE =
  "With the bot check configured (TURNSTILE_SITE_KEY), the body's `botToken` (the widget's token) is verified first: a token that fails is a 400; without one the request passes only 5 times an hour per address and 2 per phone.";

export const ENDPOINTS: Endpoint[] = [
  // ---- accounts
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    description: BOT_CHECK_NOTE,
    access: anyone,
    body: registerSchema,
    success: [created("The account, signed in (the session cookie is set)", publicUserSchema)],
    errors: [400, 409, 429],
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Accounts",
    summary: "Sign in with phone or email and password",
    access: anyone,
    body: loginSchema,
    success: [ok("Signed in (the session cookie is set)", publicUserSchema)],
    description: "A blocked account is refused with 403, even with the right password.",
    errors: [401, 403, 429],
  },
  {
    method: "post",
    path: "/api/auth/google",
    tag: "Accounts",
    summary: "Sign in with a Google ID token (Google Identity Services)",
    description:
      "The token is verified against Google's keys: issuer, audience (GOOGLE_CLIENT_ID), expiry. It " +
      "signs in to the account linked to the Google account, else links the account whose email is " +
      "the same verified email and was confirmed by the shop's emailed code, else makes a new account " +
      "(201, its email confirmed) whose phone and HSC batch the profile dialog then asks for; an " +
      "account that had only typed that email, unconfirmed, loses it to the new account. 404 when GOOGLE_CLIENT_ID is not set; 401 for a token that is not Google's, " +
      "not for this shop or expired; 403 when Google has not verified the email (or the account is blocked).",
    access: anyone,
    body: googleSignInSchema,
    success: [
      ok("Signed in (the session cookie is set)", publicUserSchema),
      created("A new account, signed in (the session cookie is set)", publicUserSchema),
    ],
    errors: [401, 403, 404, 409, 429, 503],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag: "Accounts",
    summary: "Sign out (ends the session and clears its cookie)",
    access: anyone,
    success: [ok("Signed out")],
  },
  {
    method: "post",
    path: "/api/auth/update",
    tag: "Accounts",
    summary: "Set phone number and HSC batch (the profile dialog)",
    access: signedIn,
    body: profileUpdateSchema,
    success: [ok("The updated account", publicUserSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/auth/name",
    tag: "Accounts",
    summary: "Change the caller's name",
    access: signedIn,
    body: nameUpdateSchema,
    success: [ok("The updated account", publicUserSchema)],
  },
  {
    method: "post",
    path: "/api/auth/email",
    tag: "Accounts",
    summary: "Ask to change or confirm the caller's email: a 6-digit code is emailed to the address",
    description:
      "The account keeps its old address until the code is confirmed (POST /api/auth/email/confirm); " +
      "the code lives 30 minutes, and a new request voids the earlier one's code. The account's own " +
      "address while unconfirmed is asked for the same way, to confirm it (400 once confirmed). 409 " +
      "when another account has confirmed the address; one it only typed goes to whoever enters the " +
      "code. 503 when the shop has no mail server (SMTP_HOST unset).",
    access: signedIn,
    body: emailChangeSchema,
    success: [ok("The code is on its way to the new address", emailCodeSentSchema)],
    errors: [409, 429, 503],
  },
  {
    method: "post",
    path: "/api/auth/email/confirm",
    tag: "Accounts",
    summary: "Confirm the new (or the account's own) email address with the code sent to it",
    description:
      "The address becomes the account's email, confirmed (email_confirmed true), taken off another " +
      "account that had it unconfirmed; 409 when another account confirmed it meanwhile.",
    access: signedIn,
    body: emailConfirmSchema,
    success: [ok("The account with its new, confirmed email", publicUserSchema)],
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/password",
    tag: "Accounts",
    summary: "Change the password, given the current one",
    description:
      "A wrong current password is a 400 with a field error on currentPassword. Every other session " +
      "of the account is signed out; the caller's stays.",
    access: signedIn,
    body: passwordChangeSchema,
    success: [ok("The password is changed")],
    errors: [429],
  },
  {
    method: "post",
    path: "/api/locale",
    tag: "Accounts",
    summary: "Choose the interface language (English or Bangla)",
    access: anyone,
    body: localeInputSchema,
    success: [ok("The language now in use (the language cookie is set)", localeAnswerSchema)],
    description:
      "Sets the `pathagar_lang` cookie for a year; a signed-in user's profile keeps the choice too, " +
      "and their SMS follow it. Pages are rendered in the cookie's language, else the profile's, else English.",
  },
  {
    method: "post",
    path: "/api/consent",
    tag: "Accounts",
    summary: "Choose which third-party tags may load (analytics, ads)",
    access: anyone,
    body: consentInputSchema,
    success: [ok("The choice now in use (the consent cookie is set)", consentAnswerSchema)],
    description:
      "Sets the `pathagar_consent` cookie for a year; a signed-in user's profile keeps the choice too. " +
      "`choice` `accept` allows both, `decline` neither; otherwise `analytics` and `ads` say each. " +
      "The tags configured (GTM_ID, CLARITY_ID, META_PIXEL_ID) load on the shop's pages only as allowed.",
  },
  {
    method: "post",
    path: "/api/auth/verify/send",
    tag: "Accounts",
    summary: "Send a 6-digit code by SMS to the caller's phone",
    description: `No body is needed. ${BOT_CHECK_NOTE}`,
    access: signedIn,
    success: [ok("The code is on its way", codeSentSchema)],
    errors: [400, 409, 429],
  },
  {
    method: "post",
    path: "/api/auth/verify",
    tag: "Accounts",
    summary: "Confirm the caller's phone with the code sent to it",
    access: signedIn,
    body: verifyPhoneSchema,
    success: [ok("The phone number is verified")],
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/forget",
    tag: "Accounts",
    summary: "Ask for a password-reset code",
    description: `Answers the same whether or not the number has an account. ${BOT_CHECK_NOTE}`,
    access: anyone,
    body: forgetPasswordSchema,
    success: [ok("A code was sent if the number has an account")],
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/auth/reset",
    tag: "Accounts",
    summary: "Set a new password with the reset code",
    access: anyone,
    body: resetPasswordSchema,
    success: [ok("The password is changed")],
    errors: [429],
  },
  {
    method: "get",
    path: "/api/user",
    tag: "Accounts",
    summary: "The signed-in account",
    access: signedIn,
    success: [ok("The caller's account", publicUserSchema)],
  },
  {
    method: "get",
    path: "/api/version",
    tag: "Accounts",
    summary: "The build id (the shop polls it to offer a reload after a deployment)",
    access: anyone,
    success: [ok("The running build", versionSchema)],
  },

  // ---- catalogue
  ...(["books", "ebooks", "stationery", "content"] as const).flatMap((area): Endpoint[] => [
    {
      method: "get",
      path: `/api/${area}`,
      tag: "Catalogue",
      summary: `List ${area === "content" ? "content" : area}: filters, sort and paging`,
      access: anyone,
      query: listQuerySchema,
      success: [
        ok(
          "One page of product cards, prices in poisha; `searchedFor` when the words of `q` found nothing and were corrected",
          searchPageSchema,
        ),
      ],
    },
    {
      method: "get",
      path: `/api/${area}/{id}`,
      tag: "Catalogue",
      summary: `One of the ${area}, with its details and related products`,
      access: anyone,
      params: idParams,
      success: [ok("The product, prices in poisha", productDetailSchema)],
    },
  ]),
  {
    method: "get",
    path: "/api/bundles",
    tag: "Catalogue",
    summary: "List bundles: filters, sort and paging",
    access: anyone,
    query: listQuerySchema,
    success: [
      ok(
        "One page of product cards, prices in poisha; `searchedFor` when the words of `q` found nothing and were corrected",
        searchPageSchema,
      ),
    ],
  },
  {
    method: "get",
    path: "/api/bundles/{slug}",
    tag: "Catalogue",
    summary: "One bundle, with what it holds and what it saves",
    access: anyone,
    params: slugParams,
    success: [ok("The bundle, prices in poisha", productDetailSchema)],
  },
  {
    method: "get",
    path: "/api/authors/{slug}",
    tag: "Catalogue",
    summary: "An author and a page of their products (best selling first)",
    access: anyone,
    params: slugParams,
    query: listQuerySchema,
    success: [ok("The author", authorSchema)],
  },
  {
    method: "get",
    path: "/api/search",
    tag: "Catalogue",
    summary: "Search every kind of product (typo-tolerant, Bangla, English and Banglish)",
    access: anyone,
    query: z.object({ ...listQuerySchema.shape, ...searchOptionsSchema.shape }),
    success: [ok("One page of matches, prices in poisha", searchPageSchema)],
  },
  {
    method: "get",
    path: "/api/search/suggest",
    tag: "Catalogue",
    summary: "A few matches for the search box as the shopper types",
    access: anyone,
    query: searchQuerySchema,
    success: [ok("The suggestions", listOf(suggestionSchema))],
  },

  // ---- reviews
  {
    method: "get",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "A product's visible reviews, newest first",
    access: anyone,
    query: reviewsQuerySchema,
    success: [ok("One page of reviews", reviewPageSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "Review a product (a second review by the same person replaces the first)",
    access: signedIn,
    body: reviewSchema,
    success: [created("The new review", reviewAnswerSchema), ok("The updated review", reviewAnswerSchema)],
    errors: [404, 429],
  },
  {
    method: "patch",
    path: "/api/admin/reviews/{id}",
    tag: "Reviews",
    summary: "Hide a review from the shop, or show it again",
    access: staff("books"),
    params: idParams,
    body: reviewModerationSchema,
    success: [ok("The review's visibility", reviewVisibilitySchema)],
  },

  // ---- address book
  {
    method: "get",
    path: "/api/addresses",
    tag: "Cart",
    summary: "The caller's address book: the default first, then the most recently used",
    access: signedIn,
    success: [ok("The addresses", listOf(savedAddressSchema))],
  },
  {
    method: "post",
    path: "/api/addresses",
    tag: "Cart",
    summary: "Keep an address (the first one, or one with isDefault, becomes the default)",
    access: signedIn,
    body: addressSchema,
    success: [created("The saved address", savedAddressSchema)],
    errors: [409],
  },
  {
    method: "put",
    path: "/api/addresses/{id}",
    tag: "Cart",
    summary: "Change one of the caller's addresses",
    access: signedIn,
    params: idParams,
    body: addressSchema,
    success: [ok("The saved address", savedAddressSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/addresses/{id}/default",
    tag: "Cart",
    summary: "Make one of the caller's addresses the default",
    access: signedIn,
    params: idParams,
    success: [ok("The new default", savedAddressSchema)],
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/addresses/{id}",
    tag: "Cart",
    summary: "Delete one of the caller's addresses (a deleted default passes to the most recent other)",
    access: signedIn,
    params: idParams,
    success: [ok("The addresses left", listOf(savedAddressSchema))],
    errors: [404],
  },

  // ---- stock alerts
  {
    method: "get",
    path: "/api/stock-alerts/{id}",
    tag: "Cart",
    summary: "Whether the caller is told by SMS when this out-of-stock product is back",
    access: signedIn,
    params: idParams,
    success: [ok("The alert's state", stockAlertStateSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/stock-alerts",
    tag: "Cart",
    summary: "Notify me: one SMS when this out-of-stock book or stationery item is back in stock",
    description:
      "One alert per user and product: a second ask answers 200 and keeps the first. 409 when the product is in stock or the account has no phone; 400 for e-books, courses and bundles.",
    access: signedIn,
    body: stockAlertSchema,
    success: [created("Subscribed", stockAlertStateSchema), ok("Already subscribed", stockAlertStateSchema)],
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/stock-alerts/{id}",
    tag: "Cart",
    summary: "Stop being told when this product is back",
    access: signedIn,
    params: idParams,
    success: [ok("The alert's state", stockAlertStateSchema)],
  },

  // ---- cart
  {
    method: "get",
    path: "/api/cart/info",
    tag: "Cart",
    summary: "The caller's cart, priced for a district",
    access: signedIn,
    query: cartInfoQuerySchema,
    success: [ok("The priced cart, money in poisha", cartInfoSchema)],
  },
  {
    method: "post",
    path: "/api/cart",
    tag: "Cart",
    summary: "Add a product to the cart",
    description: `The referral, if any, comes from the visitor's \`ref\` cookie, never from the body.`,
    access: signedIn,
    body: cartAddSchema,
    success: [created("The priced cart", cartInfoSchema)],
    errors: [404, 409],
  },
  {
    method: "put",
    path: "/api/cart/quantity",
    tag: "Cart",
    summary: "Change a line's quantity",
    access: signedIn,
    body: cartQuantitySchema,
    success: [ok("The priced cart", cartInfoSchema)],
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/cart",
    tag: "Cart",
    summary: "Remove a line",
    access: signedIn,
    body: cartLineSchema,
    success: [ok("The priced cart", cartInfoSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/coupon/apply",
    tag: "Cart",
    summary: "Attach a coupon to the cart",
    access: signedIn,
    body: couponCodeSchema,
    success: [ok("Coupon applied successfully; the priced cart", cartInfoSchema)],
    errors: [404, 409, 429],
  },
  {
    method: "delete",
    path: "/api/coupon",
    tag: "Cart",
    summary: "Take the coupon off the cart",
    access: signedIn,
    success: [ok("The priced cart", cartInfoSchema)],
  },

  // ---- orders and payment
  {
    method: "post",
    path: "/api/checkout",
    tag: "Orders",
    summary: "Place an order from the cart",
    description:
      "Online payment answers with the gateway's page to send the buyer to; cash on delivery is confirmed at once.",
    access: signedIn,
    body: checkoutSchema,
    success: [created("The placed order", checkoutResultSchema)],
    errors: [409, 429, 503],
  },
  {
    method: "get",
    path: "/api/orders",
    tag: "Orders",
    summary: "The caller's orders, newest first",
    access: signedIn,
    success: [ok("The orders, money in poisha", listOf(orderViewSchema))],
  },
  {
    method: "get",
    path: "/api/orders/{id}",
    tag: "Orders",
    summary: "One of the caller's orders",
    access: signedIn,
    params: idParams,
    success: [ok("The order, money in poisha", orderViewSchema)],
  },
  {
    method: "post",
    path: "/api/orders/{id}/cancel",
    tag: "Orders",
    summary: "Cancel an unpaid or not yet packed order",
    access: signedIn,
    params: idParams,
    success: [ok("The cancelled order", orderViewSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/orders/{id}/pay",
    tag: "Orders",
    summary: "Start another payment attempt for an unpaid order",
    access: signedIn,
    params: idParams,
    success: [created("Where to pay", checkoutResultSchema)],
    errors: [409, 503],
  },
  {
    method: "get",
    path: "/api/invoices/{id}",
    tag: "Orders",
    summary: "An invoice: its buyer's, or any for staff with the invoices permission",
    access: signedIn,
    params: idParams,
    success: [ok("The invoice, money in poisha", invoiceViewSchema)],
  },
  {
    method: "get",
    path: "/api/payment/{provider}/{tranx}/{outcome}",
    tag: "Payment callbacks",
    summary: "The buyer's browser comes back from the gateway",
    description:
      "The payment is asked of the gateway, never taken from these fields. Always a redirect: to the order's success page, or to /payment/failed.",
    access: { who: "gateway" },
    params: returnParams,
    query: z.looseObject({}),
    success: [{ status: 303, description: "On to the shop's success or failure page", redirect: true }],
  },
  {
    method: "post",
    path: "/api/payment/{provider}/{tranx}/{outcome}",
    tag: "Payment callbacks",
    summary: "The buyer's browser comes back from the gateway (a form post)",
    description:
      "The payment is asked of the gateway, never taken from these fields. Always a redirect: to the order's success page, or to /payment/failed.",
    access: { who: "gateway" },
    params: returnParams,
    form: paymentCallbackFields,
    success: [{ status: 303, description: "On to the shop's success or failure page", redirect: true }],
  },
  {
    method: "post",
    path: "/api/payment/{provider}/{tranx}/ipn",
    tag: "Payment callbacks",
    summary: "The gateway's server-to-server notice of a payment",
    description:
      "The payment is asked of the gateway and recorded once; the notice's own words change nothing.",
    access: { who: "gateway" },
    params: paymentCallbackParams,
    form: paymentCallbackFields,
    success: [ok("Received; the payment as the gateway confirmed it", paymentNoticeAnswerSchema)],
  },

  // ---- tracking, reports, library
  {
    method: "get",
    path: "/api/tracking/{cn}",
    tag: "Tracking",
    summary: "A parcel's public timeline by consignment number",
    access: anyone,
    params: cnParams,
    success: [ok("Where the parcel is", trackingViewSchema)],
    errors: [429],
  },
  {
    method: "get",
    path: "/api/reports/referrals",
    tag: "Tracking",
    summary: "Sales attributed to the caller's referral code",
    access: signedIn,
    success: [ok("The report, money in poisha", referralReportSchema)],
  },
  {
    method: "get",
    path: "/api/library",
    tag: "Library",
    summary: "The caller's e-books and courses",
    access: signedIn,
    success: [ok("What the caller owns", myLibrarySchema)],
  },

  // ---- the e-book reader
  {
    method: "get",
    path: "/api/ebooks/{id}/reader",
    tag: "Reader",
    summary: "Open an e-book in the reader: its pages, what the caller may read, where they were",
    description:
      "Not found when there is no such e-book, or it is taken down and the caller neither owns it nor is staff.",
    access: anyone,
    params: idParams,
    success: [ok("The e-book as the caller may read it", ebookReaderSchema)],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/pages/{page}",
    tag: "Reader",
    summary: "One page of an e-book, as a one-page PDF",
    description: [
      "Owners (a confirmed order) and staff with the `books` permission get any page, with their name and phone drawn on it;",
      "anyone else, signed out included, only the demo pages, unmarked. Every other case (not readable, out of range,",
      "not a number, no such e-book) is the same 404, so nothing leaks. Access is checked on every request.",
      "Sent `Cache-Control: private, no-store`. Rate-limited per account (per address when signed out).",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    success: [{ status: 200, description: "The page (application/pdf)", mediaType: "application/pdf" }],
    errors: [404, 429],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/pages/{page}/image",
    tag: "Reader",
    summary: "One page of an e-book as a picture (WebP) drawn on the server",
    description: [
      "The page as `/api/ebooks/{id}/pages/{page}` serves it (with the reader's name and phone drawn on it for owners and staff),",
      "drawn by pdf.js on the server `w` pixels wide: the reader shows its first page with it before pdf.js has arrived.",
      "The same callers, the same 404 for everyone else, and counted in the same allowance as the pages.",
      "A stamped picture, or any answer to a signed-in caller, is sent `Cache-Control: private, no-store`; an unstamped",
      "demo page asked for signed out is the same for everyone: `public, max-age=300`, `Vary: Cookie`.",
      "503 when no picture can be made of the page (too heavy to draw): the reader draws it itself.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    query: pageImageQuerySchema,
    success: [{ status: 200, description: "The page's picture (image/webp)", mediaType: "image/webp" }],
    errors: [404, 429],
  },
  {
    method: "put",
    path: "/api/ebooks/{id}/progress",
    tag: "Reader",
    summary: "Save the page the reader is on (the last write wins)",
    description: "For a reader who may read every page (owner or staff); not found for anyone else.",
    access: signedIn,
    params: idParams,
    body: progressInputSchema,
    success: [ok("The progress saved", savedProgressSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/ebooks/{id}/outline",
    tag: "Reader",
    summary: "An e-book's outline: the PDF's bookmarks, each with its page and depth",
    description: [
      "Owners and staff with the `books` permission get every entry; anyone else only the entries that point at demo pages.",
      "Not found as for the reader (no such e-book, or taken down and neither owned nor staff).",
    ].join(" "),
    access: anyone,
    params: idParams,
    success: [ok("The outline as the caller may see it", ebookOutlineSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/reader",
    tag: "Reader",
    summary:
      "Open a course's PDF chapter in the reader: its title, its course, its pages, what the caller may read",
    description: [
      "Owners of the course and staff with the `content` permission read every PDF chapter; anyone else a free chapter of a published course.",
      "Not found for anything else (no such chapter, not a PDF chapter, a paid chapter the caller does not own).",
    ].join(" "),
    access: anyone,
    params: z.object({ id: idField, chapterId: idField }),
    success: [ok("The chapter as the caller may read it", chapterReaderSchema)],
    errors: [404],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/pages/{page}",
    tag: "Reader",
    summary: "One page of a course's PDF chapter, as a one-page PDF",
    description: [
      "Owners and staff with the `content` permission get any page, with their name and phone drawn on it;",
      "anyone else, signed out included, only the pages of a free chapter, unmarked. Every other case (not readable,",
      "out of range, not a number, no such chapter, not a PDF chapter) is the same 404. Sent `Cache-Control: private, no-store`.",
      "Counted in the same per-account (per-address when signed out) allowance as e-book pages.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    success: [{ status: 200, description: "The page (application/pdf)", mediaType: "application/pdf" }],
    errors: [404, 429],
  },
  {
    method: "get",
    path: "/api/courses/{id}/chapters/{chapterId}/pages/{page}/image",
    tag: "Reader",
    summary: "One page of a course's PDF chapter as a picture (WebP) drawn on the server",
    description: [
      "The page as `.../chapters/{chapterId}/pages/{page}` serves it, drawn by pdf.js on the server `w` pixels wide,",
      "for the same callers, with the same 404 for everyone else, counted in the same allowance.",
      "A stamped picture, or any answer to a signed-in caller, is sent `Cache-Control: private, no-store`; a free chapter's",
      "page asked for signed out: `public, max-age=300`, `Vary: Cookie`. 503 when no picture can be made of the page.",
    ].join(" "),
    access: anyone,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
      page: z.string().meta({ description: "The page, 1-based (a plain whole number)" }),
    }),
    query: pageImageQuerySchema,
    success: [{ status: 200, description: "The page's picture (image/webp)", mediaType: "image/webp" }],
    errors: [404, 429],
  },

  // ---- courses
  {
    method: "get",
    path: "/api/courses/{id}/chapters",
    tag: "Courses",
    summary: "A course's chapters as the caller may open them, with what each open one shows",
    description: [
      "Owners (a confirmed order) and staff with the `content` permission open every chapter; anyone else,",
      "signed out included, the free chapters of a published course. Text comes as sanitised HTML, a video as a",
      "youtube-nocookie.com or player.vimeo.com address to frame (or a plain link), a PDF as the reader's address",
      "(never the file). Owners and staff also get the chapters they have marked done. Not found for a course",
      "taken down unless the caller owns it or is staff.",
    ].join(" "),
    access: anyone,
    params: idParams,
    success: [ok("The course as the caller may open it", courseChaptersSchema)],
  },
  {
    method: "put",
    path: "/api/courses/{id}/chapters/{chapterId}/done",
    tag: "Courses",
    summary: "Mark a chapter done or not done (repeating it changes nothing)",
    description: "For a reader who may open every chapter (owner or staff); not found for anyone else.",
    access: signedIn,
    params: z.object({
      id: z.string().meta({ description: "The course's product id" }),
      chapterId: z.string().meta({ description: "The chapter's id" }),
    }),
    body: chapterDoneInputSchema,
    success: [ok("The course's progress after the change", courseProgressSchema)],
    errors: [404],
  },

  // ---- staff: the catalogue (decision 23), one set of endpoints per area
  ...(Object.keys(PRODUCT_AREAS) as ProductArea[]).flatMap(productAreaEndpoints),
  ...bookCsvEndpoints(),
  ...accountsEndpoints(),
  ...couponEndpoints(),
  // ---- staff
  {
    method: "get",
    path: "/api/admin/users",
    tag: "Staff",
    summary:
      "List accounts: search name, phone (typed any way) and email; filter by role, blocked, phone verified",
    access: staff("users"),
    query: adminUsersQuery,
    success: [ok("One page of accounts", adminUserPageSchema)],
  },
  {
    method: "get",
    path: "/api/admin/users/{id}",
    tag: "Staff",
    summary: "One account: its details, its orders and the e-books and courses it owns",
    access: staff("users"),
    params: idParams,
    success: [ok("The account", adminUserDetailSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/block",
    tag: "Staff",
    summary: "Block an account: it cannot sign in, and every session it has ends at once",
    description: [
      "The reason is kept in the audit log. Staff with the `users` permission block customers; a staff",
      "account only an admin; an admin account nobody (take its role away first), nor anyone their own (409).",
    ].join(" "),
    access: staff("users"),
    params: idParams,
    body: blockReasonSchema,
    success: [ok("The account, blocked", adminUserSchema)],
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/unblock",
    tag: "Staff",
    summary: "Unblock an account: it can sign in again",
    description: "The reason is kept in the audit log. Who may unblock is who may block.",
    access: staff("users"),
    params: idParams,
    body: blockReasonSchema,
    success: [ok("The account, unblocked", adminUserSchema)],
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/admin/info-pages",
    tag: "Staff",
    summary: "The six info pages, with when each was last changed",
    access: staff("content"),
    success: [ok("The pages, without their bodies", adminInfoPageListSchema)],
  },
  {
    method: "post",
    path: "/api/admin/info-pages/preview",
    tag: "Staff",
    summary: "An info page's Markdown as the shop will show it (rendered and sanitised)",
    access: staff("content"),
    body: infoPagePreviewSchema,
    success: [ok("The rendered page body", renderedMarkdownSchema)],
  },
  {
    method: "get",
    path: "/api/admin/info-pages/{slug}",
    tag: "Staff",
    summary: "One info page as staff edit it",
    access: staff("content"),
    params: infoSlugParams,
    success: [ok("The page", adminInfoPageSchema)],
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/admin/info-pages/{slug}",
    tag: "Staff",
    summary: "Save an info page's title and Markdown body; signed-out visitors see it at once",
    description:
      "Send the `version` the edit started from: a stale one is refused with 409 and the page as it now is.",
    access: staff("content"),
    params: infoSlugParams,
    body: infoPageEditSchema,
    success: [ok("The page as saved", adminInfoPageSchema)],
    errors: [404, 409],
    errorData: { 409: adminInfoPageSchema },
  },
  {
    method: "put",
    path: "/api/admin/users/{id}/authority",
    tag: "Staff",
    summary: "Set an account's role and permissions",
    access: { who: "admin" },
    params: idParams,
    body: authoritySchema,
    success: [ok("The account with its new authority", publicUserSchema)],
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/search",
    tag: "Staff",
    summary:
      "The back office's search box: orders, accounts and products, a few of each, exact matches first",
    description: [
      "Orders by number, the buyer's phone (typed any way: 01…, +880…, with spaces), invoice number",
      "(`INV-2026-000042`, or `inv-2026-42`), consignment or the buyer's name; accounts by phone, email or",
      "name; products by title, Bangla title, author or ISBN. Each group is answered only to staff holding",
      "its area (`orders`; `users`; the product areas, each its own kinds) and is null for the others.",
    ].join(" "),
    access: anyStaff,
    query: adminSearchQuery,
    success: [ok("At most five of each kind, exact matches first", adminSearchSchema)],
  },
  {
    method: "get",
    path: "/api/admin/playground/price",
    tag: "Staff",
    summary: "The pricing playground: what a customer would be charged, priced as the cart prices",
    description: [
      "The same query as the page `/admin/playground`. Lines, coupon, delivery and total come from the",
      "cart's pricing; a coupon that gives nothing says why in the customer's words (`coupon.message`).",
      "With `user`, that customer's own uses of the coupon count. Nothing is saved.",
    ].join(" "),
    access: staff("orders"),
    query: playgroundQuery,
    success: [ok("The priced cart (poisha)", playgroundPriceSchema)],
  },
  {
    method: "get",
    path: "/api/admin/dashboard",
    tag: "Staff",
    summary: "The dashboard: sales, orders by status, low stock, top products",
    description:
      "Answers only the parts the caller may see: `sales` for staff holding `reports` or `orders`, `lowStock` for those holding `books` or `stationery` (each their own kind); a part the caller may not see is null.",
    access: anyStaff,
    success: [ok("The dashboard's figures (money in poisha, days in Asia/Dhaka)", dashboardSchema)],
  },
  {
    method: "get",
    path: "/api/admin/products/{id}/sales",
    tag: "Staff",
    summary: "A product's units and revenue per day or month",
    description:
      "Every day or month of the range is in `rows`, zero when nothing sold. The permission is the product's area: `books` for books and e-books, `bundles`, `content`, `stationery`. The range is at most two years; by default the last 30 Dhaka days.",
    access: staff("books"),
    params: idParams,
    query: salesQuerySchema,
    success: [ok("The product's sales (poisha)", productSalesSchema)],
  },
  {
    method: "get",
    path: "/api/admin/products/{id}/sales.csv",
    tag: "Staff",
    summary: "The same sales as a CSV download",
    description:
      "Columns Product, Day (or Month), Units, Revenue (taka); UTF-8 with a byte-order mark, so a spreadsheet reads Bangla titles. The permission is the product's area, as for the JSON.",
    access: staff("books"),
    params: idParams,
    query: salesQuerySchema,
    success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
  },
  ...reportEndpoints(),
  {
    method: "get",
    path: "/api/admin/authors",
    tag: "Staff",
    summary: "List authors, searching name, Bangla name and slug, with each author's book count",
    access: staff("authors"),
    query: authorsQuerySchema,
    success: [ok("One page of authors", adminAuthorPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/authors",
    tag: "Staff",
    summary: "Add an author (the slug is made from the name when not given)",
    access: staff("authors"),
    body: authorInputSchema,
    success: [created("The new author", adminAuthorDetailSchema)],
  },
  {
    method: "get",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "One author with every field and the version to edit from",
    access: staff("authors"),
    params: idParams,
    success: [ok("The author", adminAuthorDetailSchema)],
  },
  {
    method: "patch",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "Edit an author; a new name rebuilds their products' search names, a new slug redirects the old",
    access: staff("authors"),
    params: idParams,
    body: authorEditSchema,
    success: [ok("The author as saved", adminAuthorDetailSchema)],
    errorData: { 409: adminAuthorDetailSchema },
  },
  {
    method: "delete",
    path: "/api/admin/authors/{id}",
    tag: "Staff",
    summary: "Delete an author who has no products (merge one who has)",
    access: staff("authors"),
    params: idParams,
    success: [ok("The deleted author's id", adminAuthorDeletedSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/authors/{id}/merge",
    tag: "Staff",
    summary: "Merge an author into another: their products move, their page redirects, they are deleted",
    access: staff("authors"),
    params: idParams,
    body: authorMergeSchema,
    success: [ok("The kept author and how many products moved", authorMergeResultSchema)],
    errorData: { 409: adminAuthorDetailSchema },
  },
  {
    method: "get",
    path: "/api/admin/orders",
    tag: "Staff",
    summary:
      "List orders: search number, phone (typed any way), name, invoice (INV-…) or consignment; filter by status, payment, district, dates, source, coupon, phone check, slip printed",
    description: `Newest first by default. \`total\` counts up to ${ORDER_COUNT_CAP.toLocaleString("en")} (a search by name: ${NAME_SEARCH_COUNT} past the page's first row); \`more\` is set when more matched. \`holds\` keeps orders with e-books or courses (\`digital\`), stationery or academic-cycle products.`,
    access: staff("orders"),
    query: adminOrdersQuery,
    success: [ok("One page of orders (money in poisha)", adminOrderPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/bulk/status",
    tag: "Staff",
    summary: "Move many orders to a status, each in its own transaction, with a result per order",
    description: `At most ${MAX_BULK_ORDERS} orders. Each move is the single order's (history, audit, the buyer's SMS); an order that cannot make it is refused in its result and the others go on.`,
    access: staff("orders"),
    body: bulkOrderStatusSchema,
    success: [ok("A result per order", orderBulkResultSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/bulk/courier",
    tag: "Staff",
    summary: "Book many orders with the connected courier, with a result per order",
    description: `At most ${MAX_BULK_ORDERS} orders, one at a time. An order that already has a consignment is refused, so repeating the call books nothing twice. When the courier stops answering, the orders after are not tried.`,
    access: staff("orders"),
    body: bulkOrdersSchema,
    success: [ok("A result per order", orderBulkResultSchema)],
  },
  {
    method: "post",
    path: "/api/admin/orders/slips",
    tag: "Staff",
    summary: "The packing slips of the orders, marked printed now",
    description:
      "Slips in the order asked; an order with nothing to ship (only e-books or courses) or not bought yet gets no slip and is refused in `results`. Audited.",
    access: staff("orders"),
    body: bulkOrdersSchema,
    success: [ok("The slips and a result per order", packingSlipsSchema)],
  },
  {
    method: "get",
    path: "/api/admin/orders/sources",
    tag: "Staff",
    summary: "Orders and revenue by source and referral code over a range of Dhaka days",
    description:
      "Counted as sales are: bought orders, on the Dhaka day placed, lines after discounts, without delivery. By default the last 30 days; at most two years.",
    access: staff("orders"),
    query: orderSourcesQuery,
    success: [ok("Orders and revenue per source (poisha)", orderSourcesSchema)],
  },
  {
    method: "get",
    path: "/api/admin/orders/sources.csv",
    tag: "Staff",
    summary: "The same as a CSV download",
    description:
      "Columns Source, Referral code, Orders, Revenue (taka); UTF-8 with a byte-order mark. Streamed.",
    access: staff("orders"),
    query: orderSourcesQuery,
    success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
  },
  {
    method: "get",
    path: "/api/admin/shop-orders",
    tag: "Staff",
    summary: "List the orders holding stationery (the orders list's search and filters)",
    access: staff("stationery"),
    query: adminOrdersQuery,
    success: [ok("One page of orders (money in poisha)", adminOrderPageSchema)],
  },
  {
    method: "post",
    path: "/api/admin/shop-orders/delivered",
    tag: "Staff",
    summary: "Mark many stationery orders delivered, chosen by id or typed/scanned by number",
    description: `At most ${MAX_BULK_ORDERS} orders, each in its own transaction with its history, audit entry and the buyer's SMS (sent after the commit). An order must hold stationery and be shipped.`,
    access: staff("stationery"),
    body: shopDeliveredSchema,
    success: [ok("A result per order", orderBulkResultSchema)],
  },
  {
    method: "patch",
    path: "/api/admin/orders/{id}/status",
    tag: "Staff",
    summary: "Move an order to another status",
    access: staff("orders"),
    params: idParams,
    body: orderStatusChangeSchema,
    success: [ok("The order's fulfilment state", orderFulfilmentSchema)],
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/orders/{id}/consignment",
    tag: "Staff",
    summary: "Record a consignment number typed by staff",
    access: staff("orders"),
    params: idParams,
    body: consignmentSchema,
    success: [ok("The order's fulfilment state", orderFulfilmentSchema)],
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/courier",
    tag: "Staff",
    summary: "Book the parcel with the connected courier",
    access: staff("orders"),
    params: idParams,
    success: [ok("The order's fulfilment state, with its consignment", orderFulfilmentSchema)],
    errors: [409, 503],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/courier/refresh",
    tag: "Staff",
    summary: "Ask the connected courier for the parcel's news now",
    access: staff("orders"),
    params: idParams,
    success: [ok("What the courier said", courierSyncSchema)],
    errors: [409, 503],
  },

  {
    method: "get",
    path: "/api/admin/orders/{id}",
    tag: "Staff",
    summary: "One order as its page shows it: lines, buyer, address, payments, history, notes, money",
    description: [
      "The invoice with its credit notes, the refunds, and the order's ledger figures (decision 29):",
      "its buyer balance is invoiced − credited − collected online − COD collected + refunds paid,",
      "and the refunds owed always equal its negative balance. `next` lists the statuses staff may",
      "move it to.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    success: [ok("The order", adminOrderSchema)],
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/admin/orders/{id}",
    tag: "Staff",
    summary: "Correct the delivery address of an order whose parcel has not left",
    description: [
      "Send the `version` the edit started from: a stale one is refused with 409 and the order as it",
      "now is. Refused (409) once the order is shipped, delivered, cancelled or refunded. The",
      "delivery charge is not priced again: the order keeps what the buyer was charged.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    body: orderAddressSchema,
    success: [ok("The order as saved", adminOrderSchema)],
    errors: [404, 409],
    errorData: { 409: adminOrderSchema },
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/notes",
    tag: "Staff",
    summary: "Add an internal note to an order (never shown to the buyer)",
    access: staff("orders"),
    params: idParams,
    body: orderNoteSchema,
    success: [created("The note", orderNoteAnswerSchema)],
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/cod-check",
    tag: "Staff",
    summary: "Record the phone check of a cash-on-delivery order: the buyer confirmed, or was unreachable",
    description:
      "Only a cash-on-delivery order that is confirmed (not yet packed); 409 otherwise. It may be made again. Packing an unchecked order is allowed: the page warns.",
    access: staff("orders"),
    params: idParams,
    body: codCheckSchema,
    success: [ok("The order", adminOrderSchema)],
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/api/admin/orders/{id}/refunds",
    tag: "Staff",
    summary: "Refund money of an order (paid now, or recorded as owed)",
    description: [
      "At most the money the shop has for the order (collected online + COD collected − refunds",
      "already recorded); 409 with the reason otherwise (an order whose cash was never taken is",
      "cancelled, not refunded). The invoice is reduced by a credit note (CN-YYYY-NNNNNN, gap-free)",
      "of min(amount, what is still uncredited). Refunding all that is left makes the order refunded.",
      "A repeat of the same request after success is refused by the same rule.",
    ].join(" "),
    access: staff("orders"),
    params: idParams,
    body: refundSchema,
    success: [created("The refund, with its credit note", refundAnswerSchema)],
    errors: [404, 409],
  },
  {
    method: "patch",
    path: "/api/admin/refunds/{id}",
    tag: "Staff",
    summary: "Mark an owed refund paid, with its reference; the buyer gets an SMS",
    description:
      "Send the refund's `version`: a stale one (or a second tap) is refused with 409 and the refund as it now is.",
    access: staff("orders"),
    params: idParams,
    body: refundPaidSchema,
    success: [ok("The refund, paid", refundAnswerSchema)],
    errors: [404, 409],
    errorData: { 409: refundAnswerSchema },
  },

  {
    method: "get",
    path: "/api/admin/content/{id}/chapters",
    tag: "Staff",
    summary: "A course's chapters in order, as staff edit them",
    access: staff("content"),
    params: idParams,
    success: [ok("The course (with its version) and its chapters", adminCourseChaptersSchema)],
  },
  {
    method: "post",
    path: "/api/admin/content/{id}/chapters",
    tag: "Staff",
    summary: "Add a chapter at the end of a course",
    description:
      "A video chapter's link must be one the course page can embed (YouTube or Vimeo); a text chapter's Markdown is at most 200,000 characters; a PDF chapter is made without its file. Raises the course's version.",
    access: staff("content"),
    params: idParams,
    body: chapterCreateSchema,
    success: [created("The new chapter", adminChapterSchema)],
  },
  {
    method: "put",
    path: "/api/admin/content/{id}/chapters/order",
    tag: "Staff",
    summary: "Put a course's chapters in a new order",
    description:
      "`chapterIds` must be every chapter of the course exactly once (400 otherwise, nothing moved); `version` is the course's version the order was made from: a stale one gets 409 with the chapters as they now are.",
    access: staff("content"),
    params: idParams,
    body: chapterOrderSchema,
    success: [ok("The course and its chapters in the new order", adminCourseChaptersSchema)],
    errors: [409],
    errorData: { 409: adminCourseChaptersSchema },
  },
  {
    method: "patch",
    path: "/api/admin/content/{id}/chapters/{chapterId}",
    tag: "Staff",
    summary: "Edit a chapter: title, kind, body and free preview",
    description:
      "Carries the chapter's `version`: a stale edit gets 409 with the chapter as it now is. A PDF chapter keeps its file while it stays a PDF chapter. A course that is published, or in a published bundle, keeps a chapter it can show: turning its last one into a PDF chapter (which starts without its file) is a 409 saying why.",
    access: staff("content"),
    params: chapterParams,
    body: chapterEditSchema,
    success: [ok("The saved chapter", adminChapterSchema)],
    errors: [409],
    errorData: { 409: adminChapterSchema },
  },
  {
    method: "delete",
    path: "/api/admin/content/{id}/chapters/{chapterId}",
    tag: "Staff",
    summary: "Delete a chapter (readers' done marks on it go with it)",
    description:
      "Carries the chapter's `version`: a stale one gets 409 with the chapter as it now is. The chapters after it move up; the course's version is raised. The last chapter a course can show (text, video, or a PDF chapter with its file) stays while the course is published or in a published bundle: 409 saying why.",
    access: staff("content"),
    params: chapterParams,
    body: chapterDeleteSchema,
    success: [ok("The chapter removed and the course's new version", deletedChapterSchema)],
    errors: [409],
    errorData: { 409: adminChapterSchema },
  },
  {
    method: "post",
    path: "/api/admin/images",
    tag: "Staff",
    summary: "Upload a picture (a cover, a photo): stored at every width, its key answered",
    description: [
      "The picture is the request body, sent with its own type; it is checked by its content (JPEG, PNG, WebP or AVIF,",
      `at most ${MAX_IMAGE_UPLOAD_BYTES / MB} MB and 6000×6000 pixels), turned upright, optionally cropped, and stored as WebP`,
      "at each width of the shop's images. Save the answered `key` as the product's or author's `image`.",
    ].join(" "),
    access: anyStaff,
    query: imageUploadQuerySchema,
    upload: { types: IMAGE_UPLOAD_TYPES, description: "The picture's bytes" },
    success: [created("The stored picture", storedImageSchema)],
  },
  {
    method: "get",
    path: "/api/admin/ebooks/{id}/pdf",
    tag: "Staff",
    summary: "An e-book's PDF: pages, file size, demo pages and the product's version",
    access: staff("books"),
    params: idParams,
    success: [ok("The e-book's PDF state", ebookPdfSchema)],
  },
  {
    method: "put",
    path: "/api/admin/ebooks/{id}/pdf",
    tag: "Staff",
    summary: "Upload or replace an e-book's PDF",
    description: [
      `The PDF is the request body (\`Content-Type: application/pdf\`, at most ${MAX_PDF_BYTES / MB} MB). It is checked by its`,
      "bytes (`%PDF-`) and opened: a damaged or password-protected file, or one without pages, is refused with 400 and",
      `nothing changes; so is one holding an image of more than ${MAX_PAGE_IMAGE_PIXELS.toLocaleString("en-US")} pixels (the message names its page),`,
      "and one whose first page, drawn before the file is stored, takes longer than 30 s or more memory than the drawing",
      "thread may use. Demo pages past the new last page are dropped. `version` is the product's: a stale one is",
      "refused with 409 and the e-book as it now is. The other pages' thumbnails are drawn after the answer, in the background.",
    ].join(" "),
    access: staff("books"),
    params: idParams,
    query: uploadVersionQuerySchema,
    upload: { types: [PDF_UPLOAD_TYPE], description: "The PDF's bytes" },
    success: [ok("The e-book's new PDF state", ebookPdfSchema)],
    errors: [409],
    errorData: { 409: ebookPdfSchema },
  },
  {
    method: "put",
    path: "/api/admin/ebooks/{id}/demo",
    tag: "Staff",
    summary: "Choose an e-book's free preview pages",
    description: `Each page within the PDF, ascending, each once, at most ${MAX_DEMO_PAGES}. A stale \`version\` is refused with 409 and the e-book as it now is.`,
    access: staff("books"),
    params: idParams,
    body: demoPagesInputSchema,
    success: [ok("The e-book's PDF state with its new demo pages", ebookPdfSchema)],
    errors: [409],
    errorData: { 409: ebookPdfSchema },
  },
  {
    method: "get",
    path: "/api/admin/ebooks/{id}/thumbnails/{page}",
    tag: "Staff",
    summary: "A small picture of one page of an e-book (WebP)",
    description: [
      "Drawn from the PDF when first asked for, then kept. Staff only: the pictures show the whole book.",
      "With `?v=` equal to the PDF state's `fileVersion` the answer may be kept privately for good",
      "(`Cache-Control: private, max-age=31536000, immutable`); otherwise `private, no-cache`.",
      "404 for a page out of range or an e-book without a PDF; 400 saying why for a page too slow or too heavy to draw.",
    ].join(" "),
    access: staff("books"),
    params: z.object({
      id: z.string().meta({ description: "The e-book's product id" }),
      page: z.string().meta({ description: "The page, 1-based" }),
    }),
    query: z.object({ v: z.string().optional().meta({ description: "The PDF state's `fileVersion`" }) }),
    success: [{ status: 200, description: "The thumbnail (image/webp)", mediaType: "image/webp" }],
  },
  {
    method: "put",
    path: "/api/admin/content/{id}/chapters/{chapterId}/pdf",
    tag: "Staff",
    summary: "Upload or replace a course's PDF chapter's file",
    description: [
      `The PDF is the request body (\`Content-Type: application/pdf\`, at most ${MAX_PDF_BYTES / MB} MB), checked as for an`,
      "e-book (images included; no page is drawn). The chapter must be a PDF chapter (409 otherwise). `version` is the chapter's: a stale one is refused",
      "with 409. The reader serves the new file at once.",
    ].join(" "),
    access: staff("content"),
    params: z.object({ id: idField, chapterId: idField }),
    query: uploadVersionQuerySchema,
    upload: { types: [PDF_UPLOAD_TYPE], description: "The PDF's bytes" },
    success: [ok("The chapter's new file", chapterPdfSchema)],
    errors: [409],
    errorData: { 409: staleChapterSchema },
  },

  // ---- this document
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document (OpenAPI 3.1)",
    access: anyone,
    success: [{ status: 200, description: "The OpenAPI document", mediaType: "application/json" }],
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Reference",
    summary: "The reference page for developers",
    access: anyone,
    success: [{ status: 200, description: "An HTML page", mediaType: "text/html" }],
  },
  {
    method: "get",
    path: "/api/docs/{file}",
    tag: "Reference",
    summary: "The reference page's script and style sheet",
    access: anyone,
    params: z.object({ file: z.string() }),
    success: [{ status: 200, description: "A script or style sheet", mediaType: "*/*" }],
  },
];

/** The reports (decision 32) and the background jobs that export long ranges. */
function reportEndpoints(): Endpoint[] {
  const kinds = JOB_KINDS.map((k) => `\`${k}\` (needs \`${JOB_KIND_RULES[k].permission}\`)`).join(", ");
  return [
    {
      method: "get",
      path: "/api/admin/reports/sales",
      tag: "Staff",
      summary: "The sales report over a range: by day, month, kind, source, district, top products",
      description: `A preset (last7, last30, thisMonth, lastMonth, thisYear) or from/to in Dhaka days, at most two years; by default the last 30 days. Sales are decision 24's; credit notes on counted orders lower their sales (decision 32). \`export.mode\` says whether the CSV of the orders is streamed or made by a background job (over ${LONG_EXPORT_DAYS} days or ${LONG_EXPORT_ORDERS.toLocaleString("en")} orders).`,
      access: staff("reports"),
      query: reportQuerySchema,
      success: [ok("Every table of the report (money in poisha)", reportSalesSchema)],
    },
    {
      method: "get",
      path: "/api/admin/reports/sales.csv",
      tag: "Staff",
      summary: "One table of the sales report as CSV",
      description: `\`table\` is one of ${SALES_TABLES.join(", ")}; \`orders\` lists every order behind the figures and is streamed. Money in taka; UTF-8 with a byte-order mark. The orders of a range over ${LONG_EXPORT_DAYS} days or ${LONG_EXPORT_ORDERS.toLocaleString("en")} orders are refused with 400: start a \`sales-csv\` job instead.`,
      access: staff("reports"),
      query: salesCsvQuerySchema,
      success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
    },
    {
      method: "get",
      path: "/api/admin/reports/shop",
      tag: "Staff",
      summary: "The stationery shop's report: sales over a range, stock value, low stock",
      access: staff("stationery"),
      query: reportQuerySchema,
      success: [ok("Stationery sales (poisha), stock value at today's price, low stock", shopReportSchema)],
    },
    {
      method: "post",
      path: "/api/admin/jobs",
      tag: "Staff",
      summary: "Start a background job (a long export)",
      description: `Kinds: ${kinds}; \`params\` are the kind's (for \`sales-csv\`, the query of /api/admin/reports/sales.csv). It starts at once; follow it with GET /api/admin/jobs/{id}. Jobs are kept ${JOB_KEEP_DAYS} days. A staff member has at most ${MAX_QUEUED_JOBS} jobs waiting (a start beyond is 429) and ${MAX_RUNNING_JOBS} running.`,
      access: anyStaff,
      body: jobStartSchema,
      success: [created("The job, queued", jobSchema)],
      errors: [403, 429],
    },
    {
      method: "get",
      path: "/api/admin/jobs/{id}",
      tag: "Staff",
      summary: "A job's status and progress",
      description: "Only the staff member who started it, or an admin, may see it.",
      access: anyStaff,
      params: idParams,
      success: [ok("The job; `downloadUrl` once it is done", jobSchema)],
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/admin/jobs/{id}/download",
      tag: "Staff",
      summary: "A finished job's CSV",
      description: "409 while the job is queued or running, or when it failed. Only its creator or an admin.",
      access: anyStaff,
      params: idParams,
      success: [{ status: 200, description: "A CSV attachment", mediaType: "text/csv" }],
      errors: [403, 404, 409],
    },
  ];
}

/** Coupons and bulk codes (`/admin/coupon`, `/admin/coupon/bulk`). */
function couponEndpoints(): Endpoint[] {
  const access = staff("coupons");
  const tag = "Staff: coupons";
  const batchParams = z.object({ id: idField });
  return [
    {
      method: "get",
      path: "/api/admin/coupons",
      tag,
      summary:
        "List coupons: search by code, filter by state, kind and batch; each with its uses, discount given and revenue",
      description:
        "Discount given and revenue count the orders that used the coupon and count as sales (decision 24): confirmed, being packed, shipped or delivered.",
      access,
      query: couponsQuerySchema,
      success: [ok("One page of coupons", adminCouponPageSchema)],
    },
    {
      method: "post",
      path: "/api/admin/coupons",
      tag,
      summary: "Add a coupon (its code upper-cased; letters, digits, - and _)",
      description:
        "Times are ISO 8601 with an offset; money in poisha. A code another coupon has is refused with 409.",
      access,
      body: couponInputSchema,
      success: [created("The new coupon", adminCouponDetailSchema)],
      errors: [409],
    },
    {
      method: "post",
      path: "/api/admin/coupons/bulk",
      tag,
      summary: `Generate up to ${MAX_BATCH_CODES.toLocaleString("en")} unique random codes with the same rules, as one batch`,
      description:
        "Codes are the prefix and a random part from an alphabet without look-alike characters (no 0, O, 1, I or L), drawn from a cryptographic random source. A code another coupon has is drawn again. One transaction: the whole batch or nothing.",
      access,
      body: couponBatchInputSchema,
      success: [created("The batch, where to download it, and a few of its codes", couponBatchResultSchema)],
      errors: [409],
    },
    {
      method: "post",
      path: "/api/admin/coupons/active",
      tag,
      summary: "Enable or disable many coupons at once, with a result per coupon",
      access,
      body: couponBulkActiveSchema,
      success: [ok("A result per id", bulkResultSchema)],
    },
    {
      method: "get",
      path: "/api/admin/coupons/batches",
      tag,
      summary: "The latest 50 batches of generated codes, each with how many of its codes were used",
      access,
      success: [ok("The batches, newest first", listOf(couponBatchSchema))],
    },
    {
      method: "get",
      path: "/api/admin/coupons/batches/{id}/codes.csv",
      tag,
      summary: "A batch's codes as CSV: Code, Uses (streamed)",
      access,
      params: batchParams,
      success: [{ status: 200, description: "coupons-batch-N.csv", mediaType: "text/csv" }],
      errors: [404],
    },
    {
      method: "get",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "One coupon with every rule, its figures, its products named and the version to edit from",
      access,
      params: idParams,
      success: [ok("The coupon", adminCouponDetailSchema)],
      errors: [404],
    },
    {
      method: "patch",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "Edit a coupon; orders already placed keep the totals they were priced at",
      description:
        "Send the `version` the edit started from: a stale one is refused with 409 and the coupon as it now is.",
      access,
      params: idParams,
      body: couponEditSchema,
      success: [ok("The coupon as saved", adminCouponDetailSchema)],
      errors: [404, 409],
      errorData: { 409: adminCouponDetailSchema },
    },
    {
      method: "delete",
      path: "/api/admin/coupons/{id}",
      tag,
      summary: "Delete a coupon never used on an order (a used one is refused with 409: disable it)",
      access,
      params: idParams,
      success: [ok("The deleted coupon's id", adminCouponDeletedSchema)],
      errors: [404, 409],
    },
  ];
}

/** Books as CSV: the list's view exported, a file of books checked or imported, the template. */
/** Invoices, couriers' cash on delivery and the monthly accounts statement (decision 29). */
function accountsEndpoints(): Endpoint[] {
  const access = staff("invoices");
  const tag = "Staff: accounts";
  const month = "The month is a Dhaka calendar month, `YYYY-MM` (400 otherwise).";
  return [
    {
      method: "get",
      path: "/api/admin/invoices",
      tag,
      summary:
        "List invoices: search the invoice or order number, the buyer's name or phone; filter by days, payment method, state",
      description:
        "Each row has the order's ledger figures: paid online, cash collected on delivery, credited, refunds paid, and what is still due. `from`/`to` are Dhaka days (`YYYY-MM-DD`) the invoice was issued.",
      access,
      query: adminInvoicesQuery,
      success: [ok("One page of invoices (poisha)", adminInvoicePageSchema)],
    },
    {
      method: "get",
      path: "/api/admin/invoices/{id}",
      tag,
      summary: "One invoice as issued (never changed), its credit notes, and its order's money in and out",
      access,
      params: idParams,
      success: [ok("The invoice", adminInvoiceDetailSchema)],
      errors: [404],
    },
    {
      method: "get",
      path: "/api/admin/cod/outstanding",
      tag,
      summary: "Cash still with couriers: delivered cash-on-delivery orders no remittance covers, by courier",
      access,
      success: [ok("The orders by courier, with totals (poisha)", codOutstandingSchema)],
    },
    {
      method: "get",
      path: "/api/admin/cod/remittances",
      tag,
      summary: "The couriers' payments recorded, newest first; search the courier or reference",
      access,
      query: codRemittancesQuery,
      success: [ok("One page of remittances", codRemittancePageSchema)],
    },
    {
      method: "post",
      path: "/api/admin/cod/remittances",
      tag,
      summary: "Record a courier's payment of the cash of some delivered cash-on-delivery orders",
      description:
        "The amount is the sum of the orders' totals, to the poisha. An order that is not a delivered cash-on-delivery order of that courier, or is already remitted, is refused with 409 naming it, and nothing is recorded; the orders are locked, so a double submit remits each order once. `receivedAt` (default now) may not be in the future nor before an order's delivery (400).",
      access,
      body: codRemittanceSchema,
      success: [created("The remittance", codRemittanceRowSchema)],
      errors: [404, 409],
    },
    {
      method: "get",
      path: "/api/admin/apar/months",
      tag,
      summary: "Every month from the first order's to this one: opening net balance, each movement, closing",
      description: "Each month's closing is the next month's opening. Money in poisha; months in Asia/Dhaka.",
      access,
      success: [ok("The months, newest first", aparMonthsSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}",
      tag,
      summary: "One month's accounts statement: opening balances, each movement, closing balances",
      description: `${month} opening.net + invoiced − credited − collectedOnline − codRemitted + refundsPaid = closing.net, and each balance's net = receivable + withCouriers − refundsOwed, to the poisha.`,
      access,
      params: monthParams,
      success: [ok("The statement (poisha)", aparStatementSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}/lines",
      tag,
      summary: "The lines behind one figure or balance of a month's statement, a page at a time",
      description: `${month} A movement's lines sum to its figure; a balance's lines are the orders it is made of, each with its part.`,
      access,
      params: monthParams,
      query: statementLinesQuery,
      success: [ok("One page of lines", statementLinePageSchema)],
    },
    {
      method: "get",
      path: "/api/admin/apar/{month}/lines.csv",
      tag,
      summary: "Every line of a month's statement as CSV (streamed)",
      description: `${month} Columns section, date (UTC), document, order, invoice, detail, amount_poisha, amount_taka: the opening balances order by order, each movement's lines, the closing balances. UTF-8 with a byte-order mark.`,
      access,
      params: monthParams,
      success: [{ status: 200, description: "accounts-YYYY-MM.csv", mediaType: "text/csv" }],
    },
  ];
}

function bookCsvEndpoints(): Endpoint[] {
  const access = staff("books");
  const tag = "Staff: catalogue";
  return [
    {
      method: "get",
      path: EXPORT_PATH,
      tag,
      summary: "The books list's view (search, filters, sort: every matching row) as a CSV file",
      description: `Takes the books list's query. UTF-8 with a byte-order mark; prices in taka with two decimals; at most ${MAX_EXPORT_ROWS.toLocaleString("en")} rows. A text cell that a spreadsheet would run as a formula (beginning with = + - @) starts with an apostrophe. The columns are the import's.`,
      access,
      query: productListQuery,
      success: [{ status: 200, description: "books-YYYY-MM-DD.csv", mediaType: "text/csv" }],
    },
    {
      method: "get",
      path: TEMPLATE_PATH,
      tag,
      summary: "The import's header row and one example book, as CSV",
      access,
      success: [{ status: 200, description: "books-template.csv", mediaType: "text/csv" }],
    },
    {
      method: "post",
      path: IMPORT_PATH,
      tag,
      summary:
        "Check (preview) or import (apply) a CSV file of books: a row with an id changes that book, one without adds one",
      description: `The body is the file (Content-Type: text/csv), at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB. \`apply\` writes every row in one transaction or none: a file with any error is refused with 400 and the report of every row in \`data\`.`,
      access,
      query: importQuery,
      upload: { types: ["text/csv"], description: "The CSV file, with a header row" },
      success: [ok("The report: a result per row", importReportSchema)],
      errorData: { 400: importReportSchema },
    },
  ];
}

/** The catalogue's admin endpoints of one area (books, bundles, content, stationery). */
function productAreaEndpoints(area: ProductArea): Endpoint[] {
  const { label, permission, kinds } = PRODUCT_AREAS[area];
  const base = `/api/admin/${area}`;
  const access = staff(permission);
  const tag = "Staff: catalogue";
  const what = label.toLowerCase();
  const own: Endpoint[] = [
    {
      method: "get",
      path: base,
      tag,
      summary: `List ${what} (${kinds.join(", ")}) with search, filters, sort and paging`,
      access,
      query: productListQuery,
      success: [ok(`One page of ${what}`, adminProductPageSchema)],
    },
    {
      method: "post",
      path: base,
      tag,
      summary: `Add a product to ${what}`,
      access,
      body: productCreateSchema,
      success: [created("The product as saved", adminProductSchema)],
      errors: [409],
    },
    {
      method: "post",
      path: `${base}/bulk`,
      tag,
      summary: `Publish, unpublish or reprice many of ${what} at once, with a result per product`,
      access,
      body: productBulkSchema,
      success: [ok("A result per product", bulkResultSchema)],
    },
    {
      method: "get",
      path: `${base}/{id}`,
      tag,
      summary: "One product with every field staff edit",
      access,
      params: idParams,
      success: [ok("The product", adminProductSchema)],
    },
    {
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: "Edit a product (the fields sent), from the version the edit started on",
      description: "A stale `version` is refused with 409 and the product as it now is in `data`.",
      access,
      params: idParams,
      body: productPatchSchema,
      success: [ok("The product as saved", adminProductSchema)],
      errors: [409],
      errorData: { 409: adminProductSchema },
    },
    {
      method: "delete",
      path: `${base}/{id}`,
      tag,
      summary: "Delete a product nobody has ordered",
      access,
      params: idParams,
      success: [ok("Deleted", z.object({ id: z.int() }))],
      errors: [409],
    },
  ];
  if (!STOCKED_AREAS.includes(area)) return own;
  return [
    ...own,
    {
      method: "get",
      path: `${base}/{id}/stock`,
      tag,
      summary: "The product's stock ledger, newest first",
      access,
      params: idParams,
      query: stockLedgerQuery,
      success: [ok("One page of the ledger, with the stock on hand", stockLedgerSchema)],
    },
    {
      method: "post",
      path: `${base}/{id}/stock`,
      tag,
      summary: "Add or remove units with a reason (a row of the ledger)",
      access,
      params: idParams,
      body: stockChangeSchema,
      success: [ok("The ledger after the change", stockLedgerSchema)],
      errors: [409],
    },
  ];
}

const STATUS_WORDS: Record<number, string> = {
  400: "Bad input: `message` says what, `errors` names each field (also a NUL character in the address or body, or a body that does not parse)",
  401: "Not signed in",
  403: "Signed in without the permission this needs, or a cross-site write",
  404: "No such thing (or not the caller's)",
  409: "Refused in the current state (stock, status, already used)",
  413: "The request body is too large",
  415: "The body is not of a type this endpoint reads",
  429: "Too many attempts: wait and try again",
  503: "The shop's database, or a service it depends on (gateway, courier), did not answer; nothing changed. `Retry-After` says in how many seconds to try again",
};

function accessText(access: Access): string {
  switch (access.who) {
    case "anyone":
      return "Anyone; signed in or not.";
    case "signed-in":
      return "A signed-in account (any role).";
    case "staff":
      return `Staff holding the \`${access.permission}\` permission, or an admin.`;
    case "any-staff":
      return "Any staff member or admin.";
    case "admin":
      return "Admins only.";
    case "gateway":
      return "The payment gateway or the buyer's browser on its way back; no session, no Origin check.";
  }
}

/** The refusals an endpoint can answer: its own, and those its access, parameters and body imply. */
export function errorStatuses(e: Endpoint): number[] {
  // Any request may be refused at the edge: a NUL character in its address or body, or a body
  // that does not parse.
  const out = new Set([...(e.errors ?? []), 400]);
  // Any request may find the database out of reach (decision 49).
  out.add(503);
  for (const status of Object.keys(e.errorData ?? {})) out.add(Number(status));
  if (e.access.who !== "anyone" && e.access.who !== "gateway") out.add(401);
  if (e.access.who === "staff" || e.access.who === "any-staff" || e.access.who === "admin") out.add(403);
  if (e.params) out.add(404);
  if (e.method !== "get") {
    out.add(413);
    if (e.access.who !== "gateway") {
      // Writes from another site are refused; a body, when sent, must be JSON.
      out.add(403);
      out.add(415);
    }
  }
  // A redirecting callback answers every refusal with the failure page instead.
  if (e.success.some((s) => "redirect" in s)) return [...out].filter((s) => s === 400 || s === 413);
  return [...out].sort((a, b) => a - b);
}

function operationOf(e: Endpoint): ZodOpenApiOperationObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const s of e.success) {
    if ("redirect" in s) {
      responses[s.status] = {
        description: s.description,
        headers: z.object({ location: z.string().meta({ description: "Where the browser goes next" }) }),
      };
    } else if ("mediaType" in s) {
      responses[s.status] = { description: s.description, content: { [s.mediaType]: {} } };
    } else {
      responses[s.status] = {
        description: s.description,
        content: { "application/json": { schema: envelopeOf(s.data) } },
      };
    }
  }
  for (const status of errorStatuses(e)) {
    const data = e.errorData?.[status];
    responses[status] = {
      description:
        status === 409 && data
          ? "A stale edit: `data` is the record as it now is"
          : (STATUS_WORDS[status] ?? "Refused"),
      content: {
        "application/json": {
          schema: data ? errorEnvelopeSchema.extend({ data: data.optional() }) : errorEnvelopeSchema,
        },
      },
    };
  }
  const op: ZodOpenApiOperationObject = {
    operationId: `${e.method}${e.path
      .replace(/^\/api/, "")
      .replace(/\{(\w+)\}/g, "By-$1")
      .replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ""))}`,
    tags: [e.tag],
    summary: e.summary,
    description: [e.description, `**Who may call:** ${accessText(e.access)}`].filter(Boolean).join("\n\n"),
    security: e.access.who === "anyone" || e.access.who === "gateway" ? [] : [{ session: [] }],
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
  if (e.params || e.query) {
    op.requestParams = { ...(e.params ? { path: e.params } : {}), ...(e.query ? { query: e.query } : {}) };
  }
  if (e.body) op.requestBody = { required: true, content: { "application/json": { schema: e.body } } };
  if (e.upload) {
    const binary = { type: "string", format: "binary" } as const;
    op.requestBody = {
      required: true,
      description: e.upload.description,
      content: Object.fromEntries(
        e.upload.types.map((t) => [t, { schema: { ...binary, contentMediaType: t } }]),
      ),
    };
  }
  if (e.form) {
    op.requestBody = {
      content: {
        "application/x-www-form-urlencoded": { schema: e.form },
        "multipart/form-data": { schema: e.form },
        "application/json": { schema: e.form },
      },
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of ENDPOINTS. */
export function buildOpenApiDocument(opts: { version: string; serverUrl?: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) {
    paths[e.path] ??= {};
    const item = paths[e.path] as Record<string, ZodOpenApiOperationObject>;
    if (item[e.method]) throw new Error(`${e.method.toUpperCase()} ${e.path} is described twice`);
    item[e.method] = operationOf(e);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Pathagar API",
      version: opts.version,
      description: [
        "The shop's REST contract. Every answer is the envelope `{ statusCode, message, data?, errors? }`",
        "with the HTTP status equal to `statusCode`. Bad input gets 400 with a message per field in `errors`.",
        `Signing in sets the \`${SESSION_COOKIE}\` cookie (HttpOnly); send it back with each call.`,
        "Writes must come from the shop's own origin and carry a JSON body (the upload endpoints: the file itself, with its own type).",
        "Money is whole poisha (100 to the taka) in every answer; times are ISO 8601 in UTC.",
      ].join(" "),
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    tags: [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie set by sign-in and sign-up.",
        },
      },
    },
    paths,
  });
}

let cached: { version: string; doc: ReturnType<typeof buildOpenApiDocument> } | undefined;

/** The document, built once per version (it does not change while the server runs). */
export function openApiDocument(version: string) {
  if (cached?.version !== version) cached = { version, doc: buildOpenApiDocument({ version }) };
  return cached.doc;
}
