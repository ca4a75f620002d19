/**
 * Who may do what, in one place. Three kinds of check, each with one implementation:
 *
 * - signed in: `requireSignedIn` (401 when signed out);
 * - a permission of an admin area: `requirePermission`, `requireStaff` (401 when signed out, 403
 *   otherwise; admins hold every area) and `hasPermission` where a service picks between a staff
 *   view and an owner's view rather than refusing;
 * - ownership: `readableBy`, `courseReadableBy` (reading.ts decides, asking the entitlements on
 *   every call) and `findEntitlement` (entitlements.ts); they ask this module who the caller is,
 *   so this module does not import them (no import circle).
 *
 * A service never reads `ctx.user.role` or `permissions` itself, nor throws its own 401/403: a
 * unit test scans the services for that.
 */
import { ACCOUNT_BLOCKED } from "../../contracts/admin-users";
import { type AdminAccess, can } from "../../contracts/permissions";
import type { PublicUser } from "../../contracts/user";
import type { Ctx } from "./context";
import { DomainError } from "./errors";

export const SIGN_IN_TO_CONTINUE = "Please sign in to continue";

type Caller = Pick<PublicUser, "role" | "permissions"> | null | undefined;

/** The 401 for a caller who is not signed in (or whose account is gone). */
export function signInRequired(message: string = SIGN_IN_TO_CONTINUE): DomainError {
  return new DomainError("unauthorized", message);
}

/**
 * The 401 for a server-to-server call (a courier's webhook) whose signature or secret is not the
 * one the shop shares with that service: the caller is not who it says it is.
 */
export function unverifiedCaller(message: string): DomainError {
  return new DomainError("unauthorized", message);
}

/**
 * Refuses a sign-in to an account staff have blocked (403), after its credentials proved right:
 * every way of signing in asks this before a session is made.
 */
export function requireNotBlocked(account: { blockedAt: Date | null }): void {
  if (account.blockedAt) throw new DomainError("forbidden", ACCOUNT_BLOCKED);
}

/** The signed-in caller; 401 with `message` when signed out. */
export function requireSignedIn(ctx: Pick<Ctx, "user">, message: string = SIGN_IN_TO_CONTINUE): PublicUser {
  if (!ctx.user) throw signInRequired(message);
  return ctx.user;
}

/** True when the caller holds an area's permission: admins every area, staff theirs, others none. */
export function hasPermission(user: Caller, area: AdminAccess): boolean {
  return can(user, area);
}

/**
 * The signed-in caller holding `area` (`null`: any staff member, "authority": admins only):
 * 401 when signed out (with `signedOut`, by default "Please sign in to continue"), 403 with
 * `refusal` when signed in without it.
 */
export function requirePermission(
  ctx: Pick<Ctx, "user">,
  area: AdminAccess,
  refusal: string,
  signedOut: string = SIGN_IN_TO_CONTINUE,
): PublicUser {
  const me = requireSignedIn(ctx, signedOut);
  if (!hasPermission(me, area)) throw new DomainError("forbidden", refusal);
  return me;
}

/** Any staff member or admin: 401 when signed out, 403 with `refusal` for a customer. */
export function requireStaff(ctx: Pick<Ctx, "user">, refusal: string): PublicUser {
  return requirePermission(ctx, null, refusal);
}

/** What a staff member made (a background job) is theirs and the admins': 403 with `refusal` for anyone else. */
export function requireCreatorOrAdmin(me: PublicUser, createdBy: number | null, refusal: string): void {
  if (createdBy !== me.id && !hasPermission(me, "authority")) throw new DomainError("forbidden", refusal);
}

/**
 * The handle for a replica-safe read (docs/scaling.md, decision 57): the catalogue as a shopper
 * sees it goes to a healthy replica when there is one. Staff stay on the primary (they see what
 * they just saved), as does a caller not known at all (`user` undefined: a service called from
 * another); every read that is not the catalogue's never asks.
 */
export function replicaSafe<C extends Pick<Ctx, "db"> & Partial<Pick<Ctx, "user" | "replicas">>>(
  ctx: C,
): Pick<Ctx, "db"> {
  if (ctx.user === undefined || !ctx.replicas) return ctx;
  if (ctx.user && (ctx.user.role === "staff" || ctx.user.role === "admin")) return ctx;
  const replica = ctx.replicas.pick();
  return replica ? { db: replica } : ctx;
}
