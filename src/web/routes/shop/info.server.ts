import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { infoPages } from "../../../server/db/schema";
import { getApp } from "../../lib/app-context.server";

/** An /info page as staff last saved it, or null when there is none with this slug. */
export async function findInfoPage(context: Readonly<RouterContextProvider>, slug: string) {
  const [page] = await getApp(context)
    .ctx.db.select({
      slug: infoPages.slug,
      title: infoPages.title,
      body: infoPages.body,
      updatedAt: infoPages.updatedAt,
    })
    .from(infoPages)
    .where(eq(infoPages.slug, slug))
    .limit(1);
  return page ? { ...page, updatedAt: page.updatedAt.toISOString() } : null;
}
