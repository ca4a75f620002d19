import { Link, useLocation } from "react-router";
import { TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

type Section = { label: string; to: string };

/** What the shop sells, each kind's list. */
export const SHOP_SECTIONS: readonly Section[] = [
  { label: /*i18n*/ "Books", to: "/search?kind=book" },
  { label: /*i18n*/ "E-books", to: "/ebook" },
  { label: /*i18n*/ "Bundles", to: "/bundle" },
  { label: /*i18n*/ "Stationery", to: "/stationery" },
  { label: /*i18n*/ "Courses", to: "/content" },
];

/** The academic tracks' pages. */
export const TRACK_SECTIONS: readonly Section[] = TRACKS.map((t) => ({
  label: TRACK_INFO[t].name,
  to: TRACK_INFO[t].path,
}));

/** True when the page shown is the section's list (its path, and its kind for "Books"). */
function useIsCurrent(): (to: string) => boolean {
  const { pathname, search } = useLocation();
  return (to) => {
    const url = new URL(to, "http://x");
    if (url.pathname !== pathname) return false;
    const want = url.searchParams.get("kind");
    return want === null || new URLSearchParams(search).get("kind") === want;
  };
}

export function SectionLink({ section, className }: { section: Section; className: string }) {
  const { i18n } = useLingui();
  const isCurrent = useIsCurrent();
  const current = isCurrent(section.to);
  return (
    <Link
      to={section.to}
      prefetch="intent"
      aria-current={current ? "page" : undefined}
      className={cn(className, current && "text-brand-800 underline decoration-2 underline-offset-4")}
    >
      {i18n._(section.label)}
    </Link>
  );
}

/** The category bar of a wide screen: every section in one row under the header. */
export function CategoryBar() {
  const { i18n } = useLingui();
  const link =
    "inline-flex min-h-10 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-slate-800 hover:bg-slate-100 hover:text-brand-800";
  return (
    <nav aria-label={i18n._("Categories")} className="hidden border-t border-slate-100 md:block">
      <ul className="mx-auto flex max-w-6xl items-center gap-1 overflow-x-auto px-2 sm:px-3">
        {SHOP_SECTIONS.map((s) => (
          <li key={s.to}>
            <SectionLink section={s} className={link} />
          </li>
        ))}
        <li aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />
        {TRACK_SECTIONS.map((s) => (
          <li key={s.to}>
            <SectionLink section={s} className={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
