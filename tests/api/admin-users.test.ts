/**
 * The users area of the back office: the accounts list (search, filters, sort), one account's
 * page, and blocking an account — it cannot sign in by any path, its open sessions stop working at
 * once, a password reset does not let it back in, and the reason is audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_BLOCKED } from "../../src/contracts/admin-users";
import type { AdminUser, AdminUserDetail } from "../../src/contracts/user";
import { auditLog, sessions, users } from "../../src/server/db/schema";
import {
  ALREADY_BLOCKED,
  BLOCK_ADMIN,
  BLOCK_SELF,
  BLOCK_STAFF,
  NOT_BLOCKED,
} from "../../src/server/services/accounts/admin-users";
import { createSession, SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { checkout } from "./buying";
import { createEntitlement, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

type UserList = { items: AdminUser[]; total: number; page: number; limit: number };

let h: Harness;
let admin: TestUser;
let staff: TestUser;
let otherStaff: TestUser;
let noUsers: TestUser;
let rahim: TestUser;
let karim: TestUser;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin", name: "Head Admin" });
  staff = await h.createUser({ role: "staff", permissions: ["users"], name: "Users Staff" });
  otherStaff = await h.createUser({ role: "staff", permissions: ["books"], name: "Books Staff" });
  noUsers = await h.createUser({ role: "staff", permissions: ["orders"], name: "Orders Staff" });
  h.clock.advance(60_000);
  rahim = await h.createUser({ name: "Rahim Uddin", phone: "01712345678", email: "rahim@example.com" });
  h.clock.advance(60_000);
  karim = await h.createUser({ name: "karim Hasan", phone: "01812000111" });
  await h.db.update(users).set({ phoneVerifiedAt: h.clock.now() }).where(eq(users.id, rahim.user.id));
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const list = (query: string, cookie = staff.cookie) =>
  h.request<UserList>("GET", `/api/admin/users${query}`, { cookie });
const names = (res: { body: { data?: UserList } }) => res.body.data?.items.map((u) => u.name);
const block = (id: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminUser>("POST", `/api/admin/users/${id}/block`, { cookie, body });
const unblock = (id: number, body: unknown, cookie = staff.cookie) =>
  h.request<AdminUser>("POST", `/api/admin/users/${id}/unblock`, { cookie, body });
const blockedAt = async (id: number) =>
  (await h.db.select({ at: users.blockedAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
const sessionCount = async (id: number) =>
  (await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, id))).length;

describe("GET /api/admin/users", () => {
  it("answers camelCase accounts, newest first", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(names(res)?.slice(0, 2)).toEqual(["karim Hasan", "Rahim Uddin"]);
    const row = res.body.data?.items.find((u) => u.id === rahim.user.id);
    expect(row).toMatchObject({
      phone: "01712345678",
      email: "rahim@example.com",
      hscBatch: "HSC 2025",
      phoneVerified: true,
      role: "customer",
      blockedAt: null,
    });
    expect(row?.createdAt).toMatch(/Z$/);
  });

  it.each([
    ["01712345678"],
    ["+8801712345678"],
    ["+880 1712-345678"],
    ["880 1712 345678"],
    ["01712 345"],
    ["1712345"],
  ])("finds an account by its phone typed as %s", async (q) => {
    const res = await list(`?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(["Rahim Uddin"]);
  });

  it("finds accounts by name (any case) and by email", async () => {
    expect(names(await list("?q=KARIM"))).toEqual(["karim Hasan"]);
    expect(names(await list("?q=RAHIM%40example"))).toEqual(["Rahim Uddin"]);
  });

  it("filters by role and phone verified, and sorts by name", async () => {
    expect(names(await list("?role=staff&sort=name"))).toEqual([
      "Books Staff",
      "Orders Staff",
      "Users Staff",
    ]);
    expect(names(await list("?role=admin"))).toEqual(["Head Admin"]);
    expect(names(await list("?phoneVerified=true"))).toEqual(["Rahim Uddin"]);
    expect((await list("?phoneVerified=false")).body.data?.total).toBe(5);
    expect(names(await list("?role=customer&sort=-name"))).toEqual(["Rahim Uddin", "karim Hasan"]);
    expect(names(await list("?role=customer&sort=createdAt"))).toEqual(["Rahim Uddin", "karim Hasan"]);
  });

  it.each([
    ["role=owner", "role"],
    ["blocked=yes", "blocked"],
    ["phoneVerified=1", "phoneVerified"],
    ["sort=phone", "sort"],
    [`q=${"x".repeat(101)}`, "q"],
  ])("answers 400 to %s", async (query, field) => {
    const res = await list(`?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
  });
});

describe("GET /api/admin/users/{id}", () => {
  it("shows the account with its orders and what it owns", async () => {
    const book = await createProduct(h.db, { stock: 5, price: 25_000 });
    const ebook = await createProduct(h.db, { kind: "ebook", title: "Physics 1st Paper e-book" });
    const order = await checkout(h, karim, { items: [{ productId: book.id }] });
    await createEntitlement(h.db, { userId: karim.user.id, productId: ebook.id });
    const res = await h.request<AdminUserDetail>("GET", `/api/admin/users/${karim.user.id}`, {
      cookie: staff.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.user).toMatchObject({ id: karim.user.id, name: "karim Hasan" });
    expect(res.body.data?.orderCount).toBeGreaterThanOrEqual(1);
    expect(res.body.data?.orders[0]).toMatchObject({ id: order.orderId, status: expect.any(String) });
    expect(res.body.data?.orders[0]?.total).toBeGreaterThan(0);
    expect(res.body.data?.owned).toEqual([
      expect.objectContaining({ productId: ebook.id, kind: "ebook", title: "Physics 1st Paper e-book" }),
    ]);
  });

  it("answers 404 to an unknown account, 400 to a bad id, 403 to staff without users", async () => {
    expect((await h.request("GET", "/api/admin/users/999999", { cookie: staff.cookie })).status).toBe(404);
    expect((await h.request("GET", "/api/admin/users/abc", { cookie: staff.cookie })).status).toBe(400);
    expect(
      (await h.request("GET", `/api/admin/users/${rahim.user.id}`, { cookie: noUsers.cookie })).status,
    ).toBe(403);
  });
});

describe("blocking an account", () => {
  it("refuses bad input with 400 and changes nothing", async () => {
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }, { reason: 5 }]) {
      const res = await block(rahim.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.reason).toBeTruthy();
    }
    expect(await blockedAt(rahim.user.id)).toBeNull();
    expect(await sessionCount(rahim.user.id)).toBeGreaterThan(0);
    const me = await h.request("GET", "/api/user", { cookie: rahim.cookie });
    expect(me.status).toBe(200);
  });

  it("refuses staff without the users permission", async () => {
    const res = await block(rahim.user.id, { reason: "spam" }, noUsers.cookie);
    expect(res.status).toBe(403);
    expect(await blockedAt(rahim.user.id)).toBeNull();
  });

  it("blocks: the open session stops at once, every sign-in is refused, the reason is audited", async () => {
    // A second open session, on another device.
    const other = await h.signIn(rahim.phone, rahim.password);
    expect(other.status).toBe(200);
    expect(await sessionCount(rahim.user.id)).toBe(2);

    const res = await block(rahim.user.id, { reason: "  Ordered with stolen cards  " });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data?.blockedAt).toMatch(/Z$/);
    expect(await sessionCount(rahim.user.id)).toBe(0);

    for (const cookie of [rahim.cookie, other.cookie!]) {
      const me = await h.request("GET", "/api/user", { cookie });
      expect(me.status).toBe(401);
      const cart = await h.request("GET", "/api/library", { cookie });
      expect(cart.status).toBe(401);
    }

    for (const cred of [rahim.phone, "+8801712345678", "rahim@example.com"]) {
      const signIn = await h.signIn(cred, rahim.password);
      expect(signIn.status).toBe(403);
      expect(signIn.body.message).toBe(ACCOUNT_BLOCKED);
      expect(signIn.cookie).toBeUndefined();
    }
    // A wrong password still says only that the credentials are wrong.
    expect((await h.signIn(rahim.phone, "not-the-password")).status).toBe(401);

    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.block"), eq(auditLog.entityId, String(rahim.user.id))));
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      entity: "user",
      before: { blockedAt: null },
      after: { reason: "Ordered with stolen cards", sessionsEnded: 2 },
    });

    const listed = await list("?blocked=true");
    expect(names(listed)).toEqual(["Rahim Uddin"]);
    expect(names(await list("?blocked=false"))).not.toContain("Rahim Uddin");
  });

  it("refuses a session of a blocked account even when one is made after the block", async () => {
    const { token } = await createSession(h.ctx(), rahim.user.id, "left behind");
    const me = await h.request("GET", "/api/user", { cookie: `${SESSION_COOKIE}=${token}` });
    expect(me.status).toBe(401);
  });

  it("a password reset does not let a blocked account back in", async () => {
    const asked = await h.request("POST", "/api/auth/forget", { body: { phone: rahim.phone } });
    expect(asked.status).toBe(200);
    const code = await h.latestCode(rahim.phone);
    const reset = await h.request("POST", "/api/auth/reset", {
      body: { phone: rahim.phone, code, password: "a-new-password" },
    });
    expect(reset.status).toBe(200);
    expect(await blockedAt(rahim.user.id)).not.toBeNull();
    const signIn = await h.signIn(rahim.phone, "a-new-password");
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(ACCOUNT_BLOCKED);
  });

  it("answers 409 to blocking a blocked account and unblocking an active one", async () => {
    const again = await block(rahim.user.id, { reason: "twice" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_BLOCKED);
    const notBlocked = await unblock(karim.user.id, { reason: "nothing to undo" });
    expect(notBlocked.status).toBe(409);
    expect(notBlocked.body.message).toBe(NOT_BLOCKED);
  });

  it("unblocks with a reason: the account signs in again", async () => {
    expect((await unblock(rahim.user.id, {})).status).toBe(400);
    expect(await blockedAt(rahim.user.id)).not.toBeNull();
    const res = await unblock(rahim.user.id, { reason: "The bank cleared the payments" });
    expect(res.status).toBe(200);
    expect(res.body.data?.blockedAt).toBeNull();
    const signIn = await h.signIn(rahim.phone, "a-new-password");
    expect(signIn.status).toBe(200);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, "user.unblock"));
    expect(entry?.after).toMatchObject({ blockedAt: null, reason: "The bank cleared the payments" });
  });

  it("never blocks the caller's own account or an admin; only an admin blocks staff", async () => {
    const self = await block(staff.user.id, { reason: "me" });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(BLOCK_SELF);
    const anAdmin = await block(admin.user.id, { reason: "no" });
    expect(anAdmin.status).toBe(409);
    expect(anAdmin.body.message).toBe(BLOCK_ADMIN);
    const adminSelf = await block(admin.user.id, { reason: "no" }, admin.cookie);
    expect(adminSelf.status).toBe(409);
    const staffOnStaff = await block(otherStaff.user.id, { reason: "left the shop" });
    expect(staffOnStaff.status).toBe(403);
    expect(staffOnStaff.body.message).toBe(BLOCK_STAFF);
    expect(await blockedAt(otherStaff.user.id)).toBeNull();
    expect(await blockedAt(admin.user.id)).toBeNull();

    const adminOnStaff = await block(otherStaff.user.id, { reason: "left the shop" }, admin.cookie);
    expect(adminOnStaff.status).toBe(200);
    expect((await h.request("GET", "/api/admin/books", { cookie: otherStaff.cookie })).status).not.toBe(200);
    expect((await h.request("GET", "/api/user", { cookie: otherStaff.cookie })).status).toBe(401);
    expect((await unblock(otherStaff.user.id, { reason: "back" })).status).toBe(403);
    expect((await unblock(otherStaff.user.id, { reason: "back" }, admin.cookie)).status).toBe(200);
  });

  it("two staff blocking one account at once: one blocks it, the other is told it already is", async () => {
    const target = await h.createUser({ name: "Double Target" });
    const [a, b] = await Promise.all([
      block(target.user.id, { reason: "first" }),
      block(target.user.id, { reason: "second" }, admin.cookie),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const entries = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.block"), eq(auditLog.entityId, String(target.user.id))));
    expect(entries).toHaveLength(1);
  });
});
