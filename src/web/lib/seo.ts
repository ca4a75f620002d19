import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "../../contracts/catalog";
import { absoluteImageUrl, DEFAULT_MEDIA_BASE } from "../../contracts/images";
import { effectivePrice, toTaka } from "../../contracts/money";
import { translate } from "../i18n";
import { pageLocale, pageTitle } from "./meta";

type MatchLike = { id: string; data?: unknown } | undefined;
type Root = { shopName?: string; origin?: string; mediaBase?: string };

function root(matches: readonly MatchLike[]): Root {
  return (matches.find((m) => m?.id === "root")?.data as Root | undefined) ?? {};
}

export type SeoInput = {
  title: string;
  description: string;
  /** The page's own path; with the shop's origin it is the canonical URL. */
  path: string;
  image?: string | null;
  type?: "website" | "product" | "book" | "profile";
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
};

/** Title, description, canonical URL, Open Graph and, when given, schema.org JSON-LD. */
export function seoMeta(matches: readonly MatchLike[], input: SeoInput): MetaDescriptor[] {
  const { origin = "", shopName = "Pathagar", mediaBase = DEFAULT_MEDIA_BASE } = root(matches);
  const url = `${origin}${input.path}`;
  const locale = pageLocale(matches);
  const description = translate(locale, input.description).replace(/\s+/g, " ").trim().slice(0, 160);
  const meta: MetaDescriptor[] = [
    { title: pageTitle(matches, input.title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: translate(locale, input.title) },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) {
    meta.push({ property: "og:image", content: absoluteImageUrl(origin, mediaBase, input.image, 800) });
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) meta.push({ "script:ld+json": input.jsonLd });
  return meta;
}

/** schema.org `Book`/`Product` with its `Offer` and, once reviewed, `AggregateRating`. */
export function productJsonLd(
  p: ProductDetail,
  { origin, shopName, mediaBase }: Site,
): Record<string, unknown> {
  const url = `${origin}${p.url}`;
  const price = effectivePrice(p);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": p.kind === "book" || p.kind === "ebook" ? ["Book", "Product"] : "Product",
    "@id": url,
    name: p.title,
    ...(p.titleBn ? { alternateName: p.titleBn } : {}),
    description: p.description.slice(0, 500),
    url,
    sku: `${p.kind}-${p.id}`,
    ...(p.image ? { image: absoluteImageUrl(origin, mediaBase, p.image, 800) } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: toTaka(price).toFixed(2),
      priceCurrency: "BDT",
      availability: `https://schema.org/${SCHEMA_AVAILABILITY[p.availability.state]}`,
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shopName },
    },
  };
  if (p.authors.length) ld.author = p.authors.map((a) => ({ "@type": "Person", name: a.name }));
  if (p.book) {
    if (p.book.isbn) ld.isbn = p.book.isbn;
    if (p.book.pages) ld.numberOfPages = p.book.pages;
    if (p.book.publisher) ld.publisher = { "@type": "Organization", name: p.book.publisher };
    if (p.book.edition) ld.bookEdition = p.book.edition;
    ld.bookFormat = "https://schema.org/Paperback";
  }
  if (p.ebook) {
    ld.bookFormat = "https://schema.org/EBook";
    ld.numberOfPages = p.ebook.pageCount;
  }
  if (p.kind === "book" || p.kind === "ebook") ld.inLanguage = p.language;
  if (p.stationery?.brand) ld.brand = { "@type": "Brand", name: p.stationery.brand };
  if (p.rating.count > 0 && p.rating.average !== null) {
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: p.rating.average,
      reviewCount: p.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

export type Site = { origin: string; shopName: string; mediaBase: string };

/** The shop's origin, name and media base as the root loader gave them, for JSON-LD in a route's meta. */
export function siteOf(matches: readonly MatchLike[]): Site {
  const r = root(matches);
  return {
    origin: r.origin ?? "",
    shopName: r.shopName ?? "Pathagar",
    mediaBase: r.mediaBase ?? DEFAULT_MEDIA_BASE,
  };
}

/** How schema.org names each state of the availability rule (contracts/availability.ts). */
const SCHEMA_AVAILABILITY = {
  in_stock: "InStock",
  backorder: "BackOrder",
  preorder: "PreOrder",
  out_of_stock: "OutOfStock",
  out_of_print: "Discontinued",
} as const;
