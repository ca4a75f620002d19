import { useEffect } from "react";
import { Link } from "react-router";
import { useLingui, useMessage } from "../../i18n";
import { cn } from "../../lib/cn";
import { dismissToast, type Toast } from "../../lib/toast";

const DEFAULT_DURATION = 6000;

/** One toast (toaster.tsx), closing by itself after its duration unless it is a form's message. */
export function ToastItem({ t, flash = false }: { t: Toast; flash?: boolean }) {
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
