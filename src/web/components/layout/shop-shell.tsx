import { useLocation } from "react-router";
import { useLingui } from "../../i18n";
import { lazyOnClient } from "../../lib/lazy-on-client";
import { isListPath } from "../../lib/list-paths";
import { useRootData } from "../../lib/root-data";
import { ListingSkeleton } from "../catalog/product-grid";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePendingPath, useSlowNavigation } from "./navigation-progress";

// The cookie notice shows until a choice is made, only when a tag is configured; its code loads as
// the page hydrates (the form works before it).
const ConsentNotice = lazyOnClient(() => import("../consent/consent-notice").then((m) => m.ConsentNotice));

/**
 * The default layout: header, main, footer. While a slow navigation goes to a list page, the list's
 * skeleton stands in for the page being left, so a tap shows its answer is on the way.
 */
export function Shell({ children }: { children: React.ReactNode }) {
  const slow = useSlowNavigation();
  const pending = usePendingPath();
  const { i18n } = useLingui();
  const { tags, tagsAllowed, consent } = useRootData();
  // The cookie page is the choice itself: no notice over it.
  const onConsentPage = useLocation().pathname === "/consent";
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {i18n._("Skip to content")}
      </a>
      <Header />
      <main
        id="main"
        aria-busy={slow || undefined}
        className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-4"
      >
        {pending && isListPath(pending) ? <ListingSkeleton /> : children}
      </main>
      <Footer />
      {tags && tagsAllowed && !consent && !onConsentPage ? (
        <>
          {/* Room under the footer for the notice, which covers the window's foot. */}
          <div aria-hidden="true" className="h-48 sm:h-24" />
          <ConsentNotice />
        </>
      ) : null}
    </div>
  );
}
