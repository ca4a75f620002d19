/**
 * The authors' back office: list, create, edit, delete and merge authors (decision 23's pattern).
 * An author's names are part of each of their products' search names, so an edit of a name and a
 * merge rebuild those; a merged (or renamed) author's old page redirects to the kept one through
 * `author_redirects`.
 */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { AdminPage } from "../../../contracts/admin";
import {
  type AdminAuthor,
  type AdminAuthorDetail,
  AUTHOR_HAS_PRODUCTS,
  type AuthorMergeResult,
  type AuthorsQuery,
  authorEditSchema,
  authorInputSchema,
  authorMergeSchema,
  authorsQuerySchema,
} from "../../../contracts/admin-authors";
import { searchNamesOf, slugify } from "../../../contracts/catalog-text";
import { imageFileKey, MAX_IMAGE_WIDTH } from "../../../contracts/images";
import { idParams } from "../../../contracts/paging";
import type { Db } from "../../db/client";
import { authorRedirects, authors, bookDetails, productAuthors, products } from "../../db/schema";
import { requirePermission } from "../access";
import { adminChange, containsPattern, lockForEdit, nextVersion } from "../admin";
import type { Ctx } from "../context";
import { DomainError } from "../errors";

const SEE_AUTHORS = "You do not have permission to see authors";
const CHANGE_AUTHORS = "You do not have permission to change authors";
const NO_SUCH_AUTHOR = "No such author";

type AuthorRow = typeof authors.$inferSelect;

/** A plain substring search: % and _ typed by staff are not wildcards. */

/** The products linked to an author, published or not. */
const bookCountOf = (id: SQL | typeof authors.id) =>
  sql<number>`(select count(*) from ${productAuthors} where ${productAuthors.authorId} = ${id})`.mapWith(
    Number,
  );

const SORT_COLUMNS = {
  name: sql`lower(${authors.name})`,
  books: bookCountOf(authors.id),
  createdAt: authors.createdAt,
} as const;

