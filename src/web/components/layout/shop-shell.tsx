import { useLingui } from "../../i18n";
import { isListPath } from "../../lib/list-paths";
import { ListingSkeleton } from "../catalog/product-grid";
import { Footer } from "./footer";
import { Header } from "./header";
import { usePendingPath, useSlowNavigation } from "./navigation-progress";

/**
 * The default layout: header, main, footer. While a slow navigation goes to a list page, the list's
 * skeleton stands in for the page being left, so a tap shows its answer is on the way.
 */
export function Shell({ children }: { children: React.ReactNode }) {
  const slow = useSlowNavigation();
  const pending = usePendingPath();
  const { i18n } = useLingui();
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
    </div>
  );
}
