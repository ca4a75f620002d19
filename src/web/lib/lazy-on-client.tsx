import { type ComponentType, lazy, memo, Suspense } from "react";

/**
 * A component whose code the browser loads only when a page first shows it (an error page, a
 * toast), while the server renders it into the page's HTML at once: the page reads right without
 * scripts, and hydrates that markup once the code has come (React leaves the server's markup
 * there until then). The server imports the code when this module loads, so that its render
 * never waits for it: `React.lazy` alone would stream it after the rest of the page, which only
 * scripts can show.
 *
 * It renders again only when its props change (`memo`): a parent's render after hydration (the
 * header's, once hydrated) would otherwise reach the boundary before its code has come, and React
 * would drop the server's markup for the empty fallback until it comes (a menu opened before the
 * scripts would close).
 */
export function lazyOnClient<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let onServer: ComponentType<P> | undefined;
  if (import.meta.env.SSR) {
    void load().then((component) => {
      onServer = component;
    });
  }
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // Made once per component, at module level (as React.lazy is): never inside a render.
  // biome-ignore lint/correctness/noComponentHookFactories: a module-level factory, like lazy()
  return memo(function LazyOnClient(props: P) {
    const Ready = onServer;
    return <Suspense fallback={null}>{Ready ? <Ready {...props} /> : <Lazy {...props} />}</Suspense>;
  });
}
