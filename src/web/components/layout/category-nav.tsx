import { Menu, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
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
 * The category drawer of a phone: a menu button opening a modal `<dialog>` from the left (the
 * browser makes the rest of the page inert and closes it on Escape; Tab wraps inside it). It
 * closes on a navigation, a tap outside it or its close button, and gives focus back to the button.
 */
export function CategoryDrawer() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // A navigation (a link in the drawer, the back button) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => setOpen(false), [pathname, search]);

  function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== "Tab") return;
    const items = e.currentTarget.querySelectorAll<HTMLElement>("a[href], button");
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  const link =
    "flex min-h-12 items-center rounded-md px-3 text-base font-medium text-slate-900 hover:bg-slate-100";
  return (
    <>
      <button
        type="button"
        className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
        aria-label={i18n._("Menu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="category-drawer-title"
        className="m-0 h-dvh max-h-dvh w-[min(20rem,85vw)] max-w-none bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
        onClose={() => setOpen(false)}
        onKeyDown={wrapTab}
        // A tap on the backdrop lands on the dialog itself, outside its panel; a tapped link closes
        // it at once, while its page loads under the progress bar.
        onClick={(e) => {
          if (e.target === e.currentTarget || (e.target as Element).closest("a")) setOpen(false);
        }}
      >
        {open ? (
          <div className="flex h-full flex-col overflow-y-auto p-3">
            <div className="mb-2 flex items-center justify-between">
              <h2 id="category-drawer-title" className="px-3 text-lg font-bold text-slate-900">
                {i18n._("Browse")}
              </h2>
              <button
                type="button"
                className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
                aria-label={i18n._("Close menu")}
                onClick={() => setOpen(false)}
              >
                <X aria-hidden="true" className="h-6 w-6" />
              </button>
            </div>
            <nav aria-label={i18n._("Categories")}>
              <h3 className="px-3 pt-2 pb-1 text-sm font-semibold text-slate-600">Shop</h3>
              <ul>
                {SHOP_SECTIONS.map((s) => (
                  <li key={s.to}>
                    <SectionLink section={s} className={link} />
                  </li>
                ))}
              </ul>
              <h3 className="px-3 pt-4 pb-1 text-sm font-semibold text-slate-600">Academic</h3>
              <ul>
                {TRACK_SECTIONS.map((s) => (
                  <li key={s.to}>
                    <SectionLink section={s} className={link} />
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
