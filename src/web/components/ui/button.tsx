import type { ButtonHTMLAttributes } from "react";
import { LOADING_TEXT } from "../../../contracts/messages";
import { useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  destructive: "bg-red-700 text-white hover:bg-red-800",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  /** While true the button is disabled and reads the shop's loading text, "Please wait...". */
  loading?: boolean;
};

export function buttonClass(variant: keyof typeof variants = "primary", className?: string) {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 text-sm font-semibold",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed",
    variants[variant],
    className,
  );
}

export function Button({
  variant = "primary",
  loading = false,
  className,
  children,
  disabled,
  type,
  ...props
}: ButtonProps) {
  const { i18n } = useLingui();
  return (
    <button
      type={type ?? "button"}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? i18n._(LOADING_TEXT) : children}
    </button>
  );
}
