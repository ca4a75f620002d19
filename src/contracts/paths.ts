import type { ProductKind } from "./catalog";

/** The storefront page of a product. */
export function productPath(p: { kind: ProductKind; id: number; slug: string }): string {
  switch (p.kind) {
    case "book":
      return `/book/${p.id}`;
    case "ebook":
      return `/ebook/${p.id}`;
    case "bundle":
      return `/bundle/${p.slug}`;
    case "stationary":
      return `/stationery/${p.id}`;
    case "content":
      return `/content/${p.id}`;
  }
}
