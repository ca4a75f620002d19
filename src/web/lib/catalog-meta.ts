import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "../../contracts/catalog";
import { effectivePrice, formatTaka } from "../../contracts/money";
import { productJsonLd, seoMeta, siteOf } from "./seo";

type MatchLike = { id: string; data?: unknown } | undefined;

/** A product page: its own title and description, canonical URL, Open Graph and JSON-LD. */
export function productMeta(matches: readonly MatchLike[], p: ProductDetail): MetaDescriptor[] {
  const { origin, shopName } = siteOf(matches);
  const by = p.authors.length ? ` by ${p.authors.map((a) => a.name).join(", ")}` : "";
  const price = formatTaka(effectivePrice(p));
  return seoMeta(matches, {
    title: p.title,
    description: p.description.trim() || `${p.title}${by}: ${price} at ${shopName}.`,
    path: p.url,
    image: p.image,
    type: p.kind === "book" || p.kind === "ebook" ? "book" : "product",
    jsonLd: productJsonLd(p, origin, shopName),
  });
}

/** A list page; page 2 onwards is its own canonical URL. */
export function listMeta(
  matches: readonly MatchLike[],
  input: { title: string; description: string; path: string; page?: number; noindex?: boolean },
): MetaDescriptor[] {
  const paged = input.page && input.page > 1;
  return seoMeta(matches, {
    title: paged ? `${input.title} (page ${input.page})` : input.title,
    description: input.description,
    path: paged ? `${input.path}?page=${input.page}` : input.path,
    type: "website",
    noindex: input.noindex,
  });
}
