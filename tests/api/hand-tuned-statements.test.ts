/**
 * The hand-tuned statements of the hot paths (decisions 41–45) answer exactly as the plain
 * versions beside them: the product page's (services/catalog/statements.ts) on every product of
 * the demo catalogue, the cart's (services/cart/statements.ts) on the same adds made to two
 * carts, one by each, and its read by a user's id, by a live session and plainly.
 */

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_KINDS, type ProductKind } from "../../src/contracts/catalog";
import { products, relatedProducts } from "../../src/server/db/schema";
import { seedCatalog } from "../../src/server/seed/catalog";
import { sessionHashOf } from "../../src/server/services/accounts/sessions";
import {
  type AddParams,
  addPlainly,
  addStatement,
  readCart,
  readCartPlainly,
} from "../../src/server/services/cart/statements";
import { refreshRelatedProducts } from "../../src/server/services/catalog/related";
import {
  keptRelatedQuery,
  productQuery,
  productRowPlainly,
  RELATED_LIMIT,
  relatedPlainly,
  relatedQuery,
} from "../../src/server/services/catalog/statements";
import { addBundleItems, createProduct } from "./factories";
import { createHarness, type Harness } from "./harness";

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await seedCatalog(h.ctx());
});
afterAll(async () => {
  await h?.close();
});

describe("the product page's statements", () => {
  it("read every product as the plain version does, by id and by slug, published or not", async () => {
    const all = await h.db
      .select({ id: products.id, slug: products.slug, kind: products.kind, published: products.published })
      .from(products);
    expect(all.length).toBeGreaterThan(200);
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(PRODUCT_KINDS));
    for (const [n, p] of all.entries()) {
      // A published product reads alike either way: "any" is asked of the unpublished ones and a
      // sample of the rest.
      const ways = !p.published || n % 10 === 0 ? (["published", "any"] as const) : (["published"] as const);
      for (const which of ways) {
        for (const key of [p.id, p.slug]) {
          const by = typeof key === "number" ? "id" : "slug";
          const [tuned] = await productQuery(h.db, `${p.kind}:${by}:${which}`).execute({ key });
          const plain = await productRowPlainly(h.db, p.kind, key, which);
          expect(tuned, `${p.kind} ${key} ${which}`).toEqual(plain);
        }
      }
    }
  });

  it("rank every product's related products as the plain version does", async () => {
    const all = await h.db
      .select({ id: products.id, kind: products.kind, tracks: products.tracks })
      .from(products);
    let some = 0;
    for (const p of all) {
      const variant = `${p.kind}:${p.tracks.length > 0 ? "tracks" : "none"}` as const;
      const { rows } = await relatedQuery(h.db, variant).execute({ id: p.id });
      const tuned = rows
        .sort((a, b) => a.part - b.part || b.sold - a.sold || a.id - b.id)
        .slice(0, RELATED_LIMIT)
        .map((r) => r.id);
      expect(tuned, `related of ${p.kind} ${p.id}`).toEqual(await relatedPlainly(h.db, p));
      if (tuned.length > 0) some++;
    }
    // Most products have related ones: the comparison is not of empty lists.
    expect(some).toBeGreaterThan(all.length / 2);
  });

  it("keep every product's related products as the plain version ranks them (the jobs' refresh)", async () => {
    const first = await refreshRelatedProducts(h.db);
    const all = await h.db
      .select({ id: products.id, kind: products.kind, tracks: products.tracks })
      .from(products);
    expect(first.written + first.dropped).toBe(all.length);
    // A product whose candidates a cut list might have hidden is left to its page: few are.
    expect(first.dropped).toBeLessThan(all.length / 20);
    let kept = 0;
    for (const p of all) {
      const { rows } = await keptRelatedQuery(h.db, "statement").execute({ id: p.id });
      if (rows.length === 0) continue;
      kept++;
      const ids = rows.flatMap((r) => (r.id === null ? [] : [r.id]));
      expect(ids, `kept related of ${p.kind} ${p.id}`).toEqual(await relatedPlainly(h.db, p));
    }
    expect(kept).toBe(first.written);
    // Nothing moved since: a second refresh writes nothing.
    expect(await refreshRelatedProducts(h.db)).toEqual({ written: 0, dropped: first.dropped });
  });

  it("leave out a kept related product taken down since, and the page reads the rest", async () => {
    await refreshRelatedProducts(h.db);
    const [withSix] = await h.db
      .select({ id: relatedProducts.productId, ids: relatedProducts.ids })
      .from(relatedProducts)
      .where(sql`cardinality(${relatedProducts.ids}) = ${RELATED_LIMIT}`)
      .limit(1);
    expect(withSix).toBeDefined();
    const [gone, ...rest] = withSix!.ids;
    await h.db.update(products).set({ published: false }).where(eq(products.id, gone!));
    try {
      const { rows } = await keptRelatedQuery(h.db, "statement").execute({ id: withSix!.id });
      expect(rows.flatMap((r) => (r.id === null ? [] : [r.id]))).toEqual(rest);
    } finally {
      await h.db.update(products).set({ published: true }).where(eq(products.id, gone!));
    }
  });
});

