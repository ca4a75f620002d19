import type { MetaDescriptor } from "react-router";
import { type ProductDetail, TRACK_INFO, type Track } from "../../contracts/catalog";
import { formatNumber } from "../../contracts/locale";
import { effectivePrice, formatTaka } from "../../contracts/money";
import { translate } from "../i18n";
import { pageLocale } from "./meta";
import { productJsonLd, seoMeta, siteOf } from "./seo";

type MatchLike = { id: string; data?: unknown } | undefined;

/** A product page: its own title and description, canonical URL, Open Graph and JSON-LD. */
export function productMeta(matches: readonly MatchLike[], p: ProductDetail): MetaDescriptor[] {
  const site = siteOf(matches);
  const { shopName } = site;
  const by = p.authors.length ? ` by ${p.authors.map((a) => a.name).join(", ")}` : "";
  const price = formatTaka(effectivePrice(p));
  return seoMeta(matches, {
    title: p.title,
    description: p.description.trim() || `${p.title}${by}: ${price} at ${shopName}.`,
    path: p.url,
    image: p.image,
    type: p.kind === "book" || p.kind === "ebook" ? "book" : "product",
    jsonLd: productJsonLd(p, site),
  });
}

/**
 * A list page; page 2 onwards is its own canonical URL. Title and description are catalogue
 * messages, with `values` for their placeholders, written in the page's language.
 */
export function listMeta(
  matches: readonly MatchLike[],
  input: {
    title: string;
    description: string;
    values?: Record<string, unknown>;
    path: string;
    page?: number;
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const locale = pageLocale(matches);
  const paged = input.page && input.page > 1;
  const title = translate(locale, input.title, input.values);
  return seoMeta(matches, {
    title: paged
      ? translate(locale, /*i18n*/ "{title} (page {page})", {
          title,
          page: formatNumber(input.page ?? 1, locale),
        })
      : title,
    description: translate(locale, input.description, input.values),
    path: paged ? `${input.path}?page=${input.page}` : input.path,
    type: "website",
    noindex: input.noindex,
  });
}

/** An academic track's list page: its title, and its blurb as the description. */
export function trackMeta(
  matches: readonly MatchLike[],
  track: Track,
  title: string,
  page: number,
): MetaDescriptor[] {
  return listMeta(matches, {
    title,
    description: /*i18n*/ "{blurb}: books, bundles, e-books and courses.",
    values: { blurb: translate(pageLocale(matches), TRACK_INFO[track].blurb) },
    path: TRACK_INFO[track].path,
    page,
  });
}
