/**
 * The authors' back office (`/admin/books/authors`, `/api/admin/authors`): what staff send to
 * list, create, edit and merge authors. Answers are in answers.ts (`adminAuthor*Schema`).
 */
import { adminListQuery, versionField } from "./admin";
import type {
  adminAuthorDetailSchema,
  adminAuthorSchema,
  authorMergeResultSchema,
} from "./answers/staff-catalog";
import { idField } from "./paging";
import { z } from "./zod";

/** The columns the authors list sorts by. */
export const AUTHOR_SORTS = ["name", "books", "createdAt"] as const;

/** `GET /api/admin/authors`: paging, `q` over name, Bangla name and slug, and a sort. */
export const authorsQuerySchema = adminListQuery(AUTHOR_SORTS, "name");
export type AuthorsQuery = z.output<typeof authorsQuerySchema>;

/** An author's URL name: lower-case letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A stored image's key (the upload endpoint's answer): 24 hexadecimal digits. */
export const IMAGE_KEY_PATTERN = /^[0-9a-f]{24}$/;

/** An empty text box is "not given". */
const blankToNull = (v: string | null | undefined) => (v ? v : null);

/** What staff set on an author. The slug is made from the name when left empty. */
export const authorInputSchema = z.object({
  name: z
    .string({ error: /*i18n*/ "Enter the author's name" })
    .trim()
    .min(1, { error: /*i18n*/ "Enter the author's name" })
    .max(200, { error: /*i18n*/ "The name is at most 200 characters" }),
  nameBn: z
    .string({ error: /*i18n*/ "The Bangla name must be text" })
    .trim()
    .max(200, { error: /*i18n*/ "The Bangla name is at most 200 characters" })
    .nullish()
    .transform(blankToNull),
  slug: z
    .string({ error: /*i18n*/ "The URL name must be text" })
    .trim()
    .max(80, { error: /*i18n*/ "The URL name is at most 80 characters" })
    .refine((v) => v === "" || SLUG_PATTERN.test(v), {
      error: "Use lower-case letters and digits joined by single hyphens, e.g. humayun-ahmed",
    })
    .nullish()
    .transform((v) => (v ? v : undefined)),
  bio: z
    .string({ error: /*i18n*/ "The biography must be text" })
    .max(5000, { error: /*i18n*/ "The biography is at most 5,000 characters" })
    .nullish()
    .transform((v) => (v ?? "").trim()),
  photo: z
    .string({ error: /*i18n*/ "The photo must be an uploaded image" })
    .regex(IMAGE_KEY_PATTERN, { error: /*i18n*/ "The photo must be an uploaded image" })
    .nullish()
    .transform(blankToNull),
});
export type AuthorInput = z.input<typeof authorInputSchema>;

/** An edit: the same fields and the version the form started from. */
export const authorEditSchema = authorInputSchema.extend({ version: versionField });
export type AuthorEdit = z.input<typeof authorEditSchema>;

/** `POST /api/admin/authors/{id}/merge`: the author kept, and the merged author's version. */
export const authorMergeSchema = z.object({
  intoId: idField,
  version: versionField,
});
export type AuthorMerge = z.input<typeof authorMergeSchema>;

/** The 409 of deleting an author who still has products. */
export const AUTHOR_HAS_PRODUCTS =
  "This author still has products: merge the author into another one instead of deleting.";

export type AdminAuthor = z.infer<typeof adminAuthorSchema>;
export type AdminAuthorDetail = z.infer<typeof adminAuthorDetailSchema>;
export type AuthorMergeResult = z.infer<typeof authorMergeResultSchema>;
