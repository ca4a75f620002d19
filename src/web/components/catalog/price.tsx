import { percentOff as percentOffOf, shownSalePrice } from "../../../contracts/money";
import { useFormat, useLingui } from "../../i18n";
import { cn } from "../../lib/cn";

/** A price in poisha; on sale, the sale price first and the regular one struck through. */
export function Price({
  price,
  salePrice,
  size = "sm",
  className,
}: {
  price: number;
  salePrice: number | null;
  size?: "sm" | "lg";
  className?: string;
}) {
  const big = size === "lg";
  const { i18n } = useLingui();
  const { taka } = useFormat();
  const sale = shownSalePrice({ price, salePrice });
  if (sale === null) {
    return (
      <span className={cn("font-bold text-slate-900", big ? "text-2xl" : "text-base", className)}>
        {taka(price)}
      </span>
    );
  }
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-2", className)}>
      <span className={cn("font-bold text-red-700", big ? "text-2xl" : "text-base")}>
        <span className="sr-only">{i18n._("Sale price")} </span>
        {taka(sale)}
      </span>
      <s className={cn("text-slate-700", big ? "text-lg" : "text-sm")}>
        <span className="sr-only">{i18n._("Regular price")} </span>
        {taka(price)}
      </s>
    </span>
  );
}

/** "Save ৳X" of a product on sale; nothing otherwise. */
export function Saving({ price, salePrice }: { price: number; salePrice: number | null }) {
  const sale = shownSalePrice({ price, salePrice });
  const { i18n } = useLingui();
  const { taka } = useFormat();
  if (sale === null) return null;
  return (
    <span className="rounded bg-red-50 px-2 py-0.5 text-sm font-semibold text-red-800">
      {i18n._("Save {amount}", { amount: taka(price - sale) })}
    </span>
  );
}

/** The discount as a whole percentage, for a card's badge. */
export function percentOff(price: number, salePrice: number | null): number {
  return percentOffOf({ price, salePrice });
}
