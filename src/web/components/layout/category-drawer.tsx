import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useLingui } from "../../i18n";
import { SectionLink, SHOP_SECTIONS, TRACK_SECTIONS } from "./category-nav";

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
