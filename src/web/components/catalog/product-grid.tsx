import type { ReactNode } from "react";
import type { ProductCard as Card } from "../../../contracts/catalog";
import { cn } from "../../lib/cn";
import { ProductCard } from "./product-card";

/** Cards in rows: 2 on a phone, more as the screen widens. The first row loads at once. */
export function ProductGrid({
  items,
  labels,
  empty,
  className,
}: {
  items: Card[];
  /** A line above each card's title, by product id. */
  labels?: Record<number, string>;
  empty?: ReactNode;
  className?: string;
}) {
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-5 text-center sm:p-8">{empty}</div>
    );
  }
  return (
    <ul className={cn("grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4", className)}>
      {items.map((card, i) => (
        <li key={card.id}>
          {/* The first row on a phone (two cards) is the page's largest paint. */}
          <ProductCard card={card} priority={i < 2} label={labels?.[card.id]} />
        </li>
      ))}
    </ul>
  );
}

/** The grid's place while its cards load: grey cards of the same size, hidden from screen readers. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul
      aria-hidden="true"
      data-testid="grid-skeleton"
      className="grid animate-pulse grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={i} className="p-1">
          <div className="aspect-[2/3] w-full rounded-md bg-slate-200" />
          <div className="mt-3 h-4 w-5/6 rounded bg-slate-200" />
          <div className="mt-2 h-4 w-1/2 rounded bg-slate-200" />
          <div className="mt-3 h-5 w-1/3 rounded bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}

/** A whole list page while it loads: a heading, the filters' place and the grid. */
export function ListingSkeleton() {
  return (
    <div data-testid="listing-skeleton" aria-hidden="true">
      <div className="mb-6 h-8 w-48 animate-pulse rounded bg-slate-200" />
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
        <div className="mb-4 h-11 animate-pulse rounded-lg bg-slate-100 lg:h-80" />
        <ProductGridSkeleton />
      </div>
    </div>
  );
}
