/**
 * The cart's hand-tuned statements (decisions 42, 44 and 45), each beside the plain version it
 * must answer as: the read of a cart with its lines as rows of plain columns (`readCart`, against
 * `readCartPlainly`), and the add in one statement (`addStatement`, against `addPlainly`, the
 * same steps one by one). Both variants of each look their caller up the same way, by a user's id
 * or by a live session (`sessionCallerSql`). tests/api/hand-tuned-statements.test.ts runs both on
 * the same carts and asks for the same answers; a change to one is a change to both.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { MAX_LINE_QUANTITY } from "../../../contracts/cart";
import type { ProductKind } from "../../../contracts/catalog";
import { type BindQuery, type Db, inTransaction, preparedSql, unbound } from "../../db/client";
import { bundleItems, cartLines, carts, products } from "../../db/schema";
import { type SessionCaller, sessionCallerSql } from "../accounts/sessions";

/**
 * How many of a product one may have: stock for books and stationery; for a bundle, as many as
 * its scarcest printed item allows (a bundle of only digital items is not limited); digital 1.
 * A book or stationery item that may wait for stock (back-orders allowed, or a release date set,
 * and not out of print) is not limited by its stock: the checkout asks the availability rule
 * (contracts/availability.ts) with its clock, and a line it cannot serve or keep waiting is refused
 * there. The statement names no date, so that the same text is prepared for every day.
 */
export const availableSql = sql<number | null>`case
  when ${products.kind} in ('ebook', 'content') then 1
  when ${products.kind} = 'bundle' then (
    select min(coalesce(i.stock, 0) / bi.quantity) from ${bundleItems} bi join ${products} i on i.id = bi.item_id
    where bi.bundle_id = ${sql.raw(`"products"."id"`)} and i.kind in ('book', 'stationary')
  )
  when not ${products.outOfPrint} and (${products.backorderDays} is not null or ${products.releaseDate} is not null) then null
  else greatest(coalesce(${products.stock}, 0), 0)
end`;

/** What the availability rule reads of a cart line's product (contracts/availability.ts). */
export const availabilityColumns = {
  stock: products.stock,
  releaseDate: sql<string | null>`to_char(${products.releaseDate}, 'YYYY-MM-DD')`,
  backorderDays: products.backorderDays,
  outOfPrint: products.outOfPrint,
  preorderOnlineOnly: products.preorderOnlineOnly,
};

/** What pricing and the page need of a cart line and its product. */
export const lineColumns = {
  id: cartLines.id,
  productId: cartLines.productId,
  kind: cartLines.kind,
  quantity: cartLines.quantity,
  source: cartLines.source,
  title: products.title,
  slug: products.slug,
  image: products.image,
  price: products.price,
  salePrice: products.salePrice,
  available: availableSql,
  ...availabilityColumns,
};

/**
 * The cart's lines of published products with what pricing and the page need, in one query: of
 * the cart, or of the user's cart.
 */
export function readLines(db: Db, of: { cartId: number } | { userId: number }) {
  return db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(
      and(
        "cartId" in of
          ? eq(cartLines.cartId, of.cartId)
          : inArray(
              cartLines.cartId,
              db.select({ id: carts.id }).from(carts).where(eq(carts.userId, of.userId)),
            ),
        eq(products.published, true),
      ),
    )
    .orderBy(asc(cartLines.id));
}

export type LineRow = Awaited<ReturnType<typeof readLines>>[number];

/**
 * Whose cart a statement is about: a user known, or the caller of a session the statement looks
 * up itself (decision 44), who is nobody when the session is not live.
 */
export type Shopper = { userId: number } | SessionCaller;
export const bySession = (who: Shopper): who is SessionCaller => "tokenHash" in who;

/** The user id of the caller of a statement that looks the session up itself: null for nobody. */
const sessionCallerId = sql`(${sessionCallerSql})`;

