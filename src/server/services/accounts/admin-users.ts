/**
 * The users area of the back office: the accounts list, one account's page (its orders and what it
 * owns) and blocking an account. A blocked account cannot sign in by any path (`authenticate`
 * refuses it, and the session lookup skips it), and blocking it ends its sessions in the same
 * transaction, so an open browser is signed out on its next request.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import { type AdminUsersQuery, blockReasonSchema, phoneSearchDigits } from "../../../contracts/admin-users";
import type { AdminUser, AdminUserDetail } from "../../../contracts/user";
import type { Db } from "../../db/client";
import { entitlements, orders, products, sessions, users } from "../../db/schema";
import { hasPermission, requirePermission } from "../access";
import { adminChange, containsPattern } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

type UserRow = typeof users.$inferSelect;

const SEE_USERS = "You do not have permission to see users";
const BLOCK_USERS = "You do not have permission to block accounts";
export const BLOCK_STAFF = "Only an admin can block or unblock a staff account";
export const BLOCK_SELF = "You cannot block or unblock your own account";
export const BLOCK_ADMIN =
  "An admin account cannot be blocked: an admin first makes it a staff or customer account";
export const ALREADY_BLOCKED = "This account is already blocked";
export const NOT_BLOCKED = "This account is not blocked";

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    name: u.name,
    phone: u.phone,
    email: u.email,
    hscBatch: u.hscBatch,
    phoneVerified: u.phoneVerifiedAt !== null,
    role: u.role,
    permissions: u.role === "admin" ? [] : u.permissions,
    blockedAt: u.blockedAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * A search box's text over accounts (the users list and the admin search): name, email, or phone
 * typed any way (01…, +880…, with spaces or dashes); `%` and `_` are plain characters.
 */
export function userSearchWhere(q: string): SQL {
  const digits = phoneSearchDigits(q);
  return or(
    ilike(users.name, containsPattern(q)),
    ilike(users.email, containsPattern(q.toLowerCase())),
    ilike(users.phone, containsPattern(digits ?? q)),
  )!;
}

/**
 * Staff with the `users` permission list accounts: a search over name, email and phone (typed in
 * any form: 01…, +880…, with spaces or dashes), filters by role, blocked and phone verified, sorted
 * by name or by when the account was made (newest first by default). `v` is `adminUsersQuery`'s
 * output: the API and the page parse the URL's query with it.
 */
export async function listUsers(ctx: Ctx, v: AdminUsersQuery): Promise<AdminPage<AdminUser>> {
  requirePermission(ctx, "users", SEE_USERS, SEE_USERS);
  const where: SQL[] = [];
  if (v.q) where.push(userSearchWhere(v.q));
  if (v.role) where.push(eq(users.role, v.role));
  if (v.blocked !== undefined) where.push(v.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  if (v.phoneVerified !== undefined) {
    where.push(v.phoneVerified ? isNotNull(users.phoneVerifiedAt) : isNull(users.phoneVerifiedAt));
  }
  const filter = where.length ? and(...where) : undefined;
  const descending = v.sort.startsWith("-");
  const column = v.sort.replace(/^-/, "") === "name" ? sql`lower(${users.name})` : users.createdAt;
  const order = descending ? [desc(column), desc(users.id)] : [asc(column), asc(users.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(filter)
      .orderBy(...order)
      .limit(v.limit)
      .offset((v.page - 1) * v.limit),
    ctx.db.select({ n: count() }).from(users).where(filter),
  ]);
  return { items: rows.map(toAdminUser), total: total?.n ?? 0, page: v.page, limit: v.limit };
}

/** One account for staff: its details, its orders (newest 100) and the e-books and courses it owns. */
export async function getUserDetail(ctx: Ctx, id: number): Promise<AdminUserDetail> {
  requirePermission(ctx, "users", SEE_USERS, SEE_USERS);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", "No such account");
  const [orderRows, [orderCount], owned] = await Promise.all([
    ctx.db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(100),
    ctx.db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    ctx.db
      .select({
        productId: entitlements.productId,
        kind: products.kind,
        title: products.title,
        orderId: entitlements.orderId,
        grantedAt: entitlements.grantedAt,
      })
      .from(entitlements)
      .innerJoin(products, eq(products.id, entitlements.productId))
      .where(eq(entitlements.userId, id))
      .orderBy(desc(entitlements.grantedAt), asc(entitlements.productId)),
  ]);
  return {
    user: toAdminUser(row),
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    orderCount: orderCount?.n ?? 0,
    owned: owned.map((o) => ({ ...o, grantedAt: o.grantedAt.toISOString() })),
  };
}

/**
 * Who may block whom: staff with the `users` permission block customers; staff accounts only an
 * admin; an admin account nobody (an admin first takes its role away on the authority page); and
 * nobody their own account.
 */
async function lockTarget(ctx: Ctx, tx: Db, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw new DomainError("not_found", "No such account");
  if (row.id === ctx.user?.id) throw new DomainError("conflict", BLOCK_SELF);
  if (row.role === "admin") throw new DomainError("conflict", BLOCK_ADMIN);
  if (row.role === "staff") requirePermission(ctx, "authority", BLOCK_STAFF);
  return row;
}

/** Blocks an account and ends every session it has, in one transaction, with the reason audited. */
export function blockUser(ctx: Ctx, id: number, input: unknown): Promise<AdminUser> {
  return adminChange(
    ctx,
    "users",
    blockReasonSchema,
    input,
    async (tx, { reason }) => {
      const before = await lockTarget(ctx, tx, id);
      if (before.blockedAt) throw new DomainError("conflict", ALREADY_BLOCKED);
      const now = ctx.now();
      const [after] = await tx
        .update(users)
        .set({ blockedAt: now, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
      return {
        result: toAdminUser(after!),
        audit: {
          action: "user.block",
          entity: "user",
          entityId: id,
          before: { blockedAt: null },
          after: { blockedAt: now.toISOString(), reason, sessionsEnded: ended.length },
        },
      };
    },
    { refusal: BLOCK_USERS, publicChange: false },
  );
}

/** Lets a blocked account sign in again, with the reason audited. */
export function unblockUser(ctx: Ctx, id: number, input: unknown): Promise<AdminUser> {
  return adminChange(
    ctx,
    "users",
    blockReasonSchema,
    input,
    async (tx, { reason }) => {
      const before = await lockTarget(ctx, tx, id);
      if (!before.blockedAt) throw new DomainError("conflict", NOT_BLOCKED);
      const [after] = await tx
        .update(users)
        .set({ blockedAt: null, updatedAt: ctx.now() })
        .where(eq(users.id, id))
        .returning();
      return {
        result: toAdminUser(after!),
        audit: {
          action: "user.unblock",
          entity: "user",
          entityId: id,
          before: { blockedAt: before.blockedAt.toISOString() },
          after: { blockedAt: null, reason },
        },
      };
    },
    { refusal: BLOCK_USERS, publicChange: false },
  );
}

/** Whether the caller may block this account (for the page's button); the service decides again. */
export function mayBlock(ctx: Ctx, target: Pick<AdminUser, "id" | "role">): boolean {
  if (target.id === ctx.user?.id || target.role === "admin") return false;
  return target.role === "customer" ? hasPermission(ctx.user, "users") : hasPermission(ctx.user, "authority");
}
