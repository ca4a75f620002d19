/**
 * The six /info pages: staff holding the `content` permission edit their title and Markdown body
 * (decision 23's pattern: versioned, audited, the public pages move on at once); the shop shows the
 * body rendered and sanitised by the same renderer as a course's text chapters.
 */
import { asc, eq } from "drizzle-orm";
import type { adminInfoPageSchema } from "../../../contracts/answers/staff";
import { INFO_SLUGS, type InfoSlug } from "../../../contracts/catalog";
import { infoPageEditSchema, infoPagePreviewSchema, infoSlugParams } from "../../../contracts/info-pages";
import type { z } from "../../../contracts/zod";
import { infoPages } from "../../db/schema";
import { replicaSafe, requirePermission } from "../access";
import { adminChange, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";
import { markdownSummary, renderMarkdown } from "../reading/chapter-body";

type InfoPageRow = typeof infoPages.$inferSelect;
export type AdminInfoPage = z.infer<typeof adminInfoPageSchema>;

const EDIT_INFO = "You do not have permission to edit the info pages";
const NO_PAGE = "No such info page";

function toAdminInfoPage(row: InfoPageRow): AdminInfoPage {
  return {
    slug: row.slug,
    title: row.title,
    body: row.body,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function slugOf(slug: unknown): InfoSlug {
  const parsed = infoSlugParams.safeParse({ slug });
  if (!parsed.success) throw new DomainError("not_found", NO_PAGE);
  return parsed.data.slug;
}

/** The six pages in the order of the shop's footer, without their bodies. */
export async function listInfoPages(ctx: Ctx): Promise<{ items: Omit<AdminInfoPage, "body">[] }> {
  requirePermission(ctx, "content", EDIT_INFO);
  const rows = await ctx.db.select().from(infoPages).orderBy(asc(infoPages.slug));
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return {
    items: INFO_SLUGS.flatMap((slug) => {
      const row = bySlug.get(slug);
      if (!row) return [];
      const { body: _body, ...rest } = toAdminInfoPage(row);
      return [rest];
    }),
  };
}

/** One page as staff edit it. */
export async function getInfoPage(ctx: Ctx, slug: unknown): Promise<AdminInfoPage> {
  requirePermission(ctx, "content", EDIT_INFO);
  const [row] = await ctx.db
    .select()
    .from(infoPages)
    .where(eq(infoPages.slug, slugOf(slug)))
    .limit(1);
  if (!row) throw new DomainError("not_found", NO_PAGE);
  return toAdminInfoPage(row);
}

/** Saves a page's title and body; an edit started from another version is refused with 409. */
export async function updateInfoPage(ctx: Ctx, slug: unknown, input: unknown): Promise<AdminInfoPage> {
  requirePermission(ctx, "content", EDIT_INFO);
  const key = slugOf(slug);
  return adminChange(
    ctx,
    "content",
    infoPageEditSchema,
    input,
    async (tx, v) => {
      const before = await lockForEdit(tx, infoPages, eq(infoPages.slug, key), NO_PAGE, {
        version: v.version,
        current: toAdminInfoPage,
      });
      const [after] = await tx
        .update(infoPages)
        .set({ title: v.title, body: v.body, updatedAt: ctx.now(), ...nextVersion(infoPages) })
        .where(eq(infoPages.slug, key))
        .returning();
      return {
        result: toAdminInfoPage(after!),
        audit: {
          action: "info-page.update",
          entity: "info_page",
          entityId: key,
          before: { title: before.title, body: before.body, version: before.version },
          after: { title: after!.title, body: after!.body, version: after!.version },
        },
      };
    },
    { refusal: EDIT_INFO },
  );
}

/** The editor's preview: the body as the shop will show it. */
export function previewInfoPage(ctx: Ctx, input: unknown): { html: string } {
  requirePermission(ctx, "content", EDIT_INFO);
  const { body } = infoPagePreviewSchema.parse(input);
  return { html: renderMarkdown(body, 2) };
}

/** An /info page as the shop shows it (anyone), or null when there is none with this slug. */
export async function readInfoPage(
  reader: Pick<Ctx, "db"> & Partial<Pick<Ctx, "user" | "replicas">>,
  slug: string,
) {
  const [row] = await replicaSafe(reader)
    .db.select()
    .from(infoPages)
    .where(eq(infoPages.slug, slug))
    .limit(1);
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    html: renderMarkdown(row.body, 2),
    description: markdownSummary(row.body) || row.title,
    updatedAt: row.updatedAt.toISOString(),
  };
}
