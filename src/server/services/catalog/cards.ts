/** A product as a card (lists, search, related, a bundle's items): its columns and its shape. */
import { sql } from "drizzle-orm";
import { availabilityOf } from "../../../contracts/availability";
import type { AuthorRef, ProductCard, ProductKind } from "../../../contracts/catalog";
import { shownSalePrice } from "../../../contracts/money";
import { productPath } from "../../../contracts/paths";
import { dhakaDay } from "../../../contracts/sales";
import { authors, bundleItems, productAuthors, products } from "../../db/schema";

// Inside a subquery of the select list Drizzle prints a column without its table, where it would
// bind to the inner table's own `id`: the outer product's id is written out in full.
export const outerId = sql.raw(`"products"."id"`);

/** Digital kinds are always available; a bundle is when every item is; others by stock. */
export const inStockSql = sql<boolean>`(
  ${products.kind} in ('ebook', 'content')
  or (${products.kind} <> 'bundle' and coalesce(${products.stock}, 0) > 0)
  or (${products.kind} = 'bundle' and not exists (
    select 1 from ${bundleItems} bi join ${products} i on i.id = bi.item_id
    where bi.bundle_id = ${outerId} and i.kind in ('book', 'stationary') and coalesce(i.stock, 0) < bi.quantity
  ))
)`;

const authorsSql = sql<AuthorRef[]>`coalesce((
  select json_agg(json_build_object('name', a.name, 'nameBn', a.name_bn, 'slug', a.slug) order by pa.position)
  from ${productAuthors} pa join ${authors} a on a.id = pa.author_id
  where pa.product_id = ${outerId}
), '[]'::json)`;

export const cardColumns = {
  id: products.id,
  kind: products.kind,
  slug: products.slug,
  title: products.title,
  titleBn: products.titleBn,
  price: products.price,
  salePrice: products.salePrice,
  image: products.image,
  ratingSum: products.ratingSum,
  ratingCount: products.ratingCount,
  inStock: inStockSql,
  authors: authorsSql,
  // What the availability rule reads (contracts/availability.ts); the date as text, whatever the driver.
  stock: products.stock,
  releaseDate: sql<string | null>`to_char(${products.releaseDate}, 'YYYY-MM-DD')`,
  backorderDays: products.backorderDays,
  outOfPrint: products.outOfPrint,
};

/** A card's columns named as the card's fields, for a hand-written statement. */
export const cardSelect = sql.join(
  Object.entries(cardColumns).map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
  sql`, `,
);

export type CardRow = {
  id: number;
  kind: ProductKind;
  slug: string;
  title: string;
  titleBn: string | null;
  price: number;
  salePrice: number | null;
  image: string | null;
  ratingSum: number;
  ratingCount: number;
  inStock: boolean;
  authors: AuthorRef[];
  stock: number | null;
  releaseDate: string | null;
  backorderDays: number | null;
  outOfPrint: boolean;
};

/**
 * A card from its row. Its availability is as of `today` (the Dhaka day; the catalogue's reads are
 * the shop's answers as of now, kept a short while by the public cache).
 */
export function toCard(r: CardRow, today: string = dhakaDay(new Date())): ProductCard {
  const inStock = Boolean(r.inStock);
  return {
    id: r.id,
    kind: r.kind,
    slug: r.slug,
    title: r.title,
    titleBn: r.titleBn,
    price: r.price,
    salePrice: shownSalePrice(r),
    inStock,
    availability: availabilityOf(
      {
        kind: r.kind,
        // A bundle's stock is what its printed items allow: in stock or not.
        stock: r.kind === "bundle" ? (inStock ? 1 : 0) : r.stock === null ? null : Number(r.stock),
        releaseDate: r.releaseDate ?? null,
        backorderDays:
          r.backorderDays === null || r.backorderDays === undefined ? null : Number(r.backorderDays),
        outOfPrint: Boolean(r.outOfPrint),
      },
      today,
    ),
    image: r.image,
    authors: r.authors ?? [],
    rating: {
      average: r.ratingCount ? Math.round((r.ratingSum / r.ratingCount) * 10) / 10 : null,
      count: r.ratingCount,
    },
    url: productPath(r),
  };
}
