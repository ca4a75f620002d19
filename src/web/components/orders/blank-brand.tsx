import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useRootData } from "../../lib/root-data";

/** The shop's name at the top of a page without the shop's header (payment results, invoices). */
export function BlankBrand({ className }: { className?: string }) {
  const { shopName } = useRootData();
  return (
    <div className={cn("mb-6 flex justify-center", className)}>
      <Link to="/" className="text-xl font-bold tracking-tight text-brand-800">
        {shopName}
      </Link>
    </div>
  );
}
