import { describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "../contracts/permissions";
import { listRouteLeaves } from "./routes.testing";

const GUARD = "layouts/guard-admin.tsx";
const leaves = listRouteLeaves();
const adminLeaves = leaves.filter((r) => r.layouts.includes(GUARD));

describe("the route table and the table of admin pages", () => {
  it("finds the admin routes below the admin guard", () => {
    expect(adminLeaves.length).toBeGreaterThan(30);
    expect(adminLeaves.map((r) => r.pattern)).toContain("admin/orders/:id");
  });

  it("lists every admin route in the table of admin pages (an unlisted one opens to admins only)", () => {
    const missing = adminLeaves.map((r) => `/${r.pattern}`).filter((p) => !Object.hasOwn(ADMIN_PAGES, p));
    expect(missing).toEqual([]);
  });

  it("lists no page in the table that the route table does not have below the guard", () => {
    const guarded = new Set(adminLeaves.map((r) => `/${r.pattern}`));
    expect(Object.keys(ADMIN_PAGES).filter((p) => !guarded.has(p))).toEqual([]);
  });

  it("puts every route under /admin below the admin guard, whatever its case", () => {
    const outside = leaves
      .filter((r) => /^admin(\/|$)/i.test(r.pattern) && !r.layouts.includes(GUARD))
      .map((r) => r.pattern);
    expect(outside).toEqual([]);
  });
});
