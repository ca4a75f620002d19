import { Link } from "react-router";
import { FilterSelect } from "../../components/admin/data-table";
import { ProductList } from "../../components/admin/product-list";
import { PageHeading } from "../../components/page-heading";
import { buttonClass } from "../../components/ui/button";
import { useLingui } from "../../i18n";
import { pageTitle } from "../../lib/meta";
import type { Route } from "./+types/content-list";
import { loadProductList } from "./books.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, /*i18n*/ "Content") }];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(context, request, "content");
}

const editPath = (p: { id: number }) => `/admin/content/${p.id}`;

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { page, query, error } = loaderData;
  return (
    <div>
      <PageHeading title={i18n._("Content")}>
        <Link to="/admin/content/create" className={buttonClass("primary")}>
          {i18n._("Add course")}
        </Link>
      </PageHeading>
      <ProductList
        area="content"
        label={i18n._("Content")}
        page={page}
        sort={query?.sort ?? "-updatedAt"}
        error={error}
        editPath={editPath}
        searchLabel={i18n._("Search course titles")}
        emptyMessage={i18n._("No course matches this view.")}
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
    </div>
  );
}
