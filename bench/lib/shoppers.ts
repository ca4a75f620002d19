// Signed-in shoppers for the parts that measure signed-in calls: accounts and their sessions made
// straight in the database with the session service the server uses (and the server's secret), so
// no password hashing or sign-in rate limit sits in the way of what is measured.
import { and, eq, inArray } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { products, sessions, users } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { createSession, SESSION_COOKIE } from "../../src/server/services/accounts/sessions";
import { contextFor } from "../../src/server/services/context";

export type Shopper = {
  userId: number;
  /** `session=…`, as the Cookie header sends it. */
  cookie: string;
  /** The session cookie's value, and the keyed hash of it the server looks sessions up by. */
  token: string;
  tokenHash: string;
};

/**
 * Signs accounts in as the server would, straight in the database: a session made by the session
 * service with the server's secret. Answers a function giving an account's token and cookie.
 */
export function sessionMaker(database: Database, o: { databaseUrl: string; sessionSecret: string }) {
  const config = loadConfig({
    DATABASE_URL: o.databaseUrl,
    SESSION_SECRET: o.sessionSecret,
    SEED_DEMO: "false",
  });
  const deps = {
    db: database.db,
    config,
    log: createLogger("silent"),
    now: () => new Date(),
  } as unknown as Parameters<typeof contextFor>[0];
  return async (userId: number): Promise<{ token: string; cookie: string }> => {
    const { token } = await createSession(contextFor(deps, { user: null, ip: "bench" }), userId);
    return { token, cookie: `${SESSION_COOKIE}=${token}` };
  };
}

/** The first `n` published printed books, by id, given stock enough for a whole run. */
export async function stockedBooks(database: Database, n: number): Promise<number[]> {
  const books = (
    await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.kind, "book"), eq(products.published, true)))
      .orderBy(products.id)
      .limit(n)
  ).map((b) => b.id);
  await database.db.update(products).set({ stock: 1_000_000 }).where(inArray(products.id, books));
  return books;
}

/** `n` new customer accounts, each with one session on a server whose secret is `sessionSecret`. */
export async function makeShoppers(
  database: Database,
  o: { databaseUrl: string; sessionSecret: string; n: number; label: string },
): Promise<Shopper[]> {
  const signIn = sessionMaker(database, o);
  const tag = `${o.label}-${Date.now().toString(36)}`;
  const made = await database.db
    .insert(users)
    .values(
      Array.from({ length: o.n }, (_, i) => ({
        name: `Bench Shopper ${i + 1}`,
        email: `bench-${tag}-${i}@example.com`,
        hscBatch: "HSC 2026",
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  const out: Shopper[] = [];
  for (const u of made) {
    const { token, cookie } = await signIn(u.id);
    const [s] = await database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, u.id));
    out.push({ userId: u.id, cookie, token, tokenHash: s!.tokenHash });
  }
  return out;
}
