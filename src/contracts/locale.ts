/**
 * The shop's two interface languages. English is the default and the source of every message;
 * Bangla is translated in the catalogue (src/web/i18n/locales/bn.po). The choice is kept in a
 * cookie and, for a signed-in user, in the profile (`users.locale`); the cookie wins, since it is
 * what this browser last chose.
 */
export const LOCALES = ["en", "bn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "pathagar_lang";

/** The switch's labels: each language named in itself. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", bn: "বাংলা" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The page's language: the cookie's, else the profile's, else English. Unknown values are ignored. */
export function resolveLocale(choice: { cookie?: string | null; profile?: string | null }): Locale {
  if (isLocale(choice.cookie)) return choice.cookie;
  if (isLocale(choice.profile)) return choice.profile;
  return DEFAULT_LOCALE;
}

/** The language cookie's value in a Cookie header, when there is one. */
export function localeFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) return rest.join("=");
  }
  return null;
}

const BANGLA_DIGITS = "০১২৩৪৫৬৭৮৯";

/** ASCII digits in a text as Bangla digits (for texts not made by `Intl`, such as a phone number). */
export function banglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]!);
}

const integers: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }),
  // Indian grouping (১,২৫,০০০) with Bangla digits: what Bangladeshi readers write.
  bn: new Intl.NumberFormat("en-IN-u-nu-beng", { maximumFractionDigits: 0 }),
};

/** A number with `minDigits` to `digits` decimals (a rating: 4.0 / ৪.০; a star label: 4 / 4.5). */
export function formatDecimal(
  n: number,
  locale: Locale = DEFAULT_LOCALE,
  digits = 1,
  minDigits = digits,
): string {
  const tag = locale === "bn" ? "en-IN-u-nu-beng" : "en-IN";
  return new Intl.NumberFormat(tag, {
    minimumFractionDigits: minDigits,
    maximumFractionDigits: digits,
  }).format(n);
}

/** A whole number in the language's digits and grouping: `1,250` / `১,২৫০`. */
export function formatNumber(n: number, locale: Locale = DEFAULT_LOCALE): string {
  return integers[locale].format(n);
}
