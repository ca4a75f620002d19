import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUser, PublicUser } from "../../src/contracts/user";
import { createHarness, type Harness, type TestUser } from "./harness";

type UserList = { items: AdminUser[]; total: number; page: number; limit: number };

let h: Harness;
let admin: TestUser;
let customer: TestUser;
let staffWithUsers: TestUser;
let staffWithoutUsers: TestUser;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin", name: "Head Admin" });
  customer = await h.createUser({ name: "Plain Customer" });
  staffWithUsers = await h.createUser({ role: "staff", permissions: ["users"], name: "Users Staff" });
  staffWithoutUsers = await h.createUser({
    role: "staff",
    permissions: ["books", "orders"],
    name: "Books Staff",
  });
});
afterAll(async () => {
  await h?.close();
});

const list = (query: string, cookie?: string) =>
  h.request<UserList>("GET", `/api/admin/users${query}`, { cookie });

describe("GET /api/admin/users", () => {
  it("answers 401 when signed out", async () => {
    const res = await list("");
    expect(res.status).toBe(401);
    expect(res.body.data).toBeUndefined();
  });

  it("answers 403 to a customer", async () => {
    const res = await list("", customer.cookie);
    expect(res.status).toBe(403);
    expect(res.body.data).toBeUndefined();
  });

  it("answers 403 to staff without the users permission", async () => {
    const res = await list("", staffWithoutUsers.cookie);
    expect(res.status).toBe(403);
    expect(res.body.statusCode).toBe(403);
  });

  it("answers 200 to staff with the users permission", async () => {
    const res = await list("", staffWithUsers.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data?.total).toBe(4);
  });

  it("answers 200 to an admin with items, total, page and limit, newest account first", async () => {
    const res = await list("", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(res.body.data?.items.map((u) => u.name)).toEqual([
      "Books Staff",
      "Users Staff",
      "Plain Customer",
      "Head Admin",
    ]);
  });

  it("shows each account's role and permissions and no password hash", async () => {
    const res = await list("", admin.cookie);
    const staff = res.body.data?.items.find((u) => u.id === staffWithoutUsers.user.id);
    expect(staff).toMatchObject({ role: "staff", permissions: ["books", "orders"] });
    expect(res.text).not.toMatch(/password|hash/i);
  });

  it("pages with page and limit", async () => {
    const res = await list("?page=2&limit=3", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(res.body.data?.items.map((u) => u.name)).toEqual(["Head Admin"]);
  });

  it("filters by a search on name or phone", async () => {
    const byName = await list("?q=staff", admin.cookie);
    expect(byName.body.data?.items.map((u) => u.name).sort()).toEqual(["Books Staff", "Users Staff"]);
    const byPhone = await list(`?q=${encodeURIComponent(`+88${customer.phone}`)}`, admin.cookie);
    expect(byPhone.body.data?.items.map((u) => u.id)).toEqual([customer.user.id]);
  });

  it("treats % and _ in the search as plain characters, not wildcards", async () => {
    for (const q of ["%", "_", "Users%Staff"]) {
      const res = await list(`?q=${encodeURIComponent(q)}`, admin.cookie);
      expect(res.status).toBe(200);
      expect(res.body.data?.total).toBe(0);
    }
  });

  it.each([
    ["limit=500", "limit", "limit must be 1 to 100"],
    ["limit=0", "limit", "limit must be 1 to 100"],
    ["page=0", "page", "page must be 1 or more"],
    ["page=abc", "page", "page must be a number"],
    ["page=1.5", "page", "page must be a whole number"],
  ])("answers 400 to %s", async (query, field, message) => {
    const res = await list(`?${query}`, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBe(message);
  });
});

describe("PUT /api/admin/users/:id/authority", () => {
  const setAuthority = (id: number | string, body: unknown, cookie?: string) =>
    h.request<PublicUser>("PUT", `/api/admin/users/${id}/authority`, { body, cookie });

  it("answers 401 when signed out and 403 to staff with the users permission", async () => {
    const target = await h.createUser();
    const body = { role: "staff", permissions: ["users"] };
    expect((await setAuthority(target.user.id, body)).status).toBe(401);
    expect((await setAuthority(target.user.id, body, staffWithUsers.cookie)).status).toBe(403);
    expect((await setAuthority(target.user.id, body, target.cookie)).status).toBe(403);
  });

  it("lets an admin make a customer staff, and the new staff member can list users at once", async () => {
    const target = await h.createUser();
    expect((await list("", target.cookie)).status).toBe(403);
    const res = await setAuthority(
      target.user.id,
      { role: "staff", permissions: ["users", "books"] },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: "staff", permissions: ["books", "users"] });
    expect((await list("", target.cookie)).status).toBe(200);
  });

  it("takes the permissions away again when the account goes back to customer", async () => {
    const target = await h.createUser({ role: "staff", permissions: ["users"] });
    const res = await setAuthority(
      target.user.id,
      { role: "customer", permissions: ["users"] },
      admin.cookie,
    );
    expect(res.body.data).toMatchObject({ role: "customer", permissions: [] });
    expect((await list("", target.cookie)).status).toBe(403);
  });

  it("refuses an admin's change of their own role with 409", async () => {
    const res = await setAuthority(admin.user.id, { role: "staff", permissions: [] }, admin.cookie);
    expect(res.status).toBe(409);
    expect((await list("", admin.cookie)).status).toBe(200);
  });

  it("answers 400 to an unknown role or permission", async () => {
    const target = await h.createUser();
    const badRole = await setAuthority(target.user.id, { role: "owner" }, admin.cookie);
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors?.role).toBeDefined();
    const badArea = await setAuthority(
      target.user.id,
      { role: "staff", permissions: ["root"] },
      admin.cookie,
    );
    expect(badArea.status).toBe(400);
  });

  it.each(["0", "abc", "99999999999"])("answers 400 to the id %s", async (id) => {
    const res = await setAuthority(id, { role: "staff", permissions: [] }, admin.cookie);
    expect(res.status).toBe(400);
    expect(res.body.errors?.id).toBeDefined();
  });

  it("answers 404 to an account that does not exist", async () => {
    const res = await setAuthority(999_999, { role: "staff", permissions: [] }, admin.cookie);
    expect(res.status).toBe(404);
  });
});

describe("admin endpoints under other spellings of their path", () => {
  // Hono matches case-sensitively after decoding: a variant either misses every route (404) or
  // reaches the endpoint, whose service checks the caller's permission again (403).
  const variants = (path: string) => [
    path.replace("/api/admin/", "/api/Admin/"),
    path.replace("/api/admin/", "/API/admin/"),
    path.toUpperCase(),
    path.replace("/admin/", "/%61dmin/"),
    path.replace("/admin/", "/admin/./"),
    path.replace("/admin/", "/admin/x/../"),
    path.replace("/admin/", "/admin/%2e/"),
    path.replace("/api/", "//api/"),
    `${path}/`,
  ];

  it("never lets staff without the orders permission change an order's status", async () => {
    const path = "/api/admin/orders/1/status";
    for (const p of [...variants(path), path.replace("orders", "%6frders")]) {
      const res = await h.request("PATCH", p, {
        cookie: staffWithUsers.cookie,
        body: { status: "processing", note: "x" },
      });
      expect([403, 404], `${p}: ${res.status}`).toContain(res.status);
    }
  });

  it("never lists the users to staff without the users permission", async () => {
    const path = "/api/admin/users";
    for (const p of [...variants(path), path.replace("users", "%75sers")]) {
      const res = await h.request("GET", p, { cookie: staffWithoutUsers.cookie });
      expect([403, 404], `${p}: ${res.status}`).toContain(res.status);
      expect(res.text).not.toContain(staffWithUsers.phone);
    }
  });

  it("never lets staff change an account's authority", async () => {
    const path = `/api/admin/users/${customer.user.id}/authority`;
    for (const p of [...variants(path), path.replace("authority", "%61uthority")]) {
      const res = await h.request("PUT", p, {
        cookie: staffWithUsers.cookie,
        body: { role: "staff", permissions: ["users"] },
      });
      expect([403, 404], `${p}: ${res.status}`).toContain(res.status);
    }
  });
});