/** One page of authors, searched over name, Bangla name and slug; each with their book count. */
export async function listAdminAuthors(ctx: Ctx, input: unknown): Promise<AdminPage<AdminAuthor>> {
  // The permission first: a stranger learns nothing from a 400 about the query.
  requirePermission(ctx, "authors", SEE_AUTHORS, SEE_AUTHORS);
  const query: AuthorsQuery = authorsQuerySchema.parse(input);
  const q = query.q.trim();
  const slugQ = slugify(q);
  const where = q
    ? or(
        ilike(authors.name, containsPattern(q)),
        ilike(authors.nameBn, containsPattern(q)),
        ...(slugQ ? [ilike(authors.slug, containsPattern(slugQ))] : []),
      )
    : undefined;
  const descending = query.sort.startsWith("-");
  const sortBy = query.sort.replace(/^-/, "") as keyof typeof SORT_COLUMNS;
  // Every author's book count, counted in one pass: sorting the whole list by book count this way
  // takes one scan of the links, where a count per author is 10,000 index lookups. A search's few
  // matches are counted one by one instead.
  const counts = ctx.db
    .select({ authorId: productAuthors.authorId, n: count().as("n") })
    .from(productAuthors)
    .groupBy(productAuthors.authorId)
    .as("counts");
  const grouped = sortBy === "books" && !where;
  const column = grouped ? sql`coalesce(${counts.n}, 0)` : SORT_COLUMNS[sortBy];
  const pageQuery = ctx.db.select({ id: authors.id }).from(authors).$dynamic();
  if (grouped) pageQuery.leftJoin(counts, eq(counts.authorId, authors.id));
  // The page's ids first, then their rows and book counts: a count in the first query would be
  // worked out for every row the offset skips, too.
  const [ids, [total]] = await Promise.all([
    pageQuery
      .where(where)
      .orderBy(descending ? desc(column) : asc(column), asc(authors.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(authors).where(where),
  ]);
  const rows = ids.length
    ? await ctx.db
        .select({
          id: authors.id,
          name: authors.name,
          nameBn: authors.nameBn,
          slug: authors.slug,
          photo: authors.photo,
          bookCount: bookCountOf(authors.id),
        })
        .from(authors)
        .where(
          inArray(
            authors.id,
            ids.map((r) => r.id),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.flatMap((r) => byId.get(r.id) ?? []);
  return { items, total: total?.n ?? 0, page: query.page, limit: query.limit };
}

/** An author as the edit form shows it: every field, the version, the slugs that redirect here. */
async function detailOf(db: Db, row: AuthorRow): Promise<AdminAuthorDetail> {
  const [[counted], redirects] = await Promise.all([
    db.select({ n: count() }).from(productAuthors).where(eq(productAuthors.authorId, row.id)),
    db
      .select({ slug: authorRedirects.fromSlug })
      .from(authorRedirects)
      .where(eq(authorRedirects.authorId, row.id))
      .orderBy(asc(authorRedirects.fromSlug)),
  ]);
  return {
    id: row.id,
    name: row.name,
    nameBn: row.nameBn,
    slug: row.slug,
    photo: row.photo,
    bookCount: counted?.n ?? 0,
    bio: row.bio,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    redirects: redirects.map((r) => r.slug),
  };
}

export async function getAdminAuthor(ctx: Ctx, id: number): Promise<AdminAuthorDetail> {
  requirePermission(ctx, "authors", SEE_AUTHORS, SEE_AUTHORS);
  const [row] = await ctx.db.select().from(authors).where(eq(authors.id, id)).limit(1);
  if (!row) throw new DomainError("not_found", NO_SUCH_AUTHOR);
  return detailOf(ctx.db, row);
}

/** Whether a slug is an author's or redirects to one (other than `except`). */
async function slugTaken(db: Db, slug: string, except?: number): Promise<boolean> {
  const [own] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(except ? and(eq(authors.slug, slug), ne(authors.id, except)) : eq(authors.slug, slug))
    .limit(1);
  if (own) return true;
  const [moved] = await db
    .select({ id: authorRedirects.authorId })
    .from(authorRedirects)
    .where(
      except
        ? and(eq(authorRedirects.fromSlug, slug), ne(authorRedirects.authorId, except))
        : eq(authorRedirects.fromSlug, slug),
    )
    .limit(1);
  return moved !== undefined;
}

/**
 * The slug an author gets: the one staff gave (400 when another author has it), or one made from
 * the name and kept unique with -2, -3...
 */
async function chooseSlug(db: Db, name: string, given: string | undefined, except?: number): Promise<string> {
  if (given) {
    if (await slugTaken(db, given, except)) {
      throw new DomainError("invalid", "Another author has this URL name", {
        slug: "Another author has this URL name: choose another, or leave it empty",
      });
    }
    return given;
  }
  const base = slugify(name) || "author";
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, except))) return candidate;
  }
}

/** A photo must be an image the shop has stored (400 otherwise). */
async function checkPhoto(ctx: Ctx, photo: string | null): Promise<void> {
  if (photo && !(await ctx.storage.has(imageFileKey(photo, MAX_IMAGE_WIDTH)))) {
    throw new DomainError("invalid", "The photo is not an uploaded image", {
      photo: "This image is not stored: upload the photo again",
    });
  }
}

/**
 * Rebuilds the search names of products (title, Bangla title, authors in order, publisher) after
 * an author's names or links changed, and raises their version: an edit of one of them that
 * started before is refused as stale rather than writing the old names back.
 */
export async function rebuildSearchNames(
  db: Db,
  productIds: number[],
  now: Date,
  /** A back-fill writes the names alone: it is no edit, so versions stay as they are. */
  opts: { asEdit?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  const [rows, links] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        titleBn: products.titleBn,
        publisher: bookDetails.publisher,
      })
      .from(products)
      .leftJoin(bookDetails, eq(bookDetails.productId, products.id))
      .where(inArray(products.id, ids)),
    db
      .select({ productId: productAuthors.productId, name: authors.name, nameBn: authors.nameBn })
      .from(productAuthors)
      .innerJoin(authors, eq(authors.id, productAuthors.authorId))
      .where(inArray(productAuthors.productId, ids))
      .orderBy(asc(productAuthors.productId), asc(productAuthors.position), asc(authors.id)),
  ]);
  const byProduct = new Map<number, { name: string; nameBn: string | null }[]>();
  for (const l of links) {
    const list = byProduct.get(l.productId) ?? [];
    list.push(l);
    byProduct.set(l.productId, list);
  }
  const names = rows.map((r) => searchNamesOf({ ...r, authors: byProduct.get(r.id) ?? [] }));
  const list = (values: (number | string)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const asEdit = opts.asEdit ?? true;
  await db.execute(sql`
    update ${products} set
      search_names = v.names${
        asEdit
          ? sql`,
      version = ${products.version} + 1,
      updated_at = ${now.toISOString()}::timestamptz`
          : sql``
      }
    from unnest(array[${list(rows.map((r) => r.id))}]::int[], array[${list(names)}]::text[]) as v(id, names)
    where ${products.id} = v.id`);
}

