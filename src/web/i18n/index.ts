/**
 * The shop's languages on the page (docs/decisions/0033-bangla-and-english.md). A component
 * writes its text in English through Lingui and the catalogue gives it in the page's language:
 *
 *   const { i18n } = useLingui();
 *   <button>{i18n._("Add to cart")}</button>
 *   i18n._("Cart, {count} items", { count })
 *
 * Strings in tables outside components are marked `/*i18n*\/ "About us"` and shown with
 * `i18n._(label)`. Numbers, prices and dates take the page's language: `useLocale()`.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  banglaDigits,
  DEFAULT_LOCALE,
  formatDecimal,
  formatNumber,
  isLocale,
  type Locale,
} from "../../contracts/locale";
import { formatTaka } from "../../contracts/money";
import { formatDhakaDate, formatDhakaDateTime } from "../lib/dates";
import { compileEnglish, type SimpleCompiled } from "./english-catalogue";

// Rich text (`<Trans id="… <0>terms</0> …" components={…} />`) imports Trans from
// "@lingui/react" itself, so that `lingui extract` finds it.
export { useLingui } from "@lingui/react";

/**
 * The compiled shop catalogue of one language: each its own chunk, so a page loads only its own.
 * In English only the messages with a value or a plural are in it (english-catalogue.ts).
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } = locale === "bn" ? await import("./locales/bn.po") : await import("./locales/en.po");
  return messages;
}

/** The back office's part of a language's catalogue: loaded by the admin pages only (decision 33). */
export async function loadAdminMessages(locale: Locale): Promise<Messages> {
  const { messages } =
    locale === "bn" ? await import("./locales/admin/bn.po") : await import("./locales/admin/en.po");
  return messages;
}

// English messages outside the catalogue, compiled as first shown (a server renders many pages:
// at most this many are kept).
const englishCompiled = new Map<string, SimpleCompiled>();
const ENGLISH_COMPILED_KEPT = 5_000;

/**
 * An English message the catalogue does not hold: its own id, with its `{name}` values put in
 * (english-catalogue.ts); a text that is no such message is shown as written.
 */
export function compileSourceMessage(message: string): SimpleCompiled {
  let compiled = englishCompiled.get(message);
  if (compiled === undefined) {
    compiled = compileEnglish(message) ?? message;
    if (englishCompiled.size < ENGLISH_COMPILED_KEPT) englishCompiled.set(message, compiled);
  }
  return compiled;
}

/**
 * An instance of one language over its compiled catalogue. The catalogues are compiled when
 * built; English, the source language, ships only what `compileSourceMessage` cannot make of the
 * id itself (decision 33). Outside production Lingui would also compile at run time a Bangla
 * message the catalogue lacks (a text translated twice, a message never extracted), so the server
 * rendered it where the browser and production show it raw with a warning: without the run-time
 * compiler every process warns alike ("Uncompiled message detected!"), and a test watching the
 * server's log sees it.
 */
export function makeI18n(locale: Locale, messages: Messages): I18n {
  const made = setupI18n({ locale, messages: { [locale]: messages } });
  made.setMessagesCompiler(
    (locale === "en" ? compileSourceMessage : undefined) as Parameters<I18n["setMessagesCompiler"]>[0],
  );
  return made;
}

// One instance per language: an instance holds only its language and catalogue, so the
// server's concurrent requests share them safely; the browser makes only its page's one.
const instances: Partial<Record<Locale, I18n>> = {};
const making: Partial<Record<Locale, Promise<I18n>>> = {};
const withAdmin: Partial<Record<Locale, Promise<void>>> = {};

/**
 * The i18n instance of a language, its catalogue loaded (once): on the server both parts, as it
 * renders every page; in the browser the shop's part, the admin pages adding theirs.
 */
export function i18nFor(locale: Locale): Promise<I18n> {
  making[locale] ??= (async () => {
    const [shop, admin] = await Promise.all([
      loadMessages(locale),
      import.meta.env.SSR ? loadAdminMessages(locale) : undefined,
    ]);
    const messages = { ...shop, ...admin };
    const made = makeI18n(locale, import.meta.env.SSR ? watched(messages) : messages);
    instances[locale] = made;
    return made;
  })();
  return making[locale];
}

