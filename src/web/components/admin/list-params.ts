import { useCallback, useEffect } from "react";
import { useNavigation, useSearchParams } from "react-router";

/**
 * The view last asked for and not yet shown: a second change made while the first one's list is
 * still loading (a filter, then a sort at once, on a slow line) builds on it, not on the view still
 * on screen, so the first change is not lost. Cleared when no navigation is pending.
 */
let requested: { path: string; search: string } | null = null;

/**
 * An admin list's view lives in the URL (page, limit, q, sort and the list's filters), so a view
 * can be bookmarked, shared and reloaded. `set` changes some of them; changing anything but the
 * page goes back to page 1. An empty value removes the parameter.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const idle = useNavigation().state === "idle";
  const shown = params.toString();
  useEffect(() => {
    if (idle || requested?.search === shown) requested = null;
  }, [idle, shown]);
  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>, options?: { replace?: boolean }) => {
      // Read at the moment of the change, not from the last render: the page may not have drawn
      // the previous change yet.
      const { pathname, search } = window.location;
      const next = new URLSearchParams(requested?.path === pathname ? requested.search : search);
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === "") next.delete(k);
        else next.set(k, String(v));
      }
      if (!("page" in patch)) next.delete("page");
      requested = { path: pathname, search: next.toString() };
      setParams(next, { replace: options?.replace ?? false, preventScrollReset: true });
    },
    [setParams],
  );
  return { params, get: (name: string) => params.get(name) ?? "", set };
}

/**
 * The next sort after a click on a column's header: ascending, then descending, then ascending
 * again. (Returning to the list's default instead left a list whose default is this column's
 * descending order, such as the newest accounts first, unmoved by the click.)
 */
export function nextSort(current: string, column: string): string {
  return current === column ? `-${column}` : column;
}
