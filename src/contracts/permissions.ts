import type { PublicUser } from "./user";

/** One permission per admin area; staff hold a set of them, admins hold all. */
export const ADMIN_AREAS = [
  "books",
  "authors",
  "bundles",
  "content",
  "stationery",
  "coupons",
  "orders",
  "invoices",
  "reports",
  "users",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export const ADMIN_AREA_LABELS: Record<AdminArea, string> = {
  books: /*i18n*/ "Books",
  authors: /*i18n*/ "Authors",
  bundles: /*i18n*/ "Bundles",
  content: /*i18n*/ "Content",
  stationery: /*i18n*/ "Stationery",
  coupons: /*i18n*/ "Coupons",
  orders: /*i18n*/ "Orders",
  invoices: /*i18n*/ "Invoices",
  reports: /*i18n*/ "Reports",
  users: /*i18n*/ "Users",
};

/**
 * Who may open an admin page: staff holding an area's permission, `null` for any staff member
 * (dashboard, search), "authority" for admins only.
 */
export type AdminAccess = AdminArea | "authority" | null;

/** An admin page: who may open it, and its label when it is in the admin menu. */
export type AdminPage = { access: AdminAccess; menu?: string };

/**
 * Every admin page, by the route pattern the router matched (src/web/routes.ts, joined as React
 * Router joins them), with who may open it and, for the pages in the admin menu, its label. The
 * guard, the admin menu and the dashboard's tiles all read this one table. The guard decides on
 * the matched route, never on the URL's text: the router matches without regard to case and after
 * decoding, so `/Admin/%6frders` is the orders page. A page missing here opens to admins only (a
 * unit test walks the route table so none is forgotten). The menu lists its pages in this order.
 */
export const ADMIN_PAGES: Readonly<Record<string, AdminPage>> = {
  "/admin": { access: null, menu: /*i18n*/ "Dashboard" },
  "/admin/orders": { access: "orders", menu: /*i18n*/ "Orders" },
  "/admin/orders/couriers": { access: "orders" },
  "/admin/orders/cycle": { access: "orders" },
  "/admin/orders/ebook": { access: "orders" },
  "/admin/orders/sources": { access: "orders" },
  "/admin/orders/cod-risk": { access: "orders" },
  "/admin/orders/print": { access: "orders" },
  "/admin/orders/new": { access: "orders" },
  "/admin/orders/:id": { access: "orders" },
  "/admin/shop-orders": { access: "stationery", menu: /*i18n*/ "Shop orders" },
  "/admin/shop-orders/bmd": { access: "stationery" },
  "/admin/report/shop": { access: "stationery" },
  "/admin/books": { access: "books", menu: ADMIN_AREA_LABELS.books },
  "/admin/books/create": { access: "books" },
  "/admin/books/ebooks": { access: "books" },
  "/admin/books/import": { access: "books" },
  "/admin/books/:id": { access: "books" },
  "/admin/books/:id/demo": { access: "books" },
  "/admin/books/:id/pages": { access: "books" },
  "/admin/books/:id/reviews": { access: "books" },
  "/admin/books/:id/sales": { access: "books" },
  "/admin/books/authors": { access: "authors", menu: ADMIN_AREA_LABELS.authors },
  "/admin/ebook": { access: "books", menu: /*i18n*/ "E-books" },
  "/admin/bundles": { access: "bundles", menu: ADMIN_AREA_LABELS.bundles },
  "/admin/bundles/create": { access: "bundles" },
  "/admin/bundles/:id": { access: "bundles" },
  "/admin/bundles/:id/sales": { access: "bundles" },
  "/admin/content": { access: "content", menu: ADMIN_AREA_LABELS.content },
  "/admin/content/create": { access: "content" },
  "/admin/content/:id": { access: "content" },
  "/admin/content/:id/chapters": { access: "content" },
  "/admin/stationary": { access: "stationery", menu: ADMIN_AREA_LABELS.stationery },
  "/admin/coupon": { access: "coupons", menu: ADMIN_AREA_LABELS.coupons },
  "/admin/coupon/bulk": { access: "coupons" },
  "/admin/invoice": { access: "invoices", menu: ADMIN_AREA_LABELS.invoices },
  "/admin/invoice/:id": { access: "invoices" },
  "/admin/invoice/:id/print": { access: "invoices" },
  "/admin/invoice/apar-monthly/:month": { access: "invoices" },
  "/admin/report/apar-monthly": { access: "invoices" },
  "/admin/report": { access: "reports", menu: ADMIN_AREA_LABELS.reports },
  "/admin/playground": { access: "orders", menu: /*i18n*/ "Pricing playground" },
  "/admin/users": { access: "users", menu: ADMIN_AREA_LABELS.users },
  "/admin/users/authority": { access: "authority", menu: /*i18n*/ "Authority" },
  "/admin/users/:id": { access: "users" },
  // Every area's changes by every staff member: admins only.
  "/admin/audit": { access: "authority", menu: /*i18n*/ "Audit log" },
  // The six /info pages: edited by the staff who write the shop's published text (the content area).
  "/admin/info-pages": { access: "content", menu: /*i18n*/ "Info pages" },
  "/admin/info-pages/:slug": { access: "content" },
  "/admin/search": { access: null, menu: /*i18n*/ "Search" },
};

/** The admin menu: its pages in the table's order, each with who may open it. */
export const ADMIN_MENU: readonly { to: string; label: string; access: AdminAccess }[] = Object.entries(
  ADMIN_PAGES,
).flatMap(([to, page]) => (page.menu ? [{ to, label: page.menu, access: page.access }] : []));

/** Who may open the admin page of a matched route pattern; an unlisted pattern is for admins only. */
export function adminAccessForRoute(pattern: string): AdminAccess {
  // The router joins the matched paths below a root of path "": "admin/orders/:id".
  const key = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return Object.hasOwn(ADMIN_PAGES, key) ? (ADMIN_PAGES[key] as AdminPage).access : "authority";
}

type Caller = Pick<PublicUser, "role" | "permissions"> | null | undefined;

export function isStaff(user: Caller): boolean {
  return user?.role === "staff" || user?.role === "admin";
}

/** Admins may do everything; staff what their permissions name; customers nothing. */
export function can(user: Caller, area: AdminAccess): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  if (user.role !== "staff") return false;
  if (area === null) return true;
  if (area === "authority") return false;
  return user.permissions.includes(area);
}