describe("the cart's statements", () => {
  /** A cart's lines without the ids that differ from one cart to another. */
  const shape = (read: Awaited<ReturnType<typeof readCartPlainly>>) => ({
    hasCart: read.cart !== undefined,
    couponId: read.cart?.couponId ?? null,
    district: read.cart?.district ?? null,
    lines: read.lines.map(({ id: _id, ...line }) => line),
  });

  it("add as the plain steps do, refuse what they refuse, and read the same cart three ways", async () => {
    const scarce = await createProduct(h.db, { stock: 3 });
    const plenty = await createProduct(h.db, { stock: 500 });
    const gone = await createProduct(h.db, { kind: "stationary", stock: 0 });
    const ebook = await createProduct(h.db, { kind: "ebook" });
    const course = await createProduct(h.db, { kind: "content" });
    const hidden = await createProduct(h.db, { published: false });
    const bundle = await createProduct(h.db, { kind: "bundle" });
    await addBundleItems(h.db, bundle.id, [
      { itemId: scarce.id, quantity: 1 },
      { itemId: ebook.id, quantity: 1 },
    ]);
    const tuned = await h.createUser();
    const plain = await h.createUser();
    const token = decodeURIComponent(/pathagar_session=([^;]+)/.exec(tuned.cookie)![1]!);
    const tokenHash = sessionHashOf(h.config, token)!;

    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));
    const steps: (Omit<AddParams, "now" | "source" | "addKey"> & { addKey?: string })[] = [
      { productId: 999_999, kind: "book", quantity: 1 },
      { productId: hidden.id, kind: "book", quantity: 1 },
      { productId: scarce.id, kind: "stationary", quantity: 1 },
      { productId: scarce.id, kind: "book", quantity: 2, addKey: "tap-1" },
      { productId: scarce.id, kind: "book", quantity: 2, addKey: "tap-1" },
      { productId: scarce.id, kind: "book", quantity: 2, addKey: "tap-2" },
      { productId: scarce.id, kind: "book", quantity: 1, addKey: "tap-3" },
      { productId: scarce.id, kind: "book", quantity: 1 },
      { productId: plenty.id, kind: "book", quantity: 100 },
      { productId: plenty.id, kind: "book", quantity: 1 },
      { productId: plenty.id, kind: "book", quantity: 101 },
      { productId: gone.id, kind: "stationary", quantity: 1 },
      { productId: ebook.id, kind: "ebook", quantity: 1 },
      { productId: ebook.id, kind: "ebook", quantity: 1 },
      { productId: course.id, kind: "content", quantity: 1 },
      { productId: course.id, kind: "content", quantity: 1, addKey: "tap-4" },
      { productId: bundle.id, kind: "bundle", quantity: 1 },
      { productId: bundle.id, kind: "bundle", quantity: 1 },
    ];
    for (const [n, step] of steps.entries()) {
      const a: AddParams = { ...step, addKey: step.addKey ?? null, source: "book", now: at(n) };
      const { rows } = await addStatement(h.db, "statement").execute({ ...a, userId: tuned.user.id });
      const answer = await addPlainly(h.db, plain.user.id, a);
      expect(rows[0], `step ${n}: ${JSON.stringify(step)}`).toEqual(answer);

      const byId = await readCart(h.db, { userId: tuned.user.id });
      const bySession = await readCart(h.db, { tokenHash, now: at(n) });
      expect(bySession).toEqual(byId);
      expect(await readCartPlainly(h.db, tuned.user.id)).toEqual(byId);
      expect(shape(await readCartPlainly(h.db, plain.user.id)), `cart after step ${n}`).toEqual(shape(byId));
    }
    const final = await readCart(h.db, { userId: tuned.user.id });
    expect(final.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [scarce.id, 3],
      [plenty.id, 100],
      [ebook.id, 1],
      [course.id, 1],
      [bundle.id, 2],
    ]);
  });

  it("the session's variants find nobody for a session that is not live, and write nothing", async () => {
    const book = await createProduct(h.db, { stock: 5 });
    const now = new Date();
    const nobody = { tokenHash: "not-a-session", now };
    const { rows } = await addStatement(h.db, "by session").execute({
      tokenHash: nobody.tokenHash,
      now,
      productId: book.id,
      kind: "book" satisfies ProductKind,
      quantity: 1,
      source: "book",
      addKey: null,
    });
    expect(rows[0]).toEqual({ available: 5, written: 0 });
    expect(await readCart(h.db, nobody)).toEqual({ cart: undefined, lines: [] });
  });
});
