import type { z } from "zod";
import type {
  authorRefSchema,
  chapterSchema,
  productCardSchema,
  productDetailSchema,
} from "./answers/catalog";
import type { pageFields } from "./answers/shared";

import {
  CHAPTER_KINDS,
  type ChapterKind,
  PRODUCT_KINDS,
  type ProductKind,
  TRACKS,
  type Track,
} from "./enums";

export { CHAPTER_KINDS, type ChapterKind, PRODUCT_KINDS, type ProductKind, TRACKS, type Track };

/** Kinds bought once and read or watched online: always quantity 1 in a cart. */
export const DIGITAL_KINDS: readonly ProductKind[] = ["ebook", "content"];

/** Whether a kind (a product's, or an order line's as stored) is read or watched online. */
export function isDigitalKind(kind: string): boolean {
  return (DIGITAL_KINDS as readonly string[]).includes(kind);
}

/** Physical kinds carry stock and need delivery. */
export const PHYSICAL_KINDS: readonly ProductKind[] = ["book", "stationary", "bundle"];

export const TRACK_INFO: Record<Track, { name: string; path: string; blurb: string }> = {
  hsc: {
    name: /*i18n*/ "HSC",
    path: "/academic",
    blurb: /*i18n*/ "Textbooks, guides and test papers for every HSC subject",
  },
  cycle: {
    name: /*i18n*/ "Academic cycle",
    path: "/academic/cycle",
    blurb: /*i18n*/ "Chapter-by-chapter preparation through the HSC year",
  },
  engineering: {
    name: /*i18n*/ "Engineering",
    path: "/engineering",
    blurb: /*i18n*/ "BUET, CKRUET and engineering admission tests",
  },
  medical: {
    name: /*i18n*/ "Medical",
    path: "/medical",
    blurb: /*i18n*/ "MBBS and dental admission preparation",
  },
  varsity: {
    name: /*i18n*/ "Varsity",
    path: "/varsity",
    blurb: /*i18n*/ "Dhaka University and other university admission tests",
  },
};

export const SORTS = ["relevance", "newest", "price_asc", "price_desc", "best_selling"] as const;
export type Sort = (typeof SORTS)[number];

export const INFO_SLUGS = [
  "about",
  "cancelation",
  "contact",
  "privacy-policy",
  "refund",
  "termsandconditions",
] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export type AuthorRef = z.infer<typeof authorRefSchema>;

/** A product as lists show it, money in poisha (in the API as inside the server). */
export type ProductCard = z.infer<typeof productCardSchema>;

export type Chapter = z.infer<typeof chapterSchema>;

export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A list's page; `more` is set when more matched than `total` counts (a search counts up to 1,000). */
export type Page<T> = z.infer<typeof pageFields> & { items: T[] };
