import { describe, expect, it } from "vitest";
import { ADMIN_AREAS, type AdminArea, adminAreaForPath, can, isStaff } from "./permissions";
import type { PublicUser } from "./user";

describe("adminAreaForPath", () => {
  it.each<[string, AdminArea | "authority" | null]>([
    ["/admin", null],
    ["/admin/search", null],
    ["/admin/books", "books"],
    ["/admin/books/create", "books"],
    ["/admin/books/12/pages", "books"],
    ["/admin/books/ebooks", "books"],
    ["/admin/books/authors", "authors"],
    ["/admin/books/authors/7", "authors"],
    ["/admin/ebook", "books"],
    ["/admin/bundles/3/sales", "bundles"],
    ["/admin/content/9/chapters", "content"],
    ["/admin/stationary", "stationery"],
    ["/admin/shop-orders/bmd", "stationery"],
    ["/admin/report/shop", "stationery"],
    ["/admin/coupon/bulk", "coupons"],
    ["/admin/orders/print", "orders"],
    ["/admin/playground", "orders"],
    ["/admin/invoice/5/print", "invoices"],
    ["/admin/invoice/apar-monthly/2025-01", "invoices"],
    ["/admin/report/apar-monthly", "invoices"],
    ["/admin/report", "reports"],
    ["/admin/users", "users"],
    ["/admin/users/authority", "authority"],
  ])("puts %s in area %s (the longest matching prefix)", (path, area) => {
    expect(adminAreaForPath(path)).toBe(area);
  });

  it("matches whole path segments only: /admin/booksx is not under /admin/books", () => {
    expect(adminAreaForPath("/admin/booksx")).toBeNull();
    expect(adminAreaForPath("/admin/usersauthority")).toBeNull();
    expect(adminAreaForPath("/admin/reports")).toBeNull();
  });

  it("gives no area to paths outside /admin", () => {
    expect(adminAreaForPath("/")).toBeNull();
    expect(adminAreaForPath("/books")).toBeNull();
  });
});

const user = (role: PublicUser["role"], permissions: string[] = []) => ({ role, permissions });

describe("can", () => {
  it("refuses everything to nobody", () => {
    expect(can(null, null)).toBe(false);
    expect(can(undefined, "books")).toBe(false);
  });

  it("refuses everything to a customer, even one with permissions in the row", () => {
    const customer = user("customer", [...ADMIN_AREAS]);
    for (const area of [...ADMIN_AREAS, "authority" as const, null]) expect(can(customer, area)).toBe(false);
  });

  it("lets staff into areas their permissions name and no other", () => {
    const staff = user("staff", ["books", "orders"]);
    expect(can(staff, "books")).toBe(true);
    expect(can(staff, "orders")).toBe(true);
    expect(can(staff, "users")).toBe(false);
    expect(can(staff, "authors")).toBe(false);
  });

  it("lets any staff member into the areas of no permission (dashboard, search)", () => {
    expect(can(user("staff"), null)).toBe(true);
  });

  it("keeps authority for admins: staff never get it, whatever they hold", () => {
    expect(can(user("staff", [...ADMIN_AREAS, "authority"]), "authority")).toBe(false);
    expect(can(user("admin"), "authority")).toBe(true);
  });

  it("lets an admin into every area without listed permissions", () => {
    const admin = user("admin");
    for (const area of [...ADMIN_AREAS, "authority" as const, null]) expect(can(admin, area)).toBe(true);
  });
});

describe("isStaff", () => {
  it("counts staff and admins, not customers or nobody", () => {
    expect(isStaff(user("staff"))).toBe(true);
    expect(isStaff(user("admin"))).toBe(true);
    expect(isStaff(user("customer"))).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});
