import { createHmac, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { allAnswered, type BindQuery, type Db, onOneConnection, preparedOn, unbound } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { type CallerToFind, type Ctx, contextOf, isCallerToFind } from "../context";
import { publicUserColumns, toPublicUser } from "./users";

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

/** What makes a session live: its token's hash (placeholder `tokenHash`), not expired at `now`, of an account not blocked. */
const liveSession = and(
  eq(sessions.tokenHash, sql.placeholder("tokenHash")),
  gt(sessions.expiresAt, sql.placeholder("now")),
  isNull(users.blockedAt),
);

/** The user of a live session. */
const sessionUserQuery = preparedOn((db, _variant: "live") =>
  db
    .select({ user: publicUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession)
    .limit(1)
    .prepare("session_user"),
);

/**
 * The caller of a statement that looks its session up itself (decision 44): a query of zero or one
 * row, `id`, the user of the live session whose token hash is the placeholder `tokenHash` at
 * `now`; the very condition `findSessionUser` asks.
 */
export const sessionCallerSql = sql`select ${sessions.userId} as id from ${sessions}
  inner join ${users} on ${users.id} = ${sessions.userId} where ${liveSession}`;

/** A session token as kept: its keyed hash; null for no token or one that cannot be one. */
export function sessionHashOf(config: Pick<Ctx["config"], "sessionSecret">, token: string | undefined) {
  if (!token || token.length > 100) return null;
  return hashToken(config.sessionSecret, token);
}

/** The user behind a live session token, or null (also when the account has been blocked since). */
export async function findSessionUser(ctx: Pick<Ctx, "db" | "config" | "now">, token: string | undefined) {
  const tokenHash = sessionHashOf(ctx.config, token);
  return tokenHash ? sessionUserOf(ctx.db, tokenHash, ctx.now()) : null;
}

/**
 * The context of a call whose service may fold the session's lookup into its own statements
 * (`CallerToFind`, decision 44), for a path of it that does not: the lookup on its own.
 */
export async function resolveCaller(call: Ctx | CallerToFind): Promise<Ctx> {
  if (!isCallerToFind(call)) return call;
  return contextOf(call, await sessionUserOf(call.deps.db, call.tokenHash, call.deps.now()));
}

/** The caller of statements that look the session up themselves (`sessionCallerSql`'s placeholders). */
export type SessionCaller = { tokenHash: string; now: Date };

/**
 * Sends the session's lookup and `send`'s statements together on one connection, in one round
 * trip (decision 44). `send` starts its statements at once, before any await, and finds the
 * caller by `sessionCallerSql`: for a session not live they find nobody and change nothing.
 * Answers the context with its caller known and what `send` answered.
 */
export async function foldSession<T>(
  call: CallerToFind,
  send: (on: BindQuery, caller: SessionCaller) => Promise<T>,
): Promise<{ ctx: Ctx; answer: T }> {
  const { db, now } = call.deps;
  const caller = { tokenHash: call.tokenHash, now: now() };
  return onOneConnection(db, async (on) => {
    const [user, answer] = await allAnswered([
      sessionUserOf(db, caller.tokenHash, caller.now, on),
      send(on, caller),
    ]);
    return { ctx: contextOf(call, user), answer };
  });
}

/**
 * `findSessionUser` by the token's hash; `on` binds the query to a connection, so that it goes
 * together with the statements after it (`onOneConnection`).
 */
export async function sessionUserOf(db: Db, tokenHash: string, now: Date, on: BindQuery = unbound) {
  const [row] = await on(sessionUserQuery(db, "live")).execute({ tokenHash, now });
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
