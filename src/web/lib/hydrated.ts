import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False on the server and while React hydrates the server's markup, true once the page's scripts
 * run it (HTML first): a part that only a page without scripts needs (a form's submit button the
 * scripts replace by acting on change) is kept until then, so the markup hydrates unchanged.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
