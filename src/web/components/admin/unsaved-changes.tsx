import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { useBlocker } from "react-router";
import { useLingui } from "../../i18n";
import { confirmAction } from "./confirm";

export const LEAVE_UNSAVED = /*i18n*/ "Leave without saving?";

/** Where the forms of an admin page say whether they hold unsaved changes. */
type UnsavedRegistry = { report: (form: string, dirty: boolean) => void };

const UnsavedChanges = createContext<UnsavedRegistry | null>(null);

/**
 * The admin pages' one guard against losing an edit: React Router allows one navigation blocker
 * at a time, and a page often has several forms (a book's form and its stock panel, an order's
 * address and money), so each form reports its unsaved state here (useUnsavedChanges) and this
 * one blocker asks before the staff member leaves the page while any form has changes: in the app
 * (a link, Back) with the confirm dialog, and when the tab is closed or reloaded with the
 * browser's own question. Drawn once, in the admin layout.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const dirtyForms = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const report = useCallback((form: string, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(form);
    else dirtyForms.current.delete(form);
    setAnyDirty(dirtyForms.current.size > 0);
  }, []);
  const registry = useMemo(() => ({ report }), [report]);
  // Read when a navigation starts: the forms' state at that moment, not at the last render.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyForms.current.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void confirmAction({
      title: i18n._(LEAVE_UNSAVED),
      description: i18n._("Your changes on this page have not been saved and will be lost."),
      confirmLabel: i18n._("Leave"),
      destructive: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, i18n]);
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [anyDirty]);
  return <UnsavedChanges.Provider value={registry}>{children}</UnsavedChanges.Provider>;
}

/**
 * Tells the page's guard whether this form holds unsaved changes; a form that goes away takes
 * its changes with it. Only inside the admin layout (UnsavedChangesGuard).
 */
export function useUnsavedChanges(dirty: boolean) {
  const registry = useContext(UnsavedChanges);
  if (!registry) throw new Error("useUnsavedChanges needs the admin layout's UnsavedChangesGuard");
  const form = useId();
  useEffect(() => {
    registry.report(form, dirty);
  }, [registry, form, dirty]);
  useEffect(() => () => registry.report(form, false), [registry, form]);
}
