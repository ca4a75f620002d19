import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_EDIT } from "../../src/contracts/admin";
import type { AdminAuthor, AdminAuthorDetail, AuthorMergeResult } from "../../src/contracts/admin-authors";
import { AUTHOR_HAS_PRODUCTS } from "../../src/contracts/admin-authors";
import {
  auditLog,
  authorRedirects,
  authors,
  bookDetails,
  productAuthors,
  products,
} from "../../src/server/db/schema";
import { storeImage } from "../../src/server/services/catalog/images";
import { createAuthor, createProduct } from "./factories";
import { createHarness, type Harness, type TestUser } from "./harness";

type Page = { items: AdminAuthor[]; total: number; page: number; limit: number };

let h: Harness;
let admin: TestUser;
let staff: TestUser;
let otherStaff: TestUser;
let photoKey: string;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.createUser({ role: "admin", name: "Head Admin" });
  staff = await h.createUser({ role: "staff", permissions: ["authors"], name: "Authors Staff" });
  otherStaff = await h.createUser({ role: "staff", permissions: ["books"], name: "Books Staff" });
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  ({ key: photoKey } = await storeImage(h.ctx(), png));
});
afterAll(async () => {
  await h?.close();
});

const call = <T>(method: string, path: string, body?: unknown, cookie = staff.cookie) =>
  h.request<T>(method, path, { cookie, body });

async function authorRow(id: number) {
  const [row] = await h.db.select().from(authors).where(eq(authors.id, id));
  return row;
}

async function linksOf(productId: number) {
  return h.db
    .select({ authorId: productAuthors.authorId, position: productAuthors.position })
    .from(productAuthors)
    .where(eq(productAuthors.productId, productId))
    .orderBy(asc(productAuthors.position), asc(productAuthors.authorId));
}

async function productRow(id: number) {
  const [row] = await h.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe("POST /api/admin/authors", () => {
  it("adds an author, makes the slug from the name and keeps it unique with -2, -3", async () => {
    const first = await call<AdminAuthorDetail>("POST", "/api/admin/authors", {
      name: "Zafar Iqbal",
      nameBn: "জাফর ইকবাল",
      bio: "Writes science fiction.\n\nTeaches.",
      photo: photoKey,
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      name: "Zafar Iqbal",
      nameBn: "জাফর ইকবাল",
      slug: "zafar-iqbal",
      bio: "Writes science fiction.\n\nTeaches.",
      photo: photoKey,
      bookCount: 0,
      version: 1,
      redirects: [],
    });
    const second = await call<AdminAuthorDetail>("POST", "/api/admin/authors", { name: "Zafar  Iqbal!" });
    const third = await call<AdminAuthorDetail>("POST", "/api/admin/authors", { name: "zafar iqbal" });
    expect(second.body.data?.slug).toBe("zafar-iqbal-2");
    expect(third.body.data?.slug).toBe("zafar-iqbal-3");
    expect(second.body.data).toMatchObject({ nameBn: null, bio: "", photo: null });

    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "author"), eq(auditLog.entityId, String(first.body.data!.id))));
    expect(entry).toMatchObject({ action: "author.create", actorId: staff.user.id, before: null });
    expect(entry?.after).toMatchObject({ slug: "zafar-iqbal" });
  });

  it("gives authors of one name added at the same time a slug each", async () => {
    const made = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        call<AdminAuthorDetail>(
          "POST",
          "/api/admin/authors",
          { name: "Same Name" },
          n % 2 ? staff.cookie : admin.cookie,
        ),
      ),
    );
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(made.map((r) => r.body.data?.slug).sort()).toEqual([
      "same-name",
      "same-name-2",
      "same-name-3",
      "same-name-4",
      "same-name-5",
    ]);
  });

  it("takes a given slug, and refuses one another author has with a field error", async () => {
    const made = await call<AdminAuthorDetail>("POST", "/api/admin/authors", {
      name: "Anisul Hoque",
      slug: "anisul-hoque-writer",
    });
    expect(made.status).toBe(201);
    expect(made.body.data?.slug).toBe("anisul-hoque-writer");
    const before = await h.db.select({ id: authors.id }).from(authors);
    const taken = await call("POST", "/api/admin/authors", { name: "Someone", slug: "anisul-hoque-writer" });
    expect(taken.status).toBe(400);
    expect(taken.body.errors?.slug).toMatch(/Another author/);
    expect(await h.db.select({ id: authors.id }).from(authors)).toHaveLength(before.length);
  });

  it.each([
    ["no name", { name: "" }, "name"],
    ["a name too long", { name: "x".repeat(201) }, "name"],
    ["a Bangla name too long", { name: "A", nameBn: "ক".repeat(201) }, "nameBn"],
    ["a slug with capitals", { name: "A", slug: "Bad-Slug" }, "slug"],
    ["a slug with a double hyphen", { name: "A", slug: "a--b" }, "slug"],
    ["a slug ending in a hyphen", { name: "A", slug: "ab-" }, "slug"],
    ["a bio too long", { name: "A", bio: "x".repeat(5001) }, "bio"],
    ["a photo that is not a key", { name: "A", photo: "../../etc/passwd" }, "photo"],
    ["a photo never uploaded", { name: "A", photo: "0123456789abcdef01234567" }, "photo"],
    ["a name of the wrong type", { name: 12 }, "name"],
  ])("answers 400 with a field error and adds nothing for %s", async (_what, body, field) => {
    const before = await h.db.select({ id: authors.id }).from(authors);
    const res = await call("POST", "/api/admin/authors", body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
    expect(await h.db.select({ id: authors.id }).from(authors)).toHaveLength(before.length);
  });

  it("is refused to staff without the authors permission", async () => {
    const res = await call("POST", "/api/admin/authors", { name: "Nobody" }, otherStaff.cookie);
    expect(res.status).toBe(403);
  });
});

