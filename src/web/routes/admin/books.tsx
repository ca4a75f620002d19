import { Link, useLocation } from "react-router";
import { TRACK_INFO, TRACKS } from "../../../contracts/catalog";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useFormat, useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/books";
import { loadProductList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Books") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request, "books");
}

const YES_NO = [
  { value: "true", label: /*i18n*/ "Yes" },
  { value: "false", label: /*i18n*/ "No" },
];
const thisYear = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => thisYear - 2 + i);
const editPath = (p: { id: number }) => `/admin/books/${p.id}`;

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { year } = useFormat();
  const { page, query, error } = loaderData;
  const { search } = useLocation();
  const yesNo = YES_NO.map((o) => ({ value: o.value, label: i18n._(o.label) }));
  const years = YEARS.map((y) => ({ value: String(y), label: year(y) }));
  return (
    <div>
      <PageHeading title={i18n._("Books")}>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/books/create" className={buttonClass("primary")}>
            {i18n._("Add book")}
          </Link>
          <Link to="/admin/books/import" className={buttonClass("secondary")}>
            {i18n._("Import CSV")}
          </Link>
          <a href={`/api/admin/books/export.csv${search}`} className={buttonClass("secondary")} download>
            {i18n._("Export CSV")}
          </a>
        </div>
      </PageHeading>
      <ProductList
        area="books"
        label={i18n._("Books")}
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel={i18n._("Search title, Bangla title, ISBN or author")}
        emptyMessage={i18n._("No book matches this view.")}
        filters={
          <>
            <FilterSelect
              name="kind"
              label={i18n._("Kind")}
              options={[
                { value: "book", label: i18n._("Printed") },
                { value: "ebook", label: i18n._("E-book") },
              ]}
            />
            <FilterSelect
              name="track"
              label={i18n._("Track")}
              options={TRACKS.map((t) => ({ value: t, label: i18n._(TRACK_INFO[t].name) }))}
            />
            <FilterSelect name="hscYear" label={i18n._("HSC year")} options={years} />
            <FilterSelect name="published" label={i18n._("Published")} options={yesNo} />
            <FilterSelect name="inStock" label={i18n._("In stock")} options={yesNo} />
            <FilterSelect name="lowStock" label={i18n._("Low stock")} options={yesNo} />
            <FilterSelect name="waiting" label={i18n._("Pre-orders waiting")} options={yesNo} />
          </>
        }
      />
    </div>
  );
}
