import { describe, expect, it } from "vitest";
import {
  ADMIN_AREAS,
  ADMIN_MENU,
  ADMIN_PAGES,
  type AdminAccess,
  adminAccessForRoute,
  can,
  isStaff,
} from "./permissions";
import type { PublicUser } from "./user";

describe("adminAccessForRoute", () => {
  it.each<[string, AdminAccess]>([
    ["/admin", null],
    ["/admin/search", null],
    ["/admin/books", "books"],
    ["/admin/books/create", "books"],
    ["/admin/books/:id/pages", "books"],
    ["/admin/books/ebooks", "books"],
    ["/admin/books/authors", "authors"],
    ["/admin/ebook", "books"],
    ["/admin/bundles/:id/sales", "bundles"],
    ["/admin/content/:id/chapters", "content"],
    ["/admin/stationary", "stationery"],
    ["/admin/shop-orders/bmd", "stationery"],
    ["/admin/report/shop", "stationery"],
    ["/admin/coupon/bulk", "coupons"],
    ["/admin/orders/print", "orders"],
    ["/admin/orders/:id", "orders"],
    ["/admin/playground", "orders"],
    ["/admin/invoice/:id/print", "invoices"],
    ["/admin/invoice/apar-monthly/:month", "invoices"],
    ["/admin/report/apar-monthly", "invoices"],
    ["/admin/report", "reports"],
    ["/admin/users", "users"],
    ["/admin/users/authority", "authority"],
  ])("gives the page %s to %s", (pattern, access) => {
    expect(adminAccessForRoute(pattern)).toBe(access);
  });

  it("reads the pattern as the router gives it, without the leading slash", () => {
    expect(adminAccessForRoute("admin/orders/:id")).toBe("orders");
    expect(adminAccessForRoute("admin")).toBeNull();
  });

  it("keeps a page the table does not list for admins only, never for any staff member", () => {
    expect(adminAccessForRoute("/admin/new-page")).toBe("authority");
    expect(adminAccessForRoute("admin/orders/:id/refund")).toBe("authority");
    expect(adminAccessForRoute("/")).toBe("authority");
  });

  it("matches patterns exactly: a URL's text is not a pattern", () => {
    expect(adminAccessForRoute("/admin/orders/1")).toBe("authority");
    expect(adminAccessForRoute("/Admin/orders")).toBe("authority");
    expect(adminAccessForRoute("/admin/%6frders")).toBe("authority");
    expect(adminAccessForRoute("/admin/orders/")).toBe("authority");
  });

  it("is not fooled by the names of object properties", () => {
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(adminAccessForRoute(key)).toBe("authority");
    }
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

describe("ADMIN_MENU (the admin menu and the dashboard's tiles)", () => {
  it("is the table's pages that carry a label, in the table's order, each with the page's own access", () => {
    expect(ADMIN_MENU.map((m) => m.to)).toEqual(
      Object.entries(ADMIN_PAGES)
        .filter(([, page]) => page.menu)
        .map(([to]) => to),
    );
    for (const m of ADMIN_MENU) expect(adminAccessForRoute(m.to), m.to).toBe(m.access);
  });

  it("shows staff only the pages they may open", () => {
    const staff = { role: "staff" as const, permissions: ["orders" as const] };
    expect(ADMIN_MENU.filter((m) => can(staff, m.access)).map((m) => m.label)).toEqual([
      "Dashboard",
      "Orders",
      "Pricing playground",
      "Search",
    ]);
    const admin = { role: "admin" as const, permissions: [] };
    expect(ADMIN_MENU.filter((m) => can(admin, m.access))).toHaveLength(ADMIN_MENU.length);
  });
});
