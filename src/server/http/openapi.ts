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
import {
  adminProductPageSchema,
  adminProductSchema,
  bulkResultSchema,
  stockLedgerSchema,
} from "../../contracts/admin-answers";
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
import {
  authorSchema,
  cartInfoSchema,
  chapterReaderSchema,
  checkoutResultSchema,
  codeSentSchema,
  courierSyncSchema,
  courseChaptersSchema,
  courseProgressSchema,
  ebookOutlineSchema,
  ebookReaderSchema,
  envelopeFields,
  envelopeOf,
  errorEnvelopeSchema,
  invoiceViewSchema,
  myLibrarySchema,
  orderFulfilmentSchema,
  orderViewSchema,
  paymentNoticeAnswerSchema,
  productDetailSchema,
  productPageSchema,
  publicUserSchema,
  referralReportSchema,
  reviewAnswerSchema,
  reviewPageSchema,
  reviewVisibilitySchema,
  savedProgressSchema,
  suggestionSchema,
  trackingViewSchema,
  userPageSchema,
  versionSchema,
} from "../../contracts/answers";
import {
  forgetPasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  verifyPhoneSchema,
} from "../../contracts/auth";
import { authoritySchema, usersQuerySchema } from "../../contracts/authority";
import {
  cartAddSchema,
  cartInfoQuerySchema,
  cartLineSchema,
  cartQuantitySchema,
  couponCodeSchema,
} from "../../contracts/cart";
import { listQuerySchema, searchQuerySchema, slugParams } from "../../contracts/catalog-query";
import { checkoutSchema } from "../../contracts/checkout";
import { chapterDoneInputSchema } from "../../contracts/courses";
import { consignmentSchema, orderStatusChangeSchema } from "../../contracts/fulfilment";
import { idField, idParams } from "../../contracts/paging";
import { PAYMENT_RETURNS, paymentCallbackFields, paymentCallbackParams } from "../../contracts/payments";
import type { AdminArea } from "../../contracts/permissions";
import { progressInputSchema } from "../../contracts/reading";
import { reviewModerationSchema, reviewSchema, reviewsQuerySchema } from "../../contracts/reviews";
import { z } from "../../contracts/zod";
import { SESSION_COOKIE } from "../services/sessions";

type Method = "get" | "post" | "put" | "patch" | "delete";
type ZodObject = z.ZodObject;

/** Who may call an endpoint; `staff` names the admin area whose permission it needs (admins hold all). */
export type Access =
  | { who: "anyone" }
  | { who: "signed-in" }
  | { who: "staff"; permission: AdminArea }
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
  success: Success[];
  /** Refusals this endpoint gives beyond those its access, parameters and body imply. */
  errors?: number[];
  /** A body that is not JSON (the books import's CSV file): its media type. */
  rawBody?: { mediaType: string; description: string };
  /** Refusals that may carry a `data` (the import's per-row report on a 400), by status. */
  errorData?: Partial<Record<number, z.ZodType>>;
};

const anyone: Access = { who: "anyone" };
const signedIn: Access = { who: "signed-in" };
const staff = (permission: AdminArea): Access => ({ who: "staff", permission });
const ok = (description: string, data?: z.ZodType): Success => ({ status: 200, description, data });
const created = (description: string, data?: z.ZodType): Success => ({ status: 201, description, data });

const cnParams = z.object({
  cn: z.string().meta({ description: "The consignment number, as printed on the parcel" }),
});
const returnParams = paymentCallbackParams.extend({ outcome: z.enum(PAYMENT_RETURNS) });
const listOf = <T extends z.ZodType>(item: T) => z.array(item);

/** Every endpoint under /api, in the order the reference page shows them. */
export const ENDPOINTS: Endpoint[] = [
  // ---- accounts
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    access: anyone,
    body: registerSchema,
    success: [created("The account, signed in (the session cookie is set)", publicUserSchema)],
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Accounts",
    summary: "Sign in with phone or email and password",
    access: anyone,
    body: loginSchema,
    success: [ok("Signed in (the session cookie is set)", publicUserSchema)],
    errors: [401, 429],
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
    path: "/api/auth/verify/send",
    tag: "Accounts",
    summary: "Send a 6-digit code by SMS to the caller's phone",
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
    description: "Answers the same whether or not the number has an account.",
    access: anyone,
    body: forgetPasswordSchema,
    success: [ok("A code was sent if the number has an account")],
    errors: [429],
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
      success: [ok("One page of product cards, prices in taka", productPageSchema)],
    },
    {
      method: "get",
      path: `/api/${area}/{id}`,
      tag: "Catalogue",
      summary: `One of the ${area}, with its details and related products`,
      access: anyone,
      params: idParams,
      success: [ok("The product, prices in taka", productDetailSchema)],
    },
  ]),
  {
    method: "get",
    path: "/api/bundles",
    tag: "Catalogue",
    summary: "List bundles: filters, sort and paging",
    access: anyone,
    query: listQuerySchema,
    success: [ok("One page of product cards, prices in taka", productPageSchema)],
  },
  {
    method: "get",
    path: "/api/bundles/{slug}",
    tag: "Catalogue",
    summary: "One bundle, with what it holds and what it saves",
    access: anyone,
    params: slugParams,
    success: [ok("The bundle, prices in taka", productDetailSchema)],
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
    summary: "Search every kind of product (typo-tolerant, Bangla and English)",
    access: anyone,
    query: z.object({ ...listQuerySchema.shape, ...searchQuerySchema.shape }),
    success: [ok("One page of matches, prices in taka", productPageSchema)],
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

  // ---- cart
  {
    method: "get",
    path: "/api/cart/info",
    tag: "Cart",
    summary: "The caller's cart, priced for a district",
    access: signedIn,
    query: cartInfoQuerySchema,
    success: [ok("The priced cart, money in taka", cartInfoSchema)],
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
  // ---- staff
  {
    method: "get",
    path: "/api/admin/users",
    tag: "Staff",
    summary: "List accounts, optionally searching name, phone and email",
    access: staff("users"),
    query: usersQuerySchema,
    success: [ok("One page of accounts", userPageSchema)],
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

/** Books as CSV: the list's view exported, a file of books checked or imported, the template. */
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
      rawBody: { mediaType: "text/csv", description: "The CSV file, with a header row" },
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
  503: "A service we depend on (gateway, courier) did not answer; nothing changed",
};

function accessText(access: Access): string {
  switch (access.who) {
    case "anyone":
      return "Anyone; signed in or not.";
    case "signed-in":
      return "A signed-in account (any role).";
    case "staff":
      return `Staff holding the \`${access.permission}\` permission, or an admin.`;
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
  if (e.access.who !== "anyone" && e.access.who !== "gateway") out.add(401);
  if (e.access.who === "staff" || e.access.who === "admin") out.add(403);
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
      description: STATUS_WORDS[status] ?? "Refused",
      content: {
        "application/json": {
          schema: data ? envelopeFields.extend({ data: data.optional() }) : errorEnvelopeSchema,
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
  if (e.rawBody) {
    op.requestBody = {
      required: true,
      description: e.rawBody.description,
      content: { [e.rawBody.mediaType]: { schema: z.string() } },
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
        "Writes must come from the shop's own origin and carry a JSON body.",
        "Money: catalogue and cart answers are in taka; orders, invoices and reports in poisha.",
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
