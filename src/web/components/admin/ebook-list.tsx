import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router";
import type { AdminPage } from "../../../contracts/admin";
import type { AdminProductRow } from "../../../contracts/admin-answers";
import { buttonClass } from "../ui/button";
import { FilterSelect } from "./data-table";
import { ProductList } from "./product-list";

const editPath = (p: { id: number }) => `/admin/books/${p.id}`;

const columns: ColumnDef<AdminProductRow>[] = [
  {
    id: "pdf",
    header: "PDF",
    cell: ({ row: { original: p } }) =>
      p.ebook?.pdf ? (
        <Link to={`/admin/books/${p.id}/pages`} className="whitespace-nowrap text-brand-800 hover:underline">
          {p.ebook.pageCount} {p.ebook.pageCount === 1 ? "page" : "pages"}
        </Link>
      ) : (
        <Link
          to={`/admin/books/${p.id}/pages`}
          className="font-medium whitespace-nowrap text-red-800 hover:underline"
        >
          Missing
        </Link>
      ),
  },
  {
    id: "demo",
    header: "Preview pages",
    meta: { numeric: true },
    cell: ({ row: { original: p } }) => (
      <Link to={`/admin/books/${p.id}/demo`} className="text-brand-800 hover:underline">
        {p.ebook?.demoPages ?? 0}
      </Link>
    ),
  },
  {
    id: "owners",
    header: "Owners",
    meta: { numeric: true },
    cell: ({ row: { original: p } }) => p.ebook?.owners ?? 0,
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
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to="/admin/books/create?kind=ebook" className={buttonClass("primary")}>
          Add e-book
        </Link>
        <Link to="/admin/books?kind=ebook" className={buttonClass("secondary")}>
          In the books list
        </Link>
      </div>
      <ProductList
        area="books"
        label="E-books"
        page={page}
        sort={sort}
        error={error}
        editPath={editPath}
        extraColumns={columns}
        searchLabel="Search title, Bangla title or author"
        emptyMessage="No e-book matches this view."
        filters={
          <FilterSelect
            name="published"
            label="Published"
            options={[
              { value: "true", label: "Yes" },
              { value: "false", label: "No" },
            ]}
          />
        }
      />
    </>
  );
}