/** How many products a back-fill rewrites in one statement. */
const BACKFILL_BATCH = 1000;

/**
 * Writes the search names a migration emptied (a new part of them, such as the Banglish keys,
 * that only the application can derive), a batch at a time; run at start-up after the
 * migrations. Returns how many products it wrote. Safe on several servers at once: each writes
 * the same names.
 */
export async function backfillSearchNames(db: Db, now: Date): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.searchNames, ""))
      .orderBy(asc(products.id))
      .limit(BACKFILL_BATCH);
    if (rows.length === 0) return written;
    await rebuildSearchNames(
      db,
      rows.map((r) => r.id),
      now,
      { asEdit: false },
    );
    written += rows.length;
  }
}

/** The ids of the products linked to an author. */
async function productsOf(db: Db, authorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productAuthors.productId })
    .from(productAuthors)
    .where(eq(productAuthors.authorId, authorId));
  return rows.map((r) => r.id);
}

/** `POST /api/admin/authors`. */
export function createAuthor(ctx: Ctx, input: unknown): Promise<AdminAuthorDetail> {
  return adminChange(
    ctx,
    "authors",
    authorInputSchema,
    input,
    async (tx, value) => {
      await checkPhoto(ctx, value.photo);
      // A colleague adding an author of the same name at the same moment takes the slug first:
      // the insert then waits for their commit, adds nothing, and the next free slug is tried.
      let row: AuthorRow | undefined;
      while (!row) {
        const slug = await chooseSlug(tx, value.name, value.slug);
        [row] = await tx
          .insert(authors)
          .values({
            name: value.name,
            nameBn: value.nameBn,
            slug,
            bio: value.bio,
            photo: value.photo,
            createdAt: ctx.now(),
          })
          .onConflictDoNothing({ target: authors.slug })
          .returning();
      }
      const after = await detailOf(tx, row);
      return {
        result: after,
        audit: { action: "author.create", entity: "author", entityId: row!.id, after },
      };
    },
    { refusal: CHANGE_AUTHORS },
  );
}

/**
 * `PATCH /api/admin/authors/{id}`. A changed slug leaves a redirect from the old one; a changed
 * name or Bangla name rebuilds the search names of the author's products.
 */
export function updateAuthor(ctx: Ctx, id: number, input: unknown): Promise<AdminAuthorDetail> {
  return adminChange(
    ctx,
    "authors",
    authorEditSchema,
    input,
    async (tx, value) => {
      const row = await lockForEdit(tx, authors, eq(authors.id, id), NO_SUCH_AUTHOR, {
        version: value.version,
        current: (r) => detailOf(tx, r),
      });
      const before = await detailOf(tx, row);
      // The photo it has is kept as it is; a new one must be an image the shop has stored.
      if (value.photo !== row.photo) await checkPhoto(ctx, value.photo);
      const slug =
        value.slug && value.slug !== row.slug ? await chooseSlug(tx, value.name, value.slug, id) : row.slug;
      if (slug !== row.slug) {
        // The old address keeps working; a slug given back to this author is its own again.
        await tx.delete(authorRedirects).where(eq(authorRedirects.fromSlug, slug));
        await tx
          .insert(authorRedirects)
          .values({ fromSlug: row.slug, authorId: id, createdAt: ctx.now() })
          .onConflictDoUpdate({ target: authorRedirects.fromSlug, set: { authorId: id } });
      }
      const [updated] = await tx
        .update(authors)
        .set({
          name: value.name,
          nameBn: value.nameBn,
          slug,
          bio: value.bio,
          photo: value.photo,
          ...nextVersion(authors),
        })
        .where(eq(authors.id, id))
        .returning();
      if (value.name !== row.name || value.nameBn !== row.nameBn) {
        await rebuildSearchNames(tx, await productsOf(tx, id), ctx.now());
      }
      const after = await detailOf(tx, updated!);
      return {
        result: after,
        audit: { action: "author.update", entity: "author", entityId: id, before, after },
      };
    },
    { refusal: CHANGE_AUTHORS },
  );
}

