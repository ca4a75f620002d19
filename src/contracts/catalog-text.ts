/** Text the catalogue derives from a product's names: its URL slug and its search names. */

import { banglaKeys } from "./banglish";

/** A URL slug from English text: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/**
 * What the search matches: title, Bangla title, each author's English and Bangla name, and the
 * publisher, separated by spaces; then the Banglish key of each Bangla word (`banglaKeys`), so a
 * title typed in Latin letters ("podartho biggan") finds পদার্থবিজ্ঞান by the same full-text and
 * trigram (typo) indexes.
 */
export function searchNamesOf(p: {
  title: string;
  titleBn?: string | null;
  authors?: { name: string; nameBn?: string | null }[];
  publisher?: string | null;
}): string {
  const names = [
    p.title,
    p.titleBn ?? "",
    ...(p.authors ?? []).flatMap((a) => [a.name, a.nameBn ?? ""]),
    p.publisher ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return [names, ...banglaKeys(names)].join(" ");
}
