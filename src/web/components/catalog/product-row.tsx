import { ChevronRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ProductCard as Card } from "../../../contracts/catalog";
import { useLingui } from "../../i18n";
import { ProductCard } from "./product-card";

const ROW_SIZES = "(min-width: 640px) 176px, 144px";

/** A titled shelf of cards that scrolls sideways, with a link to the whole list. */
export function ProductRow({
  title,
  items,
  seeAll,
  eager = false,
}: {
  title: string;
  items: Card[];
  /** The full list; without it the row has no "See all" link. */
  seeAll?: string;
  /** The row is at the top of the page: its first covers load at once. */
  eager?: boolean;
}) {
  const headingId = useId();
  const { i18n } = useLingui();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex items-end justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {seeAll ? (
          <Link
            to={seeAll}
            className="inline-flex min-h-11 shrink-0 items-center gap-0.5 rounded-md px-2 text-sm font-semibold text-brand-800 hover:underline"
          >
            {i18n._("See all")}
            <span className="sr-only"> {title.toLowerCase()}</span>
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        ) : null}
      </div>
      <ul className="relative -mx-3 flex snap-x scroll-px-3 gap-3 overflow-x-auto overscroll-x-contain px-3 pb-3 sm:mx-0 sm:scroll-px-0 sm:px-0">
        {items.map((card, i) => (
          <li key={card.id} className="w-36 shrink-0 snap-start sm:w-44">
            <ProductCard card={card} sizes={ROW_SIZES} eager={eager && i < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}
