/** The six /info pages as staff edit them: a title and a Markdown body. */
import { versionField } from "./admin";
import { INFO_SLUGS } from "./catalog";
import { z } from "./zod";

export const INFO_BODY_MAX = 100_000;

export const infoSlugParams = z.object({
  slug: z.enum(INFO_SLUGS, { error: `slug must be one of ${INFO_SLUGS.join(", ")}` }),
});

const bodyField = z
  .string({ error: "Write the page's text" })
  .max(INFO_BODY_MAX, { error: "The text is at most 100,000 characters" });

/** `PATCH /api/admin/info-pages/{slug}`. */
export const infoPageEditSchema = z.object({
  title: z
    .string({ error: "Give the page a title" })
    .trim()
    .min(1, { error: "Give the page a title" })
    .max(200, { error: "The title is at most 200 characters" }),
  body: bodyField,
  version: versionField,
});
export type InfoPageEdit = z.input<typeof infoPageEditSchema>;

/** `POST /api/admin/info-pages/preview`: the body as the shop will show it. */
export const infoPagePreviewSchema = z.object({ body: bodyField });
