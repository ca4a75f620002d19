import { useSyncExternalStore } from "react";
import { useLingui } from "../../i18n";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

export type ConfirmOptions = {
  title: string;
  description?: string;
  /** The button that goes ahead, e.g. "Delete book". */
  confirmLabel: string;
  /** Red button: the action deletes or cannot be undone. */
  destructive?: boolean;
};

type Pending = ConfirmOptions & { resolve: (yes: boolean) => void };

let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/**
 * Asks the staff member to confirm an action in a dialog; resolves true when they go ahead, false
 * when they cancel or close it. One question at a time: a second call answers the first "no".
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...options, resolve };
    emit();
  });
}

function answer(yes: boolean) {
  const p = pending;
  pending = null;
  emit();
  p?.resolve(yes);
}

/** Where confirmAction's dialog is drawn: once, in the admin layout. */
export function ConfirmHost() {
  const { i18n } = useLingui();
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
    () => null,
  );
  return (
    <Dialog
      open={current !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      title={current?.title ?? ""}
      description={current?.description}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => answer(false)}>
          {i18n._("Cancel")}
        </Button>
        <Button variant={current?.destructive ? "destructive" : "primary"} onClick={() => answer(true)}>
          {current?.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
