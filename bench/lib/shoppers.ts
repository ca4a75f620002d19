// Signed-in shoppers for the parts that measure signed-in calls: accounts and their sessions made
// straight in the database with the session service the server uses (and the server's secret), so
// no password hashing or sign-in rate limit sits in the way of what is measured.
import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/client";
import { sessions, users } from "../../src/server/db/schema";
import { createLogger } from "../../src/server/logger";
import { contextFor } from "../../src/server/services/context";
import { createSession, SESSION_COOKIE } from "../../src/server/services/sessions";

export type Shopper = {
  userId: number;
  /** `session=…`, as the Cookie header sends it. */
  cookie: string;
  /** The session cookie's value, and the keyed hash of it the server looks sessions up by. */
  token: string;
  tokenHash: string;
};

/** `n` new customer accounts, each with one session on a server whose secret is `sessionSecret`. */
export async function makeShoppers(
  database: Database,
  o: { databaseUrl: string; sessionSecret: string; n: number; label: string },
): Promise<Shopper[]> {
  const config = loadConfig({
    DATABASE_URL: o.databaseUrl,
    SESSION_SECRET: o.sessionSecret,
    SEED_DEMO: "false",
  });
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
  const deps = {
    db: database.db,
    config,
    log: createLogger("silent"),
    now: () => new Date(),
  } as unknown as Parameters<typeof contextFor>[0];
  const out: Shopper[] = [];
  for (const u of made) {
    const { token } = await createSession(contextFor(deps, { user: null, ip: "bench" }), u.id);
    const [s] = await database.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, u.id));
    out.push({ userId: u.id, cookie: `${SESSION_COOKIE}=${token}`, token, tokenHash: s!.tokenHash });
  }
  return out;
}
