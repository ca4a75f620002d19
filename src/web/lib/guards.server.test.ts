import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { UNKNOWN_ROUTE_MIDDLEWARE } from "../../contracts/messages";
import { ADMIN_AREAS, ADMIN_PAGES } from "../../contracts/permissions";
import type { PublicUser } from "../../contracts/user";
import type { Ctx } from "../../server/services/context";
import { matchRoute } from "../routes.testing";
import { appContext } from "./app-context.server";
import { routeMiddleware } from "./guards.server";

const person = (role: PublicUser["role"], permissions: string[] = []): PublicUser => ({
  id: 1,
  name: "Test",
  phone: "01712345678",
  email: null,
  email_confirmed: false,
  hsc_batch: "HSC 2025",
  phone_verified: true,
  role,
  permissions,
  locale: "en",
});

/**
 * Runs the named guards for a request to `path` by `user`, with the route pattern React Router
 * matches for that path in the real route table (or `pattern` when given); answers what `next`
 * answered or what was thrown.
 */
async function run(names: string[], path: string, user: PublicUser | null, pattern?: string) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    ctx: {
      user,
      now: () => new Date(),
      config: {
        SHOP_NAME: "Pathagar",
        DELIVERY_DAYS_DHAKA: { min: 1, max: 2 },
        DELIVERY_DAYS_OUTSIDE: { min: 3, max: 5 },
      },
    } as unknown as Ctx,
    requestId: "test",
    buildVersion: "test",
    origin: "http://shop.test",
  });
  // Written after the origin, as the server reads a request line: "//admin" is a path, not a host.
  const url = new URL(`http://shop.test${path}`);
  const matched = pattern ?? matchRoute(url.pathname)?.pattern;
  if (matched === undefined) throw new Error(`no route matches ${path}`);
  const next = vi.fn(async () => new Response("page"));
  const [middleware] = routeMiddleware(...names);
  try {
    const result = await middleware!(
      { request: new Request(url), url, pattern: matched, params: {}, context },
      next,
    );
    return { passed: true as const, result, next };
  } catch (thrown) {
    return { passed: false as const, thrown, next };
  }
}

/** The status of a thrown redirect (a Response) or of `data(..., { status })`. */
function statusOf(thrown: unknown): number | undefined {
  if (thrown instanceof Response) return thrown.status;
  const d = thrown as { type?: string; init?: ResponseInit | null } | undefined;
  if (d?.type === "DataWithResponseInit") return d.init?.status;
  return undefined;
}

describe("routeMiddleware", () => {
  it("rejects an unknown guard name with 'Unknown route middleware'", async () => {
    const out = await run(["nope"], "/cart", person("admin"));
    expect(out.passed).toBe(false);
    expect(out.thrown).toBeInstanceOf(Error);
    expect((out.thrown as Error).message).toBe(UNKNOWN_ROUTE_MIDDLEWARE);
    expect(out.next).not.toHaveBeenCalled();
  });

  it("rejects an unknown name even after known ones pass", async () => {
    const out = await run(["auth", "nope"], "/cart", person("customer"));
    expect((out.thrown as Error).message).toBe(UNKNOWN_ROUTE_MIDDLEWARE);
  });

  it("runs the page and answers its response when every guard passes", async () => {
    const out = await run(["auth"], "/cart", person("customer"));
    expect(out.passed).toBe(true);
    expect(out.next).toHaveBeenCalledTimes(1);
    expect(await (out.result as Response).text()).toBe("page");
  });
});

describe("the auth guard", () => {
  it("redirects a signed-out request to /auth/login?redirect=<path and query>", async () => {
    const out = await run(["auth"], "/cart/checkout?coupon=EID", null);
    expect(out.passed).toBe(false);
    const res = out.thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(
      `/auth/login?redirect=${encodeURIComponent("/cart/checkout?coupon=EID")}`,
    );
    expect(out.next).not.toHaveBeenCalled();
  });
});

