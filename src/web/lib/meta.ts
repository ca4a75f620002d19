import type { Locale } from "../../contracts/locale";
import { translate } from "../i18n";

type MatchLike = { id: string; data?: unknown } | undefined;

/** The page's language, as the root loader read it. */
export function pageLocale(matches: readonly MatchLike[]): Locale | undefined {
  return (matches.find((m) => m?.id === "root")?.data as { locale?: Locale } | undefined)?.locale;
}

/**
 * "Page | Shop" using the shop name the root loader read from the configuration; the title in
 * the page's language (a title is a catalogue message; a product's name, found in none, stays).
 */
export function pageTitle(matches: readonly MatchLike[], title?: string): string {
  const root = matches.find((m) => m?.id === "root")?.data as { shopName?: string } | undefined;
  const shop = root?.shopName ?? "Pathagar";
  return title ? `${translate(pageLocale(matches), title)} | ${shop}` : shop;
}