describe("GET /api/admin/authors", () => {
  it("searches name, Bangla name and slug, counts books and sorts", async () => {
    const a = await createAuthor(h.db, "Rabindranath Tagore", "রবীন্দ্রনাথ ঠাকুর");
    const b = await createAuthor(h.db, "Kazi Nazrul Islam", "কাজী নজরুল ইসলাম");
    await createProduct(h.db, { authorIds: [a.id] });
    await createProduct(h.db, { authorIds: [a.id, b.id] });
    await createProduct(h.db, { authorIds: [a.id], kind: "ebook", published: false });

    const byName = await call<Page>("GET", "/api/admin/authors?q=tagore");
    expect(byName.status).toBe(200);
    expect(byName.body.data?.items).toEqual([
      { id: a.id, name: a.name, nameBn: a.nameBn, slug: a.slug, photo: null, bookCount: 3 },
    ]);
    const byBangla = await call<Page>("GET", `/api/admin/authors?q=${encodeURIComponent("নজরুল")}`);
    expect(byBangla.body.data?.items.map((i) => i.id)).toEqual([b.id]);
    const bySlug = await call<Page>("GET", `/api/admin/authors?q=${encodeURIComponent(b.slug)}`);
    expect(bySlug.body.data?.items.map((i) => i.id)).toEqual([b.id]);
    // % and _ are letters, not wildcards.
    const wild = await call<Page>("GET", "/api/admin/authors?q=%25");
    expect(wild.body.data?.total).toBe(0);

    const byBooks = await call<Page>("GET", "/api/admin/authors?sort=-books&limit=2");
    expect(byBooks.body.data?.items.map((i) => [i.id, i.bookCount])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
    const secondPage = await call<Page>("GET", "/api/admin/authors?sort=-books&limit=1&page=2");
    expect(secondPage.body.data?.items.map((i) => i.id)).toEqual([b.id]);
    // A search counts its matches one by one: the same order and counts.
    const searched = await call<Page>(
      "GET",
      `/api/admin/authors?q=${encodeURIComponent("a")}&sort=-books&limit=2`,
    );
    expect(searched.body.data?.items.map((i) => [i.id, i.bookCount])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
    const byNameDesc = await call<Page>("GET", "/api/admin/authors?sort=-name&limit=100");
    const names = byNameDesc.body.data!.items.map((i) => i.name.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    const byCreated = await call<Page>("GET", "/api/admin/authors?sort=createdAt&page=1&limit=1");
    expect(byCreated.body.data).toMatchObject({ page: 1, limit: 1 });
    expect(byCreated.body.data!.total).toBeGreaterThanOrEqual(2);
  });

  it("answers 400 to a bad sort or limit, 401 signed out, 403 without the permission", async () => {
    expect((await call("GET", "/api/admin/authors?sort=bio")).status).toBe(400);
    expect((await call("GET", "/api/admin/authors?limit=101")).status).toBe(400);
    expect((await h.request("GET", "/api/admin/authors?sort=bio")).status).toBe(401);
    expect((await call("GET", "/api/admin/authors", undefined, otherStaff.cookie)).status).toBe(403);
    expect((await call("GET", "/api/admin/authors", undefined, admin.cookie)).status).toBe(200);
  });
});

describe("PATCH /api/admin/authors/{id}", () => {
  it("saves the fields, raises the version and rebuilds the search names of the author's products", async () => {
    const a = await createAuthor(h.db, "Humayun Ahmed");
    const co = await createAuthor(h.db, "Co Writer", "সহ লেখক");
    const book = await createProduct(h.db, {
      title: "Himu",
      titleBn: "হিমু",
      authorIds: [a.id, co.id],
      publisher: "Anyaprokash",
    });
    const before = await productRow(book.id);

    const res = await call<AdminAuthorDetail>("PATCH", `/api/admin/authors/${a.id}`, {
      name: "Humayun Ahmed Renamed",
      nameBn: "হুমায়ূন আহমেদ",
      bio: "Novelist.",
      photo: photoKey,
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Humayun Ahmed Renamed",
      nameBn: "হুমায়ূন আহমেদ",
      slug: a.slug,
      bio: "Novelist.",
      photo: photoKey,
      version: 2,
    });
    const after = await productRow(book.id);
    expect(after.searchNames).toBe(
      "Himu হিমু Humayun Ahmed Renamed হুমায়ূন আহমেদ Co Writer সহ লেখক Anyaprokash xhimu xhumun xohmd xsh xlk",
    );
    expect(after.version).toBe(before.version + 1);

    // The shop's search finds the book by the new name.
    const found = await h.request<{ items: { id: number }[] }>("GET", "/api/search?q=Renamed");
    expect(found.body.data?.items.map((i) => i.id)).toContain(book.id);
  });

  it("answers 409 with the current record to a stale edit and changes nothing", async () => {
    const a = await createAuthor(h.db, "Selina Hossain");
    const first = await call<AdminAuthorDetail>("PATCH", `/api/admin/authors/${a.id}`, {
      name: "Selina Hossain",
      bio: "First edit",
      version: 1,
    });
    expect(first.status).toBe(200);
    const stale = await call<AdminAuthorDetail>("PATCH", `/api/admin/authors/${a.id}`, {
      name: "Selina H.",
      bio: "Second edit from an old form",
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_EDIT);
    expect(stale.body.data).toMatchObject({ id: a.id, bio: "First edit", version: 2 });
    expect(await authorRow(a.id)).toMatchObject({ name: "Selina Hossain", bio: "First edit", version: 2 });
  });

  it("answers 400 to bad input and 404 to an unknown author, changing nothing", async () => {
    const a = await createAuthor(h.db, "Syed Shamsul Haq");
    const bad = await call("PATCH", `/api/admin/authors/${a.id}`, { name: "", version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.name).toBeTruthy();
    const noVersion = await call("PATCH", `/api/admin/authors/${a.id}`, { name: "X" });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors?.version).toBeTruthy();
    expect(await authorRow(a.id)).toMatchObject({ name: "Syed Shamsul Haq", version: 1 });
    const missing = await call("PATCH", "/api/admin/authors/999999", { name: "X", version: 1 });
    expect(missing.status).toBe(404);
  });

  it("keeps a photo the author already has, and refuses a new one that was never uploaded", async () => {
    const a = await createAuthor(h.db, "Photo Kept");
    // A key from before (e.g. imported) whose files are not in this shop's storage.
    await h.db.update(authors).set({ photo: "abcdefabcdefabcdefabcdef" }).where(eq(authors.id, a.id));
    const kept = await call<AdminAuthorDetail>("PATCH", `/api/admin/authors/${a.id}`, {
      name: a.name,
      photo: "abcdefabcdefabcdefabcdef",
      bio: "Edited",
      version: 1,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data?.photo).toBe("abcdefabcdefabcdefabcdef");
    const unknown = await call("PATCH", `/api/admin/authors/${a.id}`, {
      name: a.name,
      photo: "0123456789abcdef01234567",
      version: 2,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.photo).toBeTruthy();
    expect(await authorRow(a.id)).toMatchObject({ photo: "abcdefabcdefabcdefabcdef", version: 2 });
  });

  it("a new slug leaves the old address redirecting to the author", async () => {
    const a = await createAuthor(h.db, "Shahidullah Kaiser");
    const res = await call<AdminAuthorDetail>("PATCH", `/api/admin/authors/${a.id}`, {
      name: a.name,
      slug: "shahidullah-kaiser",
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: "shahidullah-kaiser", redirects: [a.slug] });
    const old = await h.request<{ slug: string }>("GET", `/api/authors/${a.slug}`);
    expect(old.body.data?.slug).toBe("shahidullah-kaiser");
  });
});

describe("DELETE /api/admin/authors/{id}", () => {
  it("is refused with 409 while the author has products, and deletes one without", async () => {
    const linked = await createAuthor(h.db, "Jasimuddin");
    await createProduct(h.db, { authorIds: [linked.id] });
    const refused = await call("DELETE", `/api/admin/authors/${linked.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(AUTHOR_HAS_PRODUCTS);
    expect(await authorRow(linked.id)).toBeTruthy();

    const lone = await createAuthor(h.db, "Lone Author");
    const done = await call<{ id: number }>("DELETE", `/api/admin/authors/${lone.id}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ id: lone.id });
    expect(await authorRow(lone.id)).toBeUndefined();
    expect((await call("DELETE", `/api/admin/authors/${lone.id}`)).status).toBe(404);
    expect((await call("GET", `/api/admin/authors/${lone.id}`)).status).toBe(404);
  });
});

describe("POST /api/admin/authors/{id}/merge", () => {
  it("moves the links (one kept at the better position), redirects the slugs, deletes the author and rebuilds search names", async () => {
    const keep = await createAuthor(h.db, "Sunil Gangopadhyay", "সুনীল গঙ্গোপাধ্যায়");
    const dup = await createAuthor(h.db, "Sunil Ganguly");
    const other = await createAuthor(h.db, "Third Writer");
    // Only the duplicate: the link moves.
    const onlyDup = await createProduct(h.db, { title: "Pratham Alo", authorIds: [dup.id] });
    // Both: one link stays, at the duplicate's better position 0.
    const both = await createProduct(h.db, { title: "Sei Samay", authorIds: [dup.id, other.id, keep.id] });
    const untouched = await createProduct(h.db, { title: "Untouched", authorIds: [keep.id] });
    // An old slug that redirected to the duplicate now redirects to the kept author.
    await h.db.insert(authorRedirects).values({ fromSlug: "sunil-old", authorId: dup.id });
    const versions = {
      onlyDup: (await productRow(onlyDup.id)).version,
      both: (await productRow(both.id)).version,
      untouched: (await productRow(untouched.id)).version,
    };

    const res = await call<AuthorMergeResult>("POST", `/api/admin/authors/${dup.id}/merge`, {
      intoId: keep.id,
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data?.movedProducts).toBe(2);
    expect(res.body.data?.into).toMatchObject({ id: keep.id, bookCount: 3 });
    expect(res.body.data?.into.redirects.sort()).toEqual([dup.slug, "sunil-old"].sort());

    expect(await authorRow(dup.id)).toBeUndefined();
    expect(await linksOf(onlyDup.id)).toEqual([{ authorId: keep.id, position: 0 }]);
    expect(await linksOf(both.id)).toEqual([
      { authorId: keep.id, position: 0 },
      { authorId: other.id, position: 1 },
    ]);
    expect((await productRow(onlyDup.id)).searchNames).toBe(
      "Pratham Alo Sunil Gangopadhyay সুনীল গঙ্গোপাধ্যায় xsunil xgnpdi",
    );
    expect((await productRow(both.id)).searchNames).toBe(
      "Sei Samay Sunil Gangopadhyay সুনীল গঙ্গোপাধ্যায় Third Writer xsunil xgnpdi",
    );
    expect((await productRow(onlyDup.id)).version).toBe(versions.onlyDup + 1);
    expect((await productRow(both.id)).version).toBe(versions.both + 1);
    expect((await productRow(untouched.id)).version).toBe(versions.untouched);

    const redirects = await h.db.select().from(authorRedirects).where(eq(authorRedirects.authorId, keep.id));
    expect(redirects.map((r) => r.fromSlug).sort()).toEqual([dup.slug, "sunil-old"].sort());
    // The shop's author answer for the old slug is the kept author.
    const shop = await h.request<{ slug: string; products: { total: number } }>(
      "GET",
      `/api/authors/${dup.slug}`,
    );
    expect(shop.status).toBe(200);
    expect(shop.body.data).toMatchObject({ slug: keep.slug, products: { total: 3 } });

    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "author.merge"), eq(auditLog.entityId, String(dup.id))));
    expect(entry?.actorId).toBe(staff.user.id);
    expect(entry?.before).toMatchObject({ merged: { id: dup.id, bookCount: 2 }, into: { id: keep.id } });
    expect(entry?.after).toMatchObject({ mergedInto: keep.id });
  });

  it("keeps the publisher in the rebuilt search names", async () => {
    const keep = await createAuthor(h.db, "Kept Writer");
    const dup = await createAuthor(h.db, "Dup Writer");
    const book = await createProduct(h.db, {
      title: "With Publisher",
      authorIds: [dup.id],
      publisher: "Panjeree",
    });
    expect(
      (await call("POST", `/api/admin/authors/${dup.id}/merge`, { intoId: keep.id, version: 1 })).status,
    ).toBe(200);
    const [details] = await h.db.select().from(bookDetails).where(eq(bookDetails.productId, book.id));
    expect(details?.publisher).toBe("Panjeree");
    expect((await productRow(book.id)).searchNames).toBe("With Publisher Kept Writer Panjeree");
  });

  it("refuses a merge into the same author (400), an unknown author (404) and a stale version (409), changing nothing", async () => {
    const a = await createAuthor(h.db, "Merge Refused");
    const b = await createAuthor(h.db, "Merge Target");
    const book = await createProduct(h.db, { authorIds: [a.id] });
    const self = await call("POST", `/api/admin/authors/${a.id}/merge`, { intoId: a.id, version: 1 });
    expect(self.status).toBe(400);
    expect(self.body.errors?.intoId).toBeTruthy();
    expect(
      (await call("POST", `/api/admin/authors/${a.id}/merge`, { intoId: 999999, version: 1 })).status,
    ).toBe(404);
    expect((await call("POST", `/api/admin/authors/999999/merge`, { intoId: b.id, version: 1 })).status).toBe(
      404,
    );
    expect((await call("POST", `/api/admin/authors/${a.id}/merge`, { intoId: "x", version: 1 })).status).toBe(
      400,
    );
    expect((await call("POST", `/api/admin/authors/${a.id}/merge`, { intoId: b.id })).status).toBe(400);
    const stale = await call<AdminAuthorDetail>("POST", `/api/admin/authors/${a.id}/merge`, {
      intoId: b.id,
      version: 7,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: a.id, version: 1, bookCount: 1 });
    expect(
      (
        await call(
          "POST",
          `/api/admin/authors/${a.id}/merge`,
          { intoId: b.id, version: 1 },
          otherStaff.cookie,
        )
      ).status,
    ).toBe(403);
    expect(await authorRow(a.id)).toBeTruthy();
    expect(await linksOf(book.id)).toEqual([{ authorId: a.id, position: 0 }]);
  });

  it("loses no product when staff merge at the same time (many into one, and crosswise)", async () => {
    const into = await createAuthor(h.db, "Into Everyone");
    const sources = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createAuthor(h.db, `Source ${n}`)));
    // Each pair of sources shares a book, so the merges compete for the same product rows too.
    const shared: number[] = [];
    for (let i = 0; i < sources.length; i++) {
      const next = sources[(i + 1) % sources.length]!;
      shared.push((await createProduct(h.db, { authorIds: [sources[i]!.id, next.id] })).id);
      shared.push((await createProduct(h.db, { authorIds: [sources[i]!.id] })).id);
    }
    const results = await Promise.all(
      sources.map((s, i) =>
        call(
          "POST",
          `/api/admin/authors/${s.id}/merge`,
          { intoId: into.id, version: 1 },
          i % 2 ? staff.cookie : admin.cookie,
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(sources.map(() => 200));
    for (const id of shared) expect((await linksOf(id)).map((l) => l.authorId)).toEqual([into.id]);

    // Crosswise: A into B and B into A at once, several pairs together. In each pair one wins and
    // the other finds its target gone; every product ends with exactly one author, the survivor.
    const pairs = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) => {
        const a = await createAuthor(h.db, `Cross A${n}`);
        const b = await createAuthor(h.db, `Cross B${n}`);
        const made = [
          await createProduct(h.db, { authorIds: [a.id] }),
          await createProduct(h.db, { authorIds: [b.id] }),
          await createProduct(h.db, { authorIds: [a.id, b.id] }),
        ];
        return { a, b, made };
      }),
    );
    const cross = await Promise.all(
      pairs.flatMap(({ a, b }) => [
        call("POST", `/api/admin/authors/${a.id}/merge`, { intoId: b.id, version: 1 }),
        call("POST", `/api/admin/authors/${b.id}/merge`, { intoId: a.id, version: 1 }, admin.cookie),
      ]),
    );
    expect(cross.map((r) => r.status).sort()).toEqual(
      [...pairs.map(() => 200), ...pairs.map(() => 404)].sort(),
    );
    for (const { a, b, made } of pairs) {
      const survivor = (await authorRow(a.id)) ? a.id : b.id;
      expect((await authorRow(a.id)) && (await authorRow(b.id))).toBeFalsy();
      for (const p of made) expect((await linksOf(p.id)).map((l) => l.authorId)).toEqual([survivor]);
    }
  });
});
