import {
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { cn } from "../../lib/cn";

const control =
  "block min-h-11 w-full rounded-md border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700";

type Common = { label: string; error?: string; hint?: string };

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

export function TextField({
  label,
  error,
  hint,
  className,
  ref,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const msg = `${id}-msg`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? msg : undefined}
        className={cn(control, error ? "border-red-600" : "border-slate-300")}
        {...props}
      />
      <Message id={msg} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  placeholder,
  ref,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly string[];
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  }) {
  const id = useId();
  const msg = `${id}-msg`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? msg : undefined}
        className={cn(control, error ? "border-red-600" : "border-slate-300")}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Message id={msg} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ref,
  ...props
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  const msg = `${id}-msg`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? msg : undefined}
        className={cn(control, "py-2.5", error ? "border-red-600" : "border-slate-300")}
        {...props}
      />
      <Message id={msg} error={error} hint={hint} />
    </div>
  );
}

/** A message about the whole form (the server's answer), read out when it appears. */
export function FormMessage({ children, tone = "error" }: { children?: string; tone?: "error" | "success" }) {
  if (!children) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md px-3 py-2 text-sm",
        tone === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900",
      )}
    >
      {children}
    </p>
  );
}
