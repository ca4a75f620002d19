import { eq } from "drizzle-orm";
import type { Locale } from "../../../contracts/locale";
import { localeInputSchema } from "../../../contracts/locale-input";
import { users } from "../../db/schema";
import type { Ctx } from "../context";

/**
 * The interface language the caller chose. Anyone may choose (the cookie carries it); a
 * signed-in user's profile keeps it too, so their next device and their SMS follow it.
 */
export async function chooseLocale(ctx: Ctx, input: unknown): Promise<Locale> {
  const { locale } = localeInputSchema.parse(input);
  if (ctx.user) {
    await ctx.db.update(users).set({ locale, updatedAt: ctx.now() }).where(eq(users.id, ctx.user.id));
  }
  return locale;
}
