import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { useLingui } from "../../i18n";

/** How long a navigation runs before anything shows: a fast one never flashes a bar. */
export const PROGRESS_DELAY_MS = 150;

/**
 * True while a navigation (a link, a form, a revalidation by one) has run longer than the delay.
 * The bar and the skeletons read it, so that both appear together and never for a quick answer.
 */
export function useSlowNavigation(): boolean {
  const busy = useNavigation().state !== "idle";
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), PROGRESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return busy && slow;
}

/**
 * Where a slow navigation is going when it leaves the page shown (a new path), or null: a list
 * page shows its skeleton there at once; a filter of the same list swaps its own grid instead.
 */
export function usePendingPath(): string | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const slow = useSlowNavigation();
  const to = navigation.location?.pathname;
  return slow && to && to !== pathname ? to : null;
}

/**
 * A thin bar across the top of the window during every navigation that takes longer than
 * PROGRESS_DELAY_MS: it creeps towards the end (it cannot know how far the server is) and goes
 * when the page arrives. An indeterminate progress bar for assistive technology.
 */
export function NavigationProgress() {
  const slow = useSlowNavigation();
  const { i18n } = useLingui();
  if (!slow) return null;
  return (
    <div
      role="progressbar"
      aria-label={i18n._("Loading page")}
      data-testid="navigation-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden"
    >
      <div className="nav-progress h-full w-full origin-left bg-brand-600" />
    </div>
  );
}
