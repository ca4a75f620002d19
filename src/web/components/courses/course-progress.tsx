import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/** "3 of 6 done" with a bar: a course's chapters marked done. */
export function CourseProgressLine({
  doneCount,
  total,
  title,
  className,
}: {
  doneCount: number;
  total: number;
  /** The course's title, naming the bar for screen readers. */
  title: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const { number } = useFormat();
  const percent = total > 0 ? Math.round((Math.min(doneCount, total) / total) * 100) : 0;
  return (
    <div className={cn("mt-2", className)}>
      <p className="text-sm text-slate-800">
        {i18n._("{done} of {total} done", { done: number(doneCount), total: number(total) })}
      </p>
      <div
        role="progressbar"
        aria-label={i18n._("Chapters done of {title}", { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 max-w-xs overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