describe("the guest guard", () => {
  it("sends a signed-in visitor home", async () => {
    const out = await run(["guest"], "/auth/login", person("customer"));
    expect((out.thrown as Response).headers.get("Location")).toBe("/");
  });

  it("lets a signed-out visitor in", async () => {
    expect((await run(["guest"], "/auth/login", null)).passed).toBe(true);
  });
});

describe("the admin guard", () => {
  it("redirects a signed-out request to sign in", async () => {
    const out = await run(["admin"], "/admin/users", null);
    expect(statusOf(out.thrown)).toBe(302);
    expect((out.thrown as Response).headers.get("Location")).toBe("/auth/login?redirect=%2Fadmin%2Fusers");
  });

  it("answers 403 to a customer, even on the dashboard", async () => {
    const out = await run(["admin"], "/admin", person("customer"));
    expect(out.passed).toBe(false);
    expect(statusOf(out.thrown)).toBe(403);
    // The refusal carries the signed-in user for the error page's header (no loader runs).
    expect((out.thrown as { data: unknown }).data).toMatchObject({
      message: "You don't have access to this page",
      root: { user: { role: "customer" }, shopName: "Pathagar", owned: [] },
    });
    expect(out.next).not.toHaveBeenCalled();
  });

  it("lets an admin into every area", async () => {
    for (const path of ["/admin", "/admin/users/authority", "/admin/books/3", "/admin/invoice/1/print"]) {
      expect((await run(["admin"], path, person("admin"))).passed).toBe(true);
    }
  });

  it("lets staff into the areas their permissions name", async () => {
    const out = await run(["admin"], "/admin/orders/12", person("staff", ["orders"]));
    expect(out.passed).toBe(true);
  });

  it("answers 403 to staff outside their permissions", async () => {
    const out = await run(["admin"], "/admin/users", person("staff", ["orders"]));
    expect(statusOf(out.thrown)).toBe(403);
  });

  it("shows a refused staff member the error page in the back office's layout, a customer in the shop's", async () => {
    const staff = await run(["admin"], "/admin/users", person("staff", ["orders"]));
    expect((staff.thrown as { data: unknown }).data).toMatchObject({
      message: "You don't have access to this page",
      layout: "admin",
    });
    const customer = await run(["admin"], "/admin", person("customer"));
    expect((customer.thrown as { data: object }).data).not.toHaveProperty("layout");
  });

  it("answers 403 to staff on the authority page whatever they hold", async () => {
    const out = await run(["admin"], "/admin/users/authority", person("staff", ["users"]));
    expect(statusOf(out.thrown)).toBe(403);
  });

  it("lets any staff member onto the dashboard and search", async () => {
    expect((await run(["admin"], "/admin", person("staff"))).passed).toBe(true);
    expect((await run(["admin"], "/admin/search", person("staff"))).passed).toBe(true);
  });
});

