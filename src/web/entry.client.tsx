import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "../contracts/locale";
import { addAdminMessages, completeCatalogue, i18nFor, i18nForPage, isAdminPath } from "./i18n";
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
function HydratedMark({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => {
    performance.mark("pathagar:hydrated");
    onHydrated?.();
  }, [onHydrated]);
  return null;
}

declare global {
  // The catalogue messages the server's render of this page looked up (i18n/page-messages.server.ts).
  var __pageMessages: Messages | undefined;
}

// The server wrote the page's language in <html lang> and the messages its render used: hydration
// starts on those, so the first render matches the server's words without waiting for the
// language's catalogue, which is added once hydrated. A page without them (an admin page, whose
// back-office part is loaded first: later navigations into it are layouts/guard-admin.tsx) waits
// for the catalogue as before.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
const pageMessages = isAdminPath(window.location.pathname) ? undefined : self.__pageMessages;
const ready = pageMessages
  ? Promise.resolve(i18nForPage(locale, pageMessages))
  : Promise.all([
      i18nFor(locale),
      isAdminPath(window.location.pathname) ? addAdminMessages(locale) : undefined,
    ]).then(([i18n]) => i18n);
void ready.then((i18n) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
        <HydratedMark onHydrated={pageMessages ? () => void completeCatalogue(i18n, locale) : undefined} />
      </StrictMode>,
    );
  });
});
