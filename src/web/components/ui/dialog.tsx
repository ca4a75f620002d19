import { Dialog as D } from "radix-ui";
import type { ReactNode } from "react";
import { useLingui } from "../../i18n";

/** A modal dialog (Radix): focus trapped, Escape and outside clicks call onOpenChange(false). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Shows the close button. */
  dismissible?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <D.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none"
          // Without a description Radix must not point at one.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <D.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {dismissible ? (
            <D.Close
              className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label={i18n._("Close")}
            >
              <span aria-hidden="true" className="text-xl leading-none">
                ×
              </span>
            </D.Close>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