/** What pricing and the page need of the cart row itself. */
export type CartHead = Pick<typeof carts.$inferSelect, "id" | "couponId" | "district">;

/** A row of `cartQuery`: the cart, and one line with its product (none for a cart without lines). */
type CartReadRow = {
  cartId: number;
  couponId: number | null;
  district: string | null;
  published: boolean | null;
} & { [K in keyof LineRow as K extends "id" ? "lineId" : K]: LineRow[K] | null };

/** `lineColumns` as a select list, each named as in `CartReadRow` (the line's id as `lineId`). */
const lineSelect = sql.join(
  Object.entries(lineColumns).map(
    ([name, column]) => sql`${column} as ${sql.identifier(name === "id" ? "lineId" : name)}`,
  ),
  sql`, `,
);

/**
 * The user's cart and its lines, in one query (one row per line). Hand-written, as rows of plain
 * columns: the query builder's mapping of a joined row into nested objects cost about 1 µs a
 * line, on every add and every read of the cart (decision 45).
 */
const cartQuery = preparedSql<CartReadRow, "with lines" | "by session">((variant) => ({
  name: variant === "by session" ? "cart_read_by_session" : "cart_read",
  query: sql`select ${carts.id} as "cartId", ${carts.couponId} as "couponId", ${carts.district} as "district",
      ${lineSelect}, ${products.published} as "published"
    from ${carts}
    left join ${cartLines} on ${cartLines.cartId} = ${carts.id}
    left join ${products} on ${products.id} = ${cartLines.productId}
    where ${carts.userId} = ${variant === "by session" ? sessionCallerId : sql`${sql.placeholder("userId")}::integer`}
    order by ${cartLines.id}`,
}));

export async function readCart(
  db: Db,
  who: Shopper,
  on: BindQuery = unbound,
): Promise<{ cart: CartHead | undefined; lines: LineRow[] }> {
  const { rows } = await on(cartQuery(db, bySession(who) ? "by session" : "with lines")).execute(who);
  const first = rows[0];
  const lines: LineRow[] = [];
  for (const r of rows) {
    if (!r.published || r.lineId === null) continue;
    lines.push({
      id: r.lineId,
      productId: r.productId!,
      kind: r.kind!,
      quantity: r.quantity!,
      source: r.source!,
      title: r.title!,
      slug: r.slug!,
      image: r.image,
      price: r.price!,
      salePrice: r.salePrice,
      available: r.available,
      stock: r.stock,
      releaseDate: r.releaseDate,
      backorderDays: r.backorderDays,
      outOfPrint: r.outOfPrint!,
      preorderOnlineOnly: r.preorderOnlineOnly!,
    });
  }
  return {
    cart: first && { id: first.cartId, couponId: first.couponId, district: first.district },
    lines,
  };
}

/**
 * The add's one statement (see addToCart): the product's availability and how many lines it
 * wrote. Its cart is the user's, or the session caller's (nobody's, and nothing written, when the
 * session is not live).
 */
export const addStatement = preparedSql<
  { available: number | null; written: number },
  "statement" | "by session"
