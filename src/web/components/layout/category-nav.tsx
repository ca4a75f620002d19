import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
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

function SectionLink({ section, className }: { section: Section; className: string }) {
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

/**
 * The category menu of a phone: a `<details>` disclosure under the header, so it opens before and
 * without the page's scripts. With them it closes on a navigation or a tapped link, on Escape
 * (focus back on its button) and on a tap outside it. It is left uncontrolled: a menu opened
 * before hydration stays as the visitor left it.
 */
export function CategoryDrawer() {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname, search } = useLocation();

  // A navigation (a link in the menu, the back button) closes it; hydrating is none.
  const shown = useRef(pathname + search);
  useEffect(() => {
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    if (ref.current) ref.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const onDown = (e: PointerEvent) => {
      if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
    };
    // A tapped link closes it at once (its page loads under the progress bar), the current page's too.
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element).closest?.("a");
      if (link && menu.contains(link)) menu.open = false;
    };
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  const link =
    "flex min-h-12 items-center rounded-md px-3 text-base font-medium text-slate-900 hover:bg-slate-100";
  const heading = "px-3 pt-3 pb-1 text-sm font-semibold text-slate-600";
  return (
    <details ref={ref} className="group shrink-0 md:hidden">
      <summary className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="h-6 w-6 group-open:hidden" />
        <X aria-hidden="true" className="hidden h-6 w-6 group-open:block" />
        <span className="sr-only">{i18n._("Menu")}</span>
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-7rem)] overflow-y-auto border-b border-slate-200 bg-white px-3 pb-4 shadow-lg">
        <nav aria-label={i18n._("Categories")}>
          <h2 className={heading}>{i18n._("Browse the shop")}</h2>
          <ul>
            {SHOP_SECTIONS.map((s) => (
              <li key={s.to}>
                <SectionLink section={s} className={link} />
              </li>
            ))}
          </ul>
          <h2 className={heading}>{i18n._("Academic tracks")}</h2>
          <ul>
            {TRACK_SECTIONS.map((s) => (
              <li key={s.to}>
                <SectionLink section={s} className={link} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </details>
  );
}
