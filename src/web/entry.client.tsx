import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAssetLoadError, reloadAfterAssetFailure } from "./lib/asset-reload";

// A failed asset (chunk) load reloads the page, at most once per 10 s.
window.addEventListener("vite:preloadError", (event) => {
  event.preventDefault();
  reloadAfterAssetFailure();
});
window.addEventListener("unhandledrejection", (event) => {
  if (isAssetLoadError(event.reason)) reloadAfterAssetFailure();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