/** `DELETE /api/admin/authors/{id}`: refused (409) while the author has products. */
export function deleteAuthor(ctx: Ctx, id: number): Promise<{ id: number }> {
  return adminChange(
    ctx,
    "authors",
    idParams,
    { id },
    async (tx) => {
      const row = await lockForEdit(tx, authors, eq(authors.id, id), NO_SUCH_AUTHOR);
      const before = await detailOf(tx, row);
      if (before.bookCount > 0) throw new DomainError("conflict", AUTHOR_HAS_PRODUCTS);
      await tx.delete(authors).where(eq(authors.id, id));
      return { result: { id }, audit: { action: "author.delete", entity: "author", entityId: id, before } };
    },
    { refusal: CHANGE_AUTHORS },
  );
}

/**
 * `POST /api/admin/authors/{id}/merge`: the author's product links move to `intoId` (a product
 * linked to both keeps one link, at the better position), the author's slug and the slugs that
 * redirected to them redirect to the kept author, the author is deleted and the moved products'
 * search names are rebuilt — all in one transaction. Both authors are locked in id order, so
 * merges at the same time wait for each other and none loses a product.
 */
export function mergeAuthor(ctx: Ctx, id: number, input: unknown): Promise<AuthorMergeResult> {
  return adminChange(
    ctx,
    "authors",
    authorMergeSchema,
    input,
    async (tx, value) => {
      const intoId = value.intoId;
      if (intoId === id) {
        throw new DomainError("invalid", "An author cannot be merged into themselves", {
          intoId: "Choose another author to merge into",
        });
      }
      const lock = (which: number) =>
        which === id
          ? lockForEdit(tx, authors, eq(authors.id, id), NO_SUCH_AUTHOR, {
              version: value.version,
              current: (r) => detailOf(tx, r),
            })
          : lockForEdit(tx, authors, eq(authors.id, intoId), "The author to merge into no longer exists");
      const [first, second] = id < intoId ? [id, intoId] : [intoId, id];
      const locked = new Map<number, AuthorRow>();
      locked.set(first, await lock(first));
      locked.set(second, await lock(second));
      const merged = locked.get(id)!;
      const kept = locked.get(intoId)!;
      const before = { merged: await detailOf(tx, merged), into: await detailOf(tx, kept) };

      const moved = await productsOf(tx, id);
      // A product linked to both keeps the kept author's link, at the better of the two positions.
      await tx.execute(sql`
        update ${productAuthors} k set position = least(k.position, m.position)
        from ${productAuthors} m
        where m.author_id = ${id} and k.author_id = ${intoId} and k.product_id = m.product_id`);
      await tx.execute(sql`
        delete from ${productAuthors} m using ${productAuthors} k
        where m.author_id = ${id} and k.author_id = ${intoId} and k.product_id = m.product_id`);
      await tx.update(productAuthors).set({ authorId: intoId }).where(eq(productAuthors.authorId, id));

      // The merged author's page, and every page that redirected to it, now lead to the kept one.
      await tx.update(authorRedirects).set({ authorId: intoId }).where(eq(authorRedirects.authorId, id));
      await tx
        .insert(authorRedirects)
        .values({ fromSlug: merged.slug, authorId: intoId, createdAt: ctx.now() })
        .onConflictDoUpdate({ target: authorRedirects.fromSlug, set: { authorId: intoId } });
      await tx.delete(authors).where(eq(authors.id, id));
      await rebuildSearchNames(tx, moved, ctx.now());

      const into = await detailOf(tx, kept);
      return {
        result: { into, movedProducts: moved.length },
        audit: [
          {
            action: "author.merge",
            entity: "author",
            entityId: id,
            before,
            after: { mergedInto: intoId, movedProducts: moved, into },
          },
        ],
      };
    },
    { refusal: CHANGE_AUTHORS },
  );
}
