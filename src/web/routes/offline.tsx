import { DEFAULT_LOCALE, isLocale } from "../../contracts/locale";
import banglaFontUrl from "../fonts/noto-sans-bengali-bengali-400-normal.woff2?url";
import { i18nFor } from "../i18n";
import { getApp } from "../lib/app-context.server";
import { renderOfflinePage } from "../offline/offline-page";
import type { Route } from "./+types/offline";

/**
 * `/offline?lang=bn`: the page the service worker keeps at install and shows when a navigation
 * fails without network (src/web/sw.ts). The language is the address's, not the visitor's
 * cookie, so the worker keeps one copy per language and picks the visitor's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  const html = renderOfflinePage(await i18nFor(locale), locale, getApp(context).nonce, banglaFontUrl);
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Kept by the worker at install; never from a shared cache (its script carries a nonce).
      "Cache-Control": "no-cache",
    },
  });
}
