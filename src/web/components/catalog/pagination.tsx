import { Link, useLocation } from "react-router";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/** The page numbers to show: the first, the last, and the current one with its neighbours. */
export function pageWindow(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

const cell =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold";

/** Previous / numbered / next links that keep the list's other search parameters. */
export function Pagination({ page, limit, total }: { page: number; limit: number; total: number }) {
  const { pathname, search } = useLocation();
  const { i18n } = useLingui();
  const { number } = useFormat();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  };
  const link = cn(
    cell,
    "border border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800",
  );
  return (
    <nav aria-label={i18n._("Pages")} className="mt-8 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          <span aria-hidden="true">←</span>&nbsp;{i18n._("Previous")}
        </Link>
      ) : null}
      <span className="px-1 text-sm font-semibold text-slate-800 sm:hidden">
        {i18n._("Page {page} of {pages}", { page: number(page), pages: number(pages) })}
      </span>
      <ul className="hidden flex-wrap items-center gap-1 sm:flex">
        {pageWindow(page, pages).map((p, i) =>
          p === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-700">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={cn(cell, "bg-brand-700 text-white")}>
                  <span className="sr-only">{i18n._("Page {page}", { page: number(p) })}</span>
                  <span aria-hidden="true">{number(p)}</span>
                </span>
              ) : (
                <Link to={href(p)} className={link}>
                  <span className="sr-only">{i18n._("Page {page}", { page: number(p) })}</span>
                  <span aria-hidden="true">{number(p)}</span>
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          {i18n._("Next")}&nbsp;<span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