>((variant) => ({
  name: variant === "by session" ? "cart_add_by_session" : "cart_add",
  query: sql`
    with u as (
      select ${variant === "by session" ? sessionCallerId : sql`${sql.placeholder("userId")}::integer`} as id
    ), p as (
      select ${products.id} as id, ${products.kind} as kind, ${availableSql} as available
      from ${products}
      where ${products.id} = ${sql.placeholder("productId")} and ${products.kind} = ${sql.placeholder("kind")}
        and ${products.published}
    ), c as (
      insert into ${carts} (user_id, created_at, updated_at)
      select u.id, ${sql.placeholder("now")}, ${sql.placeholder("now")}
      from u where u.id is not null and exists (select 1 from p)
      on conflict (user_id) do update set updated_at = excluded.updated_at
      returning id
    ), l as (
      insert into ${cartLines} as cl (cart_id, product_id, kind, quantity, source, add_key, created_at)
      select c.id, p.id, p.kind, ${sql.placeholder("quantity")}, ${sql.placeholder("source")},
        ${sql.placeholder("addKey")}, ${sql.placeholder("now")}
      from c, p
      where ${sql.placeholder("quantity")} <= least(coalesce(p.available, ${sql.raw(String(MAX_LINE_QUANTITY))}), ${sql.raw(String(MAX_LINE_QUANTITY))})
      on conflict (cart_id, product_id) do update
        set quantity = cl.quantity + excluded.quantity, add_key = excluded.add_key
        where (excluded.add_key is null or cl.add_key is distinct from excluded.add_key)
          and cl.kind not in ('ebook', 'content')
          and cl.quantity + excluded.quantity <= least(
            coalesce((select available from p), ${sql.raw(String(MAX_LINE_QUANTITY))}), ${sql.raw(String(MAX_LINE_QUANTITY))})
      returning cl.id
    )
    select p.available, (select count(*) from l)::int as written from p`,
}));

/** The plain version of `readCart` by a user's id: the cart, then its lines through the query builder. */
export async function readCartPlainly(
  db: Db,
  userId: number,
): Promise<{ cart: CartHead | undefined; lines: LineRow[] }> {
  const [cart] = await db
    .select({ id: carts.id, couponId: carts.couponId, district: carts.district })
    .from(carts)
    .where(eq(carts.userId, userId))
    .limit(1);
  return { cart, lines: cart ? await readLines(db, { cartId: cart.id }) : [] };
}

/** What an add is asked to do (`addStatement`'s parameters). */
export type AddParams = {
  productId: number;
  kind: ProductKind;
  quantity: number;
  source: string;
  addKey: string | null;
  now: Date;
};

/**
 * The plain version of `addStatement` for a user known, its steps one by one in a transaction:
 * the product and what of it may be had; the cart made or touched (only for a product that is
 * there); the line inserted, or added to, under the same limits. Answers as the statement does:
 * nothing for no such product, else its availability and how many lines were written.
 */
export async function addPlainly(
  db: Db,
  userId: number,
  a: AddParams,
): Promise<{ available: number | null; written: number } | undefined> {
  return inTransaction(db, async (tx) => {
    const [product] = await tx
      .select({ id: products.id, kind: products.kind, available: availableSql })
      .from(products)
      .where(and(eq(products.id, a.productId), eq(products.kind, a.kind), eq(products.published, true)));
    if (!product) return undefined;
    const available = product.available === null ? null : Number(product.available);
    const limit = Math.min(available ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
    const [cart] = await tx
      .insert(carts)
      .values({ userId, createdAt: a.now, updatedAt: a.now })
      .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: a.now } })
      .returning({ id: carts.id });
    const [line] = await tx
      .select({
        id: cartLines.id,
        kind: cartLines.kind,
        quantity: cartLines.quantity,
        addKey: cartLines.addKey,
      })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cart!.id), eq(cartLines.productId, a.productId)))
      .for("update");
    if (!line) {
      if (a.quantity > limit) return { available, written: 0 };
      await tx.insert(cartLines).values({
        cartId: cart!.id,
        productId: product.id,
        kind: product.kind,
        quantity: a.quantity,
        source: a.source,
        addKey: a.addKey,
        createdAt: a.now,
      });
      return { available, written: 1 };
    }
    const sameTap = a.addKey !== null && line.addKey === a.addKey;
    const digital = line.kind === "ebook" || line.kind === "content";
    if (sameTap || digital || line.quantity + a.quantity > limit) return { available, written: 0 };
    await tx
      .update(cartLines)
      .set({ quantity: line.quantity + a.quantity, addKey: a.addKey })
      .where(eq(cartLines.id, line.id));
    return { available, written: 1 };
  });
}
