import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import type { AdminProductRow } from "../../../contracts/answers/staff-catalog";
import { useFormat, useLingui } from "../../i18n";
import { buttonClass } from "../ui/button";
import { FilterSelect } from "./data-table";
import type { CellWords } from "./product-columns";
import { ProductList } from "./product-list";

const editPath = (p: { id: number }) => `/admin/books/${p.id}`;

const ebookColumns = ({ i18n, number }: CellWords): ColumnDef<AdminProductRow>[] => [
  {
    id: "pdf",
    header: /*i18n*/ "PDF",
    cell: ({ row: { original: p } }) =>
      p.ebook?.pdf ? (
        <Link to={`/admin/books/${p.id}/pages`} className="whitespace-nowrap text-brand-800 hover:underline">
          {p.ebook.pageCount === 1
            ? i18n._("1 page")
            : i18n._("{count} pages", { count: number(p.ebook.pageCount) })}
        </Link>
      ) : (
        <Link
          to={`/admin/books/${p.id}/pages`}
          className="font-medium whitespace-nowrap text-red-800 hover:underline"
        >
          {i18n._("Missing")}
        </Link>
      ),
  },
  {
    id: "demo",
    header: /*i18n*/ "Preview pages",
    meta: { numeric: true },
    cell: ({ row: { original: p } }) => (
      <Link to={`/admin/books/${p.id}/demo`} className="text-brand-800 hover:underline">
        {number(p.ebook?.demoPages ?? 0)}
      </Link>
    ),
  },
  {
    id: "owners",
    header: /*i18n*/ "Owners",
    meta: { numeric: true },
    cell: ({ row: { original: p } }) => number(p.ebook?.owners ?? 0),
  },
];

/**
 * The e-books alone (the books list with its kind fixed): the PDF's state, the free preview pages
 * and how many customers own each, linking to the pages and preview pickers.
 */
export function EBookList({
  page,
  sort,
  error,
}: {
  page: AdminPage<AdminProductRow>;
  sort: string;
  error?: string;
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the formats change only with format.locale
  const columns = useMemo(() => ebookColumns({ i18n, ...format }), [i18n, format.locale]);
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/admin/books/create?kind=ebook" className={buttonClass("primary")}>
          {i18n._("Add e-book")}
        </Link>
        <Link to="/admin/books?kind=ebook" className={buttonClass("secondary")}>
          {i18n._("In the books list")}
        </Link>
      </div>
      <ProductList
        area="books"
        label={i18n._("E-books")}
        page={page}
        sort={sort}
        error={error}
        editPath={editPath}
        extraColumns={columns}
        searchLabel={i18n._("Search title, Bangla title or author")}
        emptyMessage={i18n._("No e-book matches this view.")}
        filters={
          <FilterSelect
            name="published"
            label={i18n._("Published")}
            options={[
              { value: "true", label: i18n._("Yes") },
              { value: "false", label: i18n._("No") },
            ]}
          />
        }
      />
    </>
  );
}
