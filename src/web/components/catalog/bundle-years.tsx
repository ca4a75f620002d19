import { Link } from "react-router";
import { HSC_BATCHES } from "../../../contracts/messages";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/** The HSC years of the batches students sign up with ("HSC 2025" → 2025). */
const YEARS = HSC_BATCHES.flatMap((b) => (/^HSC (\d{4})$/.exec(b) ? [Number(b.slice(4))] : []));

/** Links to all bundles and to the bundles of each HSC batch year. */
export function BundleYearLinks({ current }: { current?: number }) {
  const { i18n } = useLingui();
  const { year } = useFormat();
  const chip = (active: boolean) =>
    cn(
      "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap",
      active
        ? "border-brand-700 bg-brand-700 text-white"
        : "border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800",
    );
  return (
    <nav aria-label={i18n._("Bundles by HSC year")} className="mb-5">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link
            to="/bundle"
            aria-current={current === undefined ? "page" : undefined}
            className={chip(current === undefined)}
          >
            {i18n._("All bundles")}
          </Link>
        </li>
        {YEARS.map((y) => (
          <li key={y}>
            <Link
              to={`/bundles/${y}`}
              aria-current={y === current ? "page" : undefined}
              className={chip(y === current)}
            >
              {i18n._("HSC {year}", { year: year(y) })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
