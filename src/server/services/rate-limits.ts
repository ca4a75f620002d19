import { lt, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema";
import type { Ctx } from "./context";
import { DomainError } from "./errors";

/**
 * Counts one hit on `key` in the current fixed window and refuses once `limit` is passed.
 * Counters live in PostgreSQL so every server instance sees the same count.
 */
export async function consumeRateLimit(
  ctx: Pick<Ctx, "db" | "now">,
  key: string,
  limit: number,
  windowMs: number,
  message: string,
): Promise<void> {
  const now = ctx.now().getTime();
  const windowStart = new Date(now - (now % windowMs));
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.01) {
    await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
  }
  if ((row?.hits ?? 0) > limit) throw new DomainError("rate_limited", message);
}
