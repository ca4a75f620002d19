import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { Flash } from "../../../contracts/flash";
import { useLingui } from "../../i18n";
import { lazyOnClient } from "../../lib/lazy-on-client";
import type { RootData } from "../../lib/root-data";
import { toast, useToasts } from "../../lib/toast";

// A toast's look and words (and the server messages' translations they need) load with the first
// toast a page shows; the server writes a form's message into the page at once (lazy-on-client.tsx).
const loadToastItem = () => import("./toast-item").then((m) => m.ToastItem);
const ToastItem = lazyOnClient(loadToastItem);

/**
 * The message a form's action left for this page (HTML first). Until the page's scripts run it
 * is part of the server's markup, so a post without JavaScript shows it; once they run it becomes
 * a toast like any other (closing, timing out), shown once per message.
 */
function useFlash(): Flash | null {
  const flash = (useRouteLoaderData("root") as RootData | undefined)?.flash ?? null;
  const [handedOver, setHandedOver] = useState<Flash | null>(null);
  useEffect(() => {
    if (flash && flash !== handedOver) {
      toast({ ...flash });
      setHandedOver(flash);
    }
  }, [flash, handedOver]);
  return flash && flash !== handedOver ? flash : null;
}

/** Shows the open toast (at most one) at the bottom of the screen. */
export function Toaster() {
  const { i18n } = useLingui();
  const toasts = useToasts();
  const flash = useFlash();
  return (
    <section
      aria-label={i18n._("Notifications")}
      data-toaster=""
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] mx-auto flex max-w-md flex-col gap-2 p-3"
    >
      {flash ? <ToastItem t={{ ...flash, id: 0, open: true }} flash /> : null}
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <ToastItem key={t.id} t={t} />
        ))}
    </section>
  );
}
