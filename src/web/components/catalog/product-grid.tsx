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
          <ProductCard card={card} eager={i < 2} label={labels?.[card.id]} />
        </li>
      ))}
    </ul>
  );
}
