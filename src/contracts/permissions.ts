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
  books: "Books",
  authors: "Authors",
  bundles: "Bundles",
  content: "Content",
  stationery: "Stationery",
  coupons: "Coupons",
  orders: "Orders",
  invoices: "Invoices",
  reports: "Reports",
  users: "Users",
};

/**
 * Who may open an admin page: staff holding an area's permission, `null` for any staff member
 * (dashboard, search), "authority" for admins only.
 */
export type AdminAccess = AdminArea | "authority" | null;

/**
 * Every admin page, by the route pattern the router matched (src/web/routes.ts, joined as React
 * Router joins them), with who may open it. The guard decides on the matched route, never on the
 * URL's text: the router matches without regard to case and after decoding, so `/Admin/%6frders`
 * is the orders page. A page missing here opens to admins only (a unit test walks the route table
 * so none is forgotten).
 */
export const ADMIN_PAGES: Readonly<Record<string, AdminAccess>> = {
  "/admin": null,
  "/admin/search": null,
  "/admin/books": "books",
  "/admin/books/create": "books",
  "/admin/books/ebooks": "books",
  "/admin/books/:id": "books",
  "/admin/books/:id/demo": "books",
  "/admin/books/:id/pages": "books",
  "/admin/books/:id/reviews": "books",
  "/admin/books/:id/sales": "books",
  "/admin/ebook": "books",
  "/admin/books/authors": "authors",
  "/admin/bundles": "bundles",
  "/admin/bundles/create": "bundles",
  "/admin/bundles/:id": "bundles",
  "/admin/bundles/:id/sales": "bundles",
  "/admin/content": "content",
  "/admin/content/create": "content",
  "/admin/content/:id": "content",
  "/admin/content/:id/chapters": "content",
  "/admin/stationary": "stationery",
  "/admin/shop-orders": "stationery",
  "/admin/shop-orders/bmd": "stationery",
  "/admin/report/shop": "stationery",
  "/admin/coupon": "coupons",
  "/admin/coupon/bulk": "coupons",
  "/admin/orders": "orders",
  "/admin/orders/cycle": "orders",
  "/admin/orders/ebook": "orders",
  "/admin/orders/sources": "orders",
  "/admin/orders/print": "orders",
  "/admin/orders/:id": "orders",
  "/admin/playground": "orders",
  "/admin/invoice": "invoices",
  "/admin/invoice/:id": "invoices",
  "/admin/invoice/:id/print": "invoices",
  "/admin/invoice/apar-monthly/:month": "invoices",
  "/admin/report/apar-monthly": "invoices",
  "/admin/report": "reports",
  "/admin/users": "users",
  "/admin/users/authority": "authority",
};

/** Who may open the admin page of a matched route pattern; an unlisted pattern is for admins only. */
export function adminAccessForRoute(pattern: string): AdminAccess {
  // The router joins the matched paths below a root of path "": "admin/orders/:id".
  const key = pattern.startsWith("/") ? pattern : `/${pattern}`;
  return Object.hasOwn(ADMIN_PAGES, key) ? (ADMIN_PAGES[key] as AdminAccess) : "authority";
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
