import { useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { Flash } from "../../../contracts/flash";
import { useLingui, useMessage } from "../../i18n";
import { cn } from "../../lib/cn";
import type { RootData } from "../../lib/root-data";
import { dismissToast, type Toast, toast, useToasts } from "../../lib/toast";

const DEFAULT_DURATION = 6000;

function ToastItem({ t, flash = false }: { t: Toast; flash?: boolean }) {
  const { i18n } = useLingui();
  // A toast often carries the server's message: in the page's language when the catalogue knows it.
  const message = useMessage();
  useEffect(() => {
    const ms = t.duration ?? DEFAULT_DURATION;
    if (flash || !t.open || !Number.isFinite(ms)) return;
    const timer = setTimeout(() => dismissToast(t.id), ms);
    return () => clearTimeout(timer);
  }, [t.id, t.open, t.duration, flash]);

  return (
    <div
      role={t.variant === "destructive" ? "alert" : "status"}
      data-variant={t.variant ?? "default"}
      className={cn(
        "pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg",
        flash && "flash-static",
        t.variant === "destructive"
          ? "border-red-700 bg-red-700 text-white"
          : "border-slate-200 bg-white text-slate-900",
      )}
    >
      <div className="min-w-0 flex-1">
        {t.title ? <p className="font-semibold">{message(t.title)}</p> : null}
        {t.description ? <p className="mt-0.5 text-sm opacity-90">{message(t.description)}</p> : null}
      </div>
      {t.link ? (
        <Link
          to={t.link.href}
          className="min-h-9 shrink-0 self-center rounded-md border border-current px-3 py-1.5 text-sm font-semibold"
          onClick={() => dismissToast(t.id)}
        >
          {message(t.link.label)}
        </Link>
      ) : null}
      {t.action ? (
        <button
          type="button"
          className="min-h-9 rounded-md border border-current px-3 text-sm font-semibold"
          onClick={() => {
            t.action?.onClick();
            dismissToast(t.id);
          }}
        >
          {t.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label={i18n._("Dismiss notification")}
        className="-m-1 h-8 w-8 shrink-0 rounded-md text-lg leading-none opacity-80 hover:opacity-100"
        onClick={() => dismissToast(t.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

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
