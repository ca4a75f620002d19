import { Search } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLingui } from "../../i18n";
import { Dialog } from "../ui/dialog";

// cmdk and the box load on first use, so the admin layout's own chunk stays small.
const loadCommand = () => import("./search-command");
const SearchCommand = lazy(loadCommand);

/** True when a key pressed there is typing (a field, or editable text), not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The admin search from any admin page: the header's Search button, Ctrl+K (⌘K on a Mac), or "/"
 * when not typing in a field, open the search box in a dialog.
 */
export function SearchLauncher() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen(true);
      } else if (e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadCommand}
        onFocus={loadCommand}
        aria-keyshortcuts="Control+K Meta+K /"
        title={i18n._("Search ({shortcut} or /)", { shortcut: "Ctrl+K" })}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <Search aria-hidden="true" className="h-4 w-4" />
        {/* Beside the shop's name in the narrow sidebar only the icon fits; the name stays "Search". */}
        <span className="md:sr-only">{i18n._("Search")}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={i18n._("Search the back office")}>
        {open ? (
          <Suspense fallback={<p className="text-sm text-slate-600">{i18n._("Please wait...")}</p>}>
            <SearchCommand onOpen={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </Dialog>
    </>
  );
}
