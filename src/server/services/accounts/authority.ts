import { asc, eq, ne } from "drizzle-orm";
import { authoritySchema } from "../../../contracts/authority";
import type { PublicUser } from "../../../contracts/user";
import { inTransaction } from "../../db/client";
import { users } from "../../db/schema";
import { requirePermission } from "../access";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { recordAudit } from "../platform/audit";
import { findUserByPhone, toPublicUser } from "./users";

function requireAuthority(ctx: Ctx): PublicUser {
  return requirePermission(ctx, "authority", "Only an admin can change staff roles and permissions");
}

/** Staff and admins, for the authority page. */
export async function listStaff(ctx: Ctx): Promise<PublicUser[]> {
  requireAuthority(ctx);
  const rows = await ctx.db.select().from(users).where(ne(users.role, "customer")).orderBy(asc(users.id));
  return rows.map(toPublicUser);
}

/** Finds an account by phone, so an admin can make a customer staff. */
export async function findAccountForAuthority(ctx: Ctx, phone: string): Promise<PublicUser | null> {
  requireAuthority(ctx);
  const row = await findUserByPhone(ctx, phone);
  return row ? toPublicUser(row) : null;
}

/**
 * Sets an account's role and staff permissions (admins only). Customers hold no permissions and
 * admins need none; an admin cannot change their own role, so the shop never loses its last admin
 * by accident. The change and its before/after are written to the audit log in one transaction.
 */
export async function setAuthority(ctx: Ctx, userId: number, input: unknown): Promise<PublicUser> {
  const me = requireAuthority(ctx);
  const v = authoritySchema.parse(input);
  if (userId === me.id && v.role !== "admin") {
    throw new DomainError("conflict", "You cannot change your own admin role; ask another admin");
  }
  const permissions = v.role === "staff" ? [...new Set(v.permissions)].sort() : [];
  return inTransaction(ctx.db, async (db) => {
    const [before] = await db.select().from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw new DomainError("not_found", "No such account");
    const [after] = await db
      .update(users)
      .set({ role: v.role, permissions, updatedAt: ctx.now() })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(ctx, db, {
      action: "user.authority",
      entity: "user",
      entityId: userId,
      before: { role: before.role, permissions: before.permissions },
      after: { role: after!.role, permissions: after!.permissions },
    });
    return toPublicUser(after!);
  });
}
