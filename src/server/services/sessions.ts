import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { preparedOn } from "../db/client";
import { sessions, users } from "../db/schema";
import type { Ctx } from "./context";
import { toPublicUser } from "./users";

export const SESSION_COOKIE = "pathagar_session";
export const SESSION_TTL_MS = 30 * 86_400_000;

function hashToken(secret: string, token: string): string {
  return createHmac("sha256", secret).update(token).digest("base64url");
}

/** Starts a session and returns the cookie token; only its keyed hash is stored. */
export async function createSession(
  ctx: Ctx,
  userId: number,
  userAgent?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(ctx.config.sessionSecret, token),
    userId,
    expiresAt,
    ip: ctx.ip,
    userAgent: userAgent?.slice(0, 300),
  });
  // Now and then, sweep sessions that ran out, so the table stays the size of the live ones.
  if (Math.random() < 0.02) await ctx.db.delete(sessions).where(lt(sessions.expiresAt, ctx.now()));
  return { token, expiresAt };
}

/** The user behind a live session token, or null (also when the account has been blocked since). */
/** The user of a live session of an account not blocked, by the token's hash. */
const sessionUserQuery = preparedOn((db, _variant: "live") =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare("session_user"),
);

export async function findSessionUser(ctx: Pick<Ctx, "db" | "config" | "now">, token: string | undefined) {
  if (!token || token.length > 100) return null;
  const [row] = await sessionUserQuery(ctx.db, "live").execute({
    tokenHash: hashToken(ctx.config.sessionSecret, token),
    now: ctx.now(),
  });
  return row ? toPublicUser(row.user) : null;
}

export async function deleteSession(ctx: Pick<Ctx, "db" | "config">, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(ctx.config.sessionSecret, token)));
}

/** Signs a user out everywhere (after a password reset; blocking an account does it in its transaction). */
export async function deleteUserSessions(ctx: Pick<Ctx, "db">, userId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Signs a user out everywhere but the session of `keepToken` (after a password change). */
export async function deleteOtherSessions(
  ctx: Pick<Ctx, "db" | "config">,
  userId: number,
  keepToken: string | undefined,
): Promise<void> {
  const others = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(ctx.config.sessionSecret, keepToken)))
    : eq(sessions.userId, userId);
  await ctx.db.delete(sessions).where(others);
}
