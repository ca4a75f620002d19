import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import { LOW_STOCK } from "../../../contracts/admin-products";
import type { AdminProductRow } from "../../../contracts/answers/staff-catalog";
import { imageUrl } from "../../../contracts/images";
import type { useFormat, useLingui } from "../../i18n";
import { useMediaBase } from "../../lib/root-data";

/** The page's language for cells drawn outside a component: its messages and its number formats. */
export type CellWords = { i18n: ReturnType<typeof useLingui>["i18n"] } & ReturnType<typeof useFormat>;

function RowImage({ image }: { image: string }) {
  return (
    <img
      src={imageUrl(useMediaBase(), image, 160)}
      alt=""
      width={32}
      height={48}
      className="h-12 w-8 shrink-0 rounded object-cover"
    />
  );
}

/**
 * The columns every product list of the back office starts from; `editPath` links a row to its
 * form. Headings are English messages (the data table shows them in the page's language).
 */
export function productColumns(
  editPath: (row: AdminProductRow) => string,
  { i18n, taka, number, date }: CellWords,
): ColumnDef<AdminProductRow>[] {
  return [
    {
      id: "title",
      header: /*i18n*/ "Title",
      meta: { sort: "title", cardTitle: true },
      cell: ({ row: { original: p } }) => (
        <div className="flex min-w-48 items-start gap-2">
          {p.image ? (
            <RowImage image={p.image} />
          ) : (
            <span aria-hidden="true" className="h-12 w-8 shrink-0 rounded bg-slate-200" />
          )}
          <span>
            <Link to={editPath(p)} className="font-medium text-brand-800 hover:underline">
              {p.title}
            </Link>
            {p.titleBn ? <span className="block text-slate-600">{p.titleBn}</span> : null}
            {p.authors ? <span className="block text-xs text-slate-600">{p.authors}</span> : null}
          </span>
        </div>
      ),
    },
    {
      id: "price",
      header: /*i18n*/ "Price",
      meta: { sort: "price", numeric: true },
      cell: ({ row: { original: p } }) =>
        p.salePrice !== null ? (
          <span className="whitespace-nowrap">
            {taka(p.salePrice)} <s className="text-slate-500">{taka(p.price)}</s>
          </span>
        ) : (
          <span className="whitespace-nowrap">{taka(p.price)}</span>
        ),
    },
    {
      id: "stock",
      header: /*i18n*/ "Stock",
      meta: { sort: "stock", numeric: true },
      cell: ({ row: { original: p } }) => (
        <>
          {p.stock === null ? (
            <span className="text-slate-500">—</span>
          ) : p.stock <= LOW_STOCK ? (
            <span className="font-medium text-red-800">
              {p.stock === 0 ? i18n._("Out") : i18n._("{count} (low)", { count: number(p.stock) })}
            </span>
          ) : (
            number(p.stock)
          )}
          {p.waiting > 0 ? (
            <span className="block text-xs whitespace-nowrap text-brand-800" data-testid="waiting-units">
              {i18n._("{count} waiting", { count: number(p.waiting) })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: "published",
      header: /*i18n*/ "Shop",
      cell: ({ row: { original: p } }) =>
        p.published ? (
          <span className="rounded bg-emerald-50 px-2 py-0.5 text-emerald-900">{i18n._("Published")}</span>
        ) : (
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">{i18n._("Draft")}</span>
        ),
    },
    {
      id: "soldCount",
      header: /*i18n*/ "Sold",
      meta: { sort: "soldCount", numeric: true },
      cell: ({ row: { original: p } }) => number(p.soldCount),
    },
    {
      id: "updatedAt",
      header: /*i18n*/ "Updated",
      meta: { sort: "updatedAt" },
      cell: ({ row: { original: p } }) => <span className="whitespace-nowrap">{date(p.updatedAt)}</span>,
    },
  ];
}
