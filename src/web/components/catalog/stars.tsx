import { Star } from "lucide-react";
import { useFormat, useLingui } from "../../i18n";

/** Five stars filled to `value` (0–5), with the number for screen readers. */
export function Stars({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const rounded = Math.round(value * 2) / 2;
  const { i18n } = useLingui();
  const { decimal } = useFormat();
  return (
    <span
      className="inline-flex items-center"
      role="img"
      aria-label={label ?? i18n._("Rated {rating} out of 5", { rating: decimal(rounded, 1, 0) })}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          width={size}
          height={size}
          className={
            i <= Math.round(value) ? "fill-amber-500 text-amber-600" : "fill-slate-200 text-slate-400"
          }
        />
      ))}
    </span>
  );
}