describe("the admin guard decides on the route the router matched, not on the URL's text", () => {
  // Each reaches an orders or invoices page: the router matches without regard to case, after
  // decoding, and the URL parser has already removed dot segments.
  const variants = [
    "/Admin/orders/1",
    "/ADMIN/ORDERS",
    "/admin/ORDERS/1",
    "/admin/%6frders",
    "/admin/%6F%72%64%65%72%73/1",
    "/%61dmin/invoice/1/print",
    "/admin/Invoice/1/Print",
    "/admin/./orders",
    "/admin/orders/../orders/1",
    "/admin/%2e/orders",
    "/admin/x/%2e%2e/orders/print",
    "/admin/orders/",
    "/admin/orders/1/",
    "/admin/Orders/Print",
    "/admin/invoice/APAR-MONTHLY/2025-01",
    "/admin/report/Apar-Monthly",
  ];

  it.each(variants)("%s reaches an orders or invoices page", (path) => {
    const matched = matchRoute(new URL(`http://shop.test${path}`).pathname);
    expect(matched?.ids).toContain("layouts/guard-admin.tsx");
    expect(matched?.pattern).toMatch(/^admin\/(orders|invoice|report\/apar-monthly)/);
  });

  it.each(variants)("answers 403 to staff without orders and invoices on %s", async (path) => {
    const out = await run(["admin"], path, person("staff", ["books", "users", "reports"]));
    expect(statusOf(out.thrown)).toBe(403);
    expect(out.next).not.toHaveBeenCalled();
  });

  it.each(variants)("lets staff with orders and invoices open %s", async (path) => {
    expect((await run(["admin"], path, person("staff", ["orders", "invoices"]))).passed).toBe(true);
  });

  it.each(variants)("lets an admin open %s", async (path) => {
    expect((await run(["admin"], path, person("admin"))).passed).toBe(true);
  });

  it("keeps the authority page for admins under any spelling", async () => {
    for (const path of ["/Admin/Users/Authority", "/admin/users/%61uthority", "/admin/./users/authority"]) {
      expect(statusOf((await run(["admin"], path, person("staff", ["users"]))).thrown)).toBe(403);
      expect((await run(["admin"], path, person("admin"))).passed).toBe(true);
    }
  });

  it("never reaches an admin page through a path the router does not match as one", () => {
    for (const path of ["//admin/orders", "/admin/orders%2F1", "/admin;/orders", "/admin/orders/1/x"]) {
      const matched = matchRoute(new URL(`http://shop.test${path}`).pathname);
      expect(matched?.ids ?? []).not.toContain("layouts/guard-admin.tsx");
    }
  });

  it("opens a page missing from the table of admin pages to admins only", async () => {
    const staff = person("staff", ["books", "orders", "invoices", "users", "reports"]);
    expect(statusOf((await run(["admin"], "/admin/new", staff, "admin/new")).thrown)).toBe(403);
    expect((await run(["admin"], "/admin/new", person("admin"), "admin/new")).passed).toBe(true);
  });
});

/**
 * The access matrix of the admin pages, generated from ADMIN_PAGES (the API's endpoints have
 * theirs in tests/api/access-matrix.test.ts): every page, with a real value for each parameter,
 * tried signed out, as a customer, as staff without its area, as staff with only its area and as
 * an admin.
 */
describe("the admin pages' access matrix", () => {
  const pathOf = (pattern: string) =>
    pattern.replace(/:(\w+)/g, (_, name: string) =>
      name === "month" ? "2031-03" : name === "slug" ? "about" : "7",
    );
  for (const [pattern, { access }] of Object.entries(ADMIN_PAGES)) {
    it(`${pattern} (${access ?? "any staff"})`, async () => {
      const path = pathOf(pattern);
      const signedOut = await run(["admin"], path, null);
      expect(statusOf(signedOut.thrown), "signed out").toBe(302);
      expect(statusOf((await run(["admin"], path, person("customer"))).thrown), "a customer").toBe(403);
      const others = ADMIN_AREAS.filter((a) => a !== access);
      const without = await run(["admin"], path, person("staff", access === null ? [] : others));
      if (access === null) expect(without.passed, "staff holding nothing").toBe(true);
      else expect(statusOf(without.thrown), "staff holding every area but this").toBe(403);
      if (access !== null && pattern.includes(":")) {
        // Permission before existence: an id that names nothing (or is no id) is refused the
        // same way, before any loader could say it is missing.
        for (const value of ["999999999", "no-such"]) {
          const other = pattern.replace(/:(\w+)/g, value);
          const refused = await run(
            ["admin"],
            other,
            person("staff", access === "authority" ? [...ADMIN_AREAS] : others),
          );
          expect(statusOf(refused.thrown), `staff without the area on ${other}`).toBe(403);
          expect(refused.next).not.toHaveBeenCalled();
        }
      }
      if (access !== null && access !== "authority") {
        expect((await run(["admin"], path, person("staff", [access]))).passed, "staff holding it").toBe(true);
      }
      if (access === "authority") {
        expect(
          statusOf((await run(["admin"], path, person("staff", [...ADMIN_AREAS]))).thrown),
          "staff",
        ).toBe(403);
      }
      expect((await run(["admin"], path, person("admin"))).passed, "an admin").toBe(true);
    });
  }
});