// The server: told of each catalogue message a render looks up (i18n/page-messages.server.ts).
let lookedUp: ((id: string) => void) | undefined;

/** On the server: `seen` is told the id of each catalogue message looked up from now on. */
export function onMessageLookup(seen: (id: string) => void): void {
  lookedUp = seen;
}

/** A catalogue that tells `lookedUp` of each message read from it (Lingui reads `messages[id]`). */
function watched(messages: Messages): Messages {
  return new Proxy(messages, {
    get(target, id) {
      const message = target[id as string];
      if (message !== undefined && typeof id === "string") lookedUp?.(id);
      return message;
    },
  });
}

/**
 * In the browser: the page's instance over the messages its HTML carries (the ones the server's
 * render looked up, `self.__pageMessages`), so that hydration waits for no catalogue. The rest of
 * the catalogue follows: `completeCatalogue`.
 */
export function i18nForPage(locale: Locale, pageMessages: Messages): I18n {
  const made = makeI18n(locale, { ...pageMessages });
  instances[locale] = made;
  making[locale] = Promise.resolve(made);
  return made;
}

/**
 * The whole catalogue added to the page's instance once it has hydrated. What was rendered was
 * in the page's messages already, so nothing renders again, unless something looked up a message
 * the page's part lacks in the meantime (a toast, a menu opened early): then every text is
 * rendered again in the page's language.
 */
export async function completeCatalogue(i18n: I18n, locale: Locale): Promise<void> {
  const missed = new Set<string>();
  const stop = i18n.on("missing", ({ id }) => missed.add(id));
  try {
    const all = await loadMessages(locale);
    if ([...missed].some((id) => all[id] !== undefined)) i18n.load(locale, all);
    else Object.assign(i18n.messages, all);
  } finally {
    stop();
  }
}

/**
 * The back office's pages, whose messages are the catalogue's admin part (src/web/routes.ts): read
 * as the router matches, without regard to case and after decoding (`/Admin/%6frders`).
 */
export function isAdminPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: matched as written.
  }
  path = path.toLowerCase();
  return path === "/admin" || path.startsWith("/admin/");
}

/** The back office's messages added to the language's instance (once); the server has them already. */
export function addAdminMessages(locale: Locale): Promise<void> {
  withAdmin[locale] ??= (async () => {
    const [i18n, admin] = await Promise.all([i18nFor(locale), loadAdminMessages(locale)]);
    i18n.load(locale, admin);
  })();
  return withAdmin[locale];
}

/**
 * A message in a language outside components (page titles in `meta`): the language's instance
 * when loaded, else the English as written.
 */
export function translate(locale: Locale | undefined, id: string, values?: Record<string, unknown>): string {
  const i18n = instances[locale ?? DEFAULT_LOCALE];
  // A text that is no message (a product's title or description given to the page's meta) is
  // shown as written: never compiled as a message, where its braces would be read as placeholders.
  if (!i18n || (i18n.messages[id] === undefined && values === undefined)) return id;
  return i18n._(id, values);
}

/** The page's language. */
export function useLocale(): Locale {
  const locale = useLingui().i18n.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** Numbers, prices and Dhaka dates in the page's language: `৳১,২৫০` in Bangla, `৳1,250` in English. */
export function useFormat() {
  const locale = useLocale();
  return {
    locale,
    number: (n: number) => formatNumber(n, locale),
    decimal: (n: number, digits = 1, minDigits = digits) => formatDecimal(n, locale, digits, minDigits),
    /** A year, ungrouped: 2026 / ২০২৬. */
    year: (y: number) => (locale === "bn" ? banglaDigits(String(y)) : String(y)),
    taka: (poisha: number) => formatTaka(poisha, locale),
    date: (at: string | Date) => formatDhakaDate(at, locale),
    dateTime: (at: string | Date) => formatDhakaDateTime(at, locale),
  };
}

/**
 * A message written in English by the server or a schema, in the page's language when the
 * catalogue knows it (a value's message too: `translateMessage`, its own chunk with the messages'
 * templates; the shell's parts need only this). Anything else as it came.
 */
export function translateIfKnown(i18n: I18n, text: string): string {
  return text && i18n.messages[text] !== undefined ? i18n._(text) : text;
}

// Server messages with values, matched to their templates: loaded with the pages that show them.
export { translateMessage, useMessage } from "./messages";
