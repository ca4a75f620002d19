import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "../contracts/locale";
import { addAdminMessages, i18nFor, isAdminPath } from "./i18n";
import { isAssetLoadError, reloadAfterAssetFailure } from "./lib/asset-reload";

// A failed asset (chunk) load reloads the page, at most once per 10 s.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterAssetFailure();
});
window.addEventListener("unhandledrejection", (event) => {
  if (isAssetLoadError(event.reason)) reloadAfterAssetFailure();
});

/** Marks the moment hydration has committed: the benchmark reads it (bench/parts/usable.ts). */
function HydratedMark() {
  useEffect(() => {
    performance.mark("pathagar:hydrated");
  }, []);
  return null;
}

// The server wrote the page's language in <html lang>: its catalogue (only that one) is loaded
// before hydrating, so the first render matches the server's words; an admin page adds the back
// office's part (later navigations into it: layouts/guard-admin.tsx).
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
void Promise.all([
  i18nFor(locale),
  isAdminPath(window.location.pathname) ? addAdminMessages(locale) : undefined,
]).then(([i18n]) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
        <HydratedMark />
      </StrictMode>,
    );
  });
});
