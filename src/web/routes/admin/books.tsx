import { Link, useLocation } from "react-router";
import { TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/books";
import { loadProductList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Books") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request, "books");
}

const YES_NO = [
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => String(thisYear - 2 + i)).map((y) => ({
  value: y,
  label: y,
}));
const editPath = (p: { id: number }) => `/admin/books/${p.id}`;

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { page, query, error } = loaderData;
  const { search } = useLocation();
  return (
    <div>
      <PageHeading title="Books">
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/books/create" className={buttonClass("primary")}>
            Add book
          </Link>
          <Link to="/admin/books/import" className={buttonClass("secondary")}>
            Import CSV
          </Link>
          <a href={`/api/admin/books/export.csv${search}`} className={buttonClass("secondary")} download>
            Export CSV
          </a>
        </div>
      </PageHeading>
      <ProductList
        area="books"
        label="Books"
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel="Search title, Bangla title, ISBN or author"
        emptyMessage="No book matches this view."
        filters={
          <>
            <FilterSelect
              name="kind"
              label="Kind"
              options={[
                { value: "book", label: "Printed" },
                { value: "ebook", label: "E-book" },
              ]}
            />
            <FilterSelect
              name="track"
              label="Track"
              options={TRACKS.map((t) => ({ value: t, label: TRACK_INFO[t].name }))}
            />
            <FilterSelect name="hscYear" label="HSC year" options={YEARS} />
            <FilterSelect name="published" label="Published" options={YES_NO} />
            <FilterSelect name="inStock" label="In stock" options={YES_NO} />
            <FilterSelect name="lowStock" label="Low stock" options={YES_NO} />
          </>
        }
      />
    </div>
  );
}
