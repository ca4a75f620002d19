import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * An admin list's view lives in the URL (page, limit, q, sort and the list's filters), so a view
 * can be bookmarked, shared and reloaded. `set` changes some of them; changing anything but the
 * page goes back to page 1. An empty value removes the parameter.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>, options?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === undefined || v === "") next.delete(k);
            else next.set(k, String(v));
          }
          if (!("page" in patch)) next.delete("page");
          return next;
        },
        { replace: options?.replace ?? false, preventScrollReset: true },
      );
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
