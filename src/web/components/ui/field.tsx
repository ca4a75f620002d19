import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { useMessage } from "../../i18n";
import { cn } from "../../lib/cn";

const control =
  "block min-h-11 w-full rounded-md border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-brand-700";

type Common = { label: string; error?: string; hint?: string };

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  // A schema's or the server's message, in the page's language when the catalogue knows it.
  const message = useMessage();
  if (error) {
    return (
      <p id={id} className="mt-1 text-sm text-red-700">
        {message(error)}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

/**
 * The label, the message and the ARIA wiring every field shares; `control` draws the input with
 * the props that tie it to them.
 */
function Field({
  label,
  error,
  hint,
  className,
  control: draw,
}: Common & {
  className?: string;
  control: (wiring: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    border: string;
  }) => ReactNode;
}) {
  const id = useId();
  const msg = `${id}-msg`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {draw({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? msg : undefined,
        border: error ? "border-red-600" : "border-slate-300",
      })}
      <Message id={msg} error={error} hint={hint} />
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ref,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={({ border, ...wiring }) => (
        <input ref={ref} {...wiring} className={cn(control, border)} {...props} />
      )}
    />
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  options,
  optionLabel,
  placeholder,
  ref,
  ...props
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly string[];
    /** What a person reads for a value (the value itself when absent). */
    optionLabel?: (value: string) => string;
    placeholder?: string;
    ref?: Ref<HTMLSelectElement>;
  }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={({ border, ...wiring }) => (
        <select ref={ref} {...wiring} className={cn(control, border)} {...props}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel ? optionLabel(o) : o}
            </option>
          ))}
        </select>
      )}
    />
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
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={({ border, ...wiring }) => (
        <textarea ref={ref} rows={3} {...wiring} className={cn(control, "py-2.5", border)} {...props} />
      )}
    />
  );
}

/** A message about the whole form (the server's answer), read out when it appears. */
export function FormMessage({ children, tone = "error" }: { children?: string; tone?: "error" | "success" }) {
  const message = useMessage();
  if (!children) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md px-3 py-2 text-sm",
        tone === "error" ? "bg-red-50 text-red-800" : "bg-emerald-50 text-emerald-900",
      )}
    >
      {message(children)}
    </p>
  );
}
