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
 * Which area guards an admin path: the longest matching prefix wins. `null` means any staff
 * member may open it (dashboard, search); "authority" is for admins only.
 */
const PATH_AREAS: [prefix: string, area: AdminArea | "authority" | null][] = [
  ["/admin/books/authors", "authors"],
  ["/admin/books", "books"],
  ["/admin/ebook", "books"],
  ["/admin/bundles", "bundles"],
  ["/admin/content", "content"],
  ["/admin/stationary", "stationery"],
  ["/admin/shop-orders", "stationery"],
  ["/admin/report/shop", "stationery"],
  ["/admin/coupon", "coupons"],
  ["/admin/orders", "orders"],
  ["/admin/playground", "orders"],
  ["/admin/invoice", "invoices"],
  ["/admin/report/apar-monthly", "invoices"],
  ["/admin/report", "reports"],
  ["/admin/users/authority", "authority"],
  ["/admin/users", "users"],
  ["/admin/search", null],
  ["/admin", null],
];

export function adminAreaForPath(pathname: string): AdminArea | "authority" | null {
  let best: [string, AdminArea | "authority" | null] | undefined;
  for (const entry of PATH_AREAS) {
    const [prefix] = entry;
    if (
      (pathname === prefix || pathname.startsWith(`${prefix}/`)) &&
      (!best || prefix.length > best[0].length)
    ) {
      best = entry;
    }
  }
  return best ? best[1] : null;
}

type Caller = Pick<PublicUser, "role" | "permissions"> | null | undefined;

export function isStaff(user: Caller): boolean {
  return user?.role === "staff" || user?.role === "admin";
}

/** Admins may do everything; staff what their permissions name; customers nothing. */
export function can(user: Caller, area: AdminArea | "authority" | null): boolean {
  if (!user) return false;
  if (user.role === "admin") return true;
  if (user.role !== "staff") return false;
  if (area === null) return true;
  if (area === "authority") return false;
  return user.permissions.includes(area);
}
